import type { CriterionKind } from "./criterion-kind.js";
import type { TextAnalysis } from "./features.js";
import { observe, type Observation } from "./feedback-observations.js";
import { hashString } from "./text.js";
import type { CriterionScore, FeedbackTone, GradingRubricCriterion, GradingSettings } from "./types.js";

export interface FeedbackInput {
  text: string;
  analysis: TextAnalysis;
  settings: GradingSettings;
  criteria: Array<{ criterion: GradingRubricCriterion; kind: CriterionKind; score: CriterionScore }>;
  /** The engine's estimate per kind of criterion, used to find strengths when the rubric has a single criterion. */
  kindFractions: Record<CriterionKind, number>;
  overallFraction: number;
}

interface Aspect {
  label: string;
  kind: CriterionKind;
  fraction: number;
  score?: CriterionScore;
  observation: Observation;
}

const aspectLabels: Record<Exclude<CriterionKind, "overall">, string> = {
  content: "Ideas and content",
  organization: "Organization",
  language: "Word choice",
  fluency: "Sentence fluency",
  conventions: "Conventions",
};

function fractionOf(s: CriterionScore): number {
  return s.max > s.min ? (s.score - s.min) / (s.max - s.min) : 0;
}

/** The aspects the feedback talks about: the rubric's criteria, or the engine's own view when the rubric is holistic. */
function aspectsFor(input: FeedbackInput): Aspect[] {
  const specific = input.criteria.filter((c) => c.kind !== "overall");
  if (specific.length >= 2) {
    return input.criteria.map((c) => ({
      label: c.criterion.name,
      kind: c.kind,
      fraction: fractionOf(c.score),
      score: c.score,
      observation: observe(c.kind, input.text, input.analysis),
    }));
  }
  return (["content", "organization", "language", "conventions"] as const).map((kind) => ({
    label: aspectLabels[kind],
    kind,
    fraction: input.kindFractions[kind],
    observation: observe(kind, input.text, input.analysis),
  }));
}

