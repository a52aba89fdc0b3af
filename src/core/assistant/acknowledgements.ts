/**
 * What the setup assistant says back about each fact it took in. The wording follows the value ("on the firm side"
 * for 80, "fairly forgiving" for 30), notes a change from an earlier answer, and varies between messages.
 */
import { findCoursePreset, rubricTemplateLabel } from "../setup/presets";
import { describeCriteria, describeLatePolicy, formatScore } from "./profile-text";
import { describeRubricProblem } from "./progress";
import type { SetupChatSample, SetupChatState } from "./setup-chat-state";
import { pickVariant } from "./text";
import type { LatePolicy, ProfileFacts } from "./types";

export type AppliedFact =
  | { field: Exclude<keyof ProfileFacts, "criteria" | "sample">; value: unknown; previous?: unknown; confidence: number }
  | { field: "criteria"; count: number; replaced: boolean }
  | { field: "sample"; sample: SetupChatSample; scaledFrom?: { score: number; maxScore: number } };

function strictnessBand(value: number): string {
  if (value <= 30) return "fairly forgiving";
  if (value < 45) return "a little gentler than neutral";
  if (value <= 55) return "right in the middle";
  if (value <= 75) return "on the firm side";
  return "demanding";
}

/** " (changed from 70)" when an earlier answer is replaced, so a correction is visibly taken. */
const withChange = (sentence: string, previous: unknown, unit = "") =>
  previous === undefined ? sentence : sentence.replace(/[.!](?=\s|$)|$/, (end) => ` (changed from ${String(previous)}${unit})${end || "."}`);

function acknowledgeValue(fact: Extract<AppliedFact, { value: unknown }>, state: SetupChatState, seed: string, message: string): string {
  const say = (options: string[]) => pickVariant(options, `${seed}:${fact.field}`);
  switch (fact.field) {
    case "name": {
      const name = String(fact.value);
      // "Ms. Ruiz" is said whole; "Dana Ruiz" by first name.
      const called = /^(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s/i.test(name) ? name : name.split(/\s+/)[0]!;
      return say([`Nice to meet you, ${called}!`, `Great to meet you, ${called}.`, `Hi ${called}, welcome!`]);
    }
    case "school":
      return say([`${String(fact.value)}, got it.`, `Noted: you teach at ${String(fact.value)}.`]);
    case "course":
      return state.profile.coursePreset ? "" : say([`${String(fact.value)}, lovely.`, `Got it: ${String(fact.value)}.`, `${String(fact.value)} it is.`]);
    case "coursePreset": {
      const preset = findCoursePreset(String(fact.value));
      if (!preset) return "";
      return say([
        `${state.profile.course ?? preset.label}: I have a preset for that (${preset.label}) with a ${preset.tone} tone, strictness ${preset.strictness} and a ${rubricTemplateLabel(preset.rubricTemplate)} rubric. I'll offer those as we go.`,
        `Good news: ${state.profile.course ?? preset.label} matches my ${preset.label} preset (${preset.tone} tone, strictness ${preset.strictness}, ${rubricTemplateLabel(preset.rubricTemplate)} rubric), so I'll suggest those along the way.`,
      ]);
    }
    case "tone": {
      const wording = {
        gentle: ["Gentle it is: encouraging, with criticism softened.", "A gentle tone, noted. Encouraging but still honest."],
        neutral: ["Neutral it is: clear and matter-of-fact.", "A neutral tone, noted."],
        direct: ["Direct it is: problems named plainly.", "A direct tone, noted. No sugar-coating."],
      }[fact.value as "gentle" | "neutral" | "direct"];
      return withChange(say(wording), fact.previous);
    }
    case "strictness": {
      const value = fact.value as number;
      if (fact.confidence < 0.7) return `I've put your strictness at ${value}, ${strictnessBand(value)}; give me a number if you'd like it different.`;
      return withChange(say([`Strictness ${value}: ${strictnessBand(value)}.`, `I've set strictness to ${value}, ${strictnessBand(value)}.`]), fact.previous);
    }
    case "feedbackLength": {
      const wording = {
        short: ["Short feedback: the main strength and the main concern.", "Short it is: two focused sentences per paper."],
        standard: ["Standard-length feedback: about a paragraph.", "Standard length it is."],
        detailed: ["Detailed feedback, noted: a paragraph per aspect.", "Detailed it is: thorough comments."],
      }[fact.value as "short" | "standard" | "detailed"];
      return withChange(say(wording), fact.previous);
    }
    case "grammarVsContent": {
      const grammar = fact.value as number;
      return withChange(say([`Grammar ${grammar}%, content ${100 - grammar}%.`, `So grammar and conventions count ${grammar}% and content ${100 - grammar}%.`]), fact.previous, "%");
    }
    case "gradingApproach":
      return fact.value === "holistic"
        ? say(["Holistic grading: one overall judgement.", "Holistic it is."])
        : say(["Points it is: each criterion scored and added up.", "Points per criterion, noted."]);
    case "latePolicy": {
      const policy = fact.value as LatePolicy;
      if (policy.type === "none") return say(["No late penalty, noted.", "Late work without a penalty, got it."]);
      const defaults: string[] = [];
      const says = (value: number) => new RegExp(`(?<![\\d.])${value}(?![\\d.])`).test(message);
      if (!says(policy.penaltyPerDay)) defaults.push(`${policy.penaltyPerDay} per day`);
      if (!says(policy.maxLateDays)) defaults.push(`${policy.maxLateDays} days at most`);
      const note = defaults.length ? ` I used the default${defaults.length > 1 ? "s" : ""} for ${defaults.join(" and ")}; tell me if you'd like other numbers.` : "";
      return `Late work: ${describeLatePolicy(policy)}.${note}`;
    }
    case "strengthsFirst":
      return fact.value ? say(["I'll lead with strengths.", "Strengths first, noted."]) : say(["I'll get straight to what needs work.", "No warm-up, then: concerns first."]);
    case "autoAcceptThreshold": {
      const value = fact.value as number;
      if (value >= 100) return "Nothing will be accepted automatically; you'll review every grade.";
      return say([`Grades with confidence above ${value}% will be accepted automatically; the rest wait for you.`, `Auto-accept above ${value}% confidence, noted.`]);
    }
  }
}

export function acknowledge(fact: AppliedFact, state: SetupChatState, seed: string, message: string): string {
  if (fact.field === "criteria") {
    const problem = describeRubricProblem(state);
    const summary = `${fact.replaced ? "Your rubric" : "Rubric so far"}: ${describeCriteria(state)}.`;
    return problem ? `${summary} ${problem}` : summary;
  }
  if (fact.field === "sample") {
    const scaled = fact.scaledFrom ? ` (your ${formatScore(fact.scaledFrom.score)}/${formatScore(fact.scaledFrom.maxScore)}, on the rubric's ${formatScore(fact.sample.outOf)}-point scale)` : "";
    return pickVariant([`Thanks, I've added that sample: ${formatScore(fact.sample.score)}/${formatScore(fact.sample.outOf)}${scaled}.`, `Sample saved with a score of ${formatScore(fact.sample.score)}/${formatScore(fact.sample.outOf)}${scaled}.`], seed);
  }
  return acknowledgeValue(fact, state, seed, message);
}