function pick<T>(options: readonly T[], seed: number): T {
  return options[seed % options.length]!;
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function opening(tone: FeedbackTone, fraction: number, words: number, seed: number): string {
  const band = fraction >= 0.7 ? "high" : fraction >= 0.4 ? "mid" : "low";
  const lines: Record<FeedbackTone, Record<typeof band, readonly string[]>> = {
    gentle: {
      high: [`What a thoughtful piece of writing; your ${words} words show real care.`, `You should be proud of this one.`],
      mid: [`You have built a solid base in these ${words} words, and a few changes will lift it further.`, `There is a lot here to build on.`],
      low: [`Thank you for your effort on this; let's build on what you started.`, `You have made a start, and there is a clear way to grow from here.`],
    },
    neutral: {
      high: [`This is a strong response that meets most of the rubric.`, `The essay meets the expectations of the task well.`],
      mid: [`This response meets some of the rubric's expectations and misses others.`, `The essay is partly developed.`],
      low: [`This response does not yet meet most of the rubric's expectations.`, `The essay is at an early stage.`],
    },
    direct: {
      high: [`Strong work.`, `This meets the standard.`],
      mid: [`Partly there.`, `Not yet at the top level.`],
      low: [`This is below the standard.`, `Much of the task is still missing.`],
    },
  };
  return pick(lines[tone][band], seed);
}

function strengthSentence(tone: FeedbackTone, a: Aspect, seed: number): string {
  const s = a.observation.strength;
  switch (tone) {
    case "gentle":
      return `${pick(["I really liked this:", "Something you do well:", "Well done here:"], seed)} ${lowerFirst(s)}`;
    case "neutral":
      return s;
    case "direct":
      return `${a.label} works: ${lowerFirst(s)}`;
  }
}

function concernSentences(tone: FeedbackTone, a: Aspect, seed: number): string {
  const { concern, action } = a.observation;
  switch (tone) {
    case "gentle":
      return `${pick(["One thing to work on next:", "A next step for you:", "You are close here:"], seed)} ${lowerFirst(concern)} You could try this: ${lowerFirst(action)}`;
    case "neutral":
      return `${concern} Next step: ${lowerFirst(action)}`;
    case "direct":
      return `${a.label}: ${lowerFirst(concern)} ${action}`;
  }
}

function closing(tone: FeedbackTone, seed: number): string | undefined {
  if (tone === "gentle") return pick(["Keep going; your effort shows.", "I look forward to your next draft.", "You are growing as a writer."], seed);
  if (tone === "neutral") return pick(["Use these points in your next draft.", "Revise with these points in mind."], seed);
  return undefined;
}

function detailedParagraph(tone: FeedbackTone, a: Aspect, isStrength: boolean, seed: number): string {
  const heading = a.score ? `${a.label} (${a.score.score}/${a.score.max}).` : `${a.label}.`;
  const quote = isStrength ? a.observation.strengthQuote : a.observation.concernQuote;
  const body = isStrength ? strengthSentence(tone, a, seed) : concernSentences(tone, a, seed);
  const evidence = quote && !body.includes(quote) ? ` Evidence: "${quote}".` : "";
  const next = isStrength ? ` ${tone === "direct" ? "Next:" : "To push it further:"} ${lowerFirst(a.observation.action)}` : "";
  return `${heading} ${body}${evidence}${next}`;
}

/**
 * Writes feedback from this student's scores and text. Short: one strength and one next step (2-3 sentences).
 * Standard: an opening, the two strongest and two weakest aspects. Detailed: every aspect with evidence and a next step.
 */
export function composeFeedback(input: FeedbackInput): string {
  const { settings, analysis } = input;
  const tone = settings.tone;
  const seed = hashString(input.text);
  const aspects = aspectsFor(input);
  const ranked = [...aspects].sort((x, y) => y.fraction - x.fraction || x.label.localeCompare(y.label));
  const best = ranked[0]!;
  const worst = ranked[ranked.length - 1]!;
  const order = <T>(strengths: T[], concerns: T[]): T[] =>
    settings.strengthsFirst ? [...strengths, ...concerns] : [...concerns, ...strengths];

  if (analysis.wordCount === 0) {
    return tone === "direct" ? "No text was submitted." : "There is no writing here yet to give feedback on.";
  }

  if (settings.feedbackLength === "short") {
    return order([strengthSentence(tone, best, seed)], [concernSentences(tone, worst, seed)]).join(" ");
  }

  if (settings.feedbackLength === "standard") {
    const strengthCount = Math.min(2, Math.max(1, Math.floor(ranked.length / 2)));
    const strengths = ranked.slice(0, strengthCount).map((a, i) => strengthSentence(tone, a, seed + i));
    const concerns = ranked
      .slice(strengthCount)
      .reverse()
      .slice(0, 2)
      .map((a, i) => concernSentences(tone, a, seed + i));
    const parts = [opening(tone, input.overallFraction, analysis.wordCount, seed), ...order(strengths, concerns)];
    const end = closing(tone, seed);
    return (end ? [...parts, end] : parts).join(" ");
  }

  const median = ranked[Math.floor((ranked.length - 1) / 2)]!.fraction;
  const strengths = ranked.filter((a) => a.fraction >= Math.max(median, 0.5) && a !== worst);
  const concerns = ranked.filter((a) => !strengths.includes(a)).reverse();
  if (strengths.length === 0) strengths.push(concerns.pop() ?? best);
  const paragraphs = [
    `${opening(tone, input.overallFraction, analysis.wordCount, seed)} ${analysis.wordCount} words, ${analysis.sentenceCount} sentences, ${analysis.paragraphCount} paragraph${analysis.paragraphCount === 1 ? "" : "s"}.`,
    ...order(
      strengths.map((a, i) => detailedParagraph(tone, a, true, seed + i)),
      concerns.map((a, i) => detailedParagraph(tone, a, false, seed + i)),
    ),
  ];
  const end = closing(tone, seed);
  return (end ? [...paragraphs, end] : paragraphs).join("\n\n");
}
