import type { FeedbackTone } from "../types.js";
import { listWords, type Finding } from "./reading.js";

export type SentenceRole = "opening" | "strength" | "problem" | "step";

/** One sentence of feedback as the student reads it, with the passages of their text that it quotes. */
export interface FeedbackSentence {
  role: SentenceRole;
  text: string;
  quotes: string[];
}

/**
 * The tone changes the words around a finding, never the finding: the same passages are quoted and the same
 * problem is named whether the teacher asked for gentle, neutral or direct feedback.
 */
const frames: Record<FeedbackTone, { strength: string; problem: string; step: string; stretch: string }> = {
  gentle: { strength: "Well done: ", problem: "Something to work on: ", step: "A next step you could try: ", stretch: "If you want to take it further, " },
  neutral: { strength: "", problem: "", step: "Next step: ", stretch: "To go further, " },
  direct: { strength: "Works: ", problem: "Fix: ", step: "Do this: ", stretch: "Next: " },
};

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Straight double quotation marks, or curly ones when the passage itself holds straight ones (the student's dialogue).
 * A passage that is itself one quotation ("The greatest obstacle ... was nature itself.") keeps the student's marks
 * alone: wrapped again it read “"The greatest obstacle ..."”.
 */
export function quote(passage: string): string {
  if (/^["“][^"“”]+["”][.!?]?$/.test(passage)) return passage;
  return passage.includes('"') ? `“${passage}”` : `"${passage}"`;
}

/** Ends a sentence with a full stop unless a quotation at its end already closes it ("districts."” included). */
export function endSentence(sentence: string): string {
  return /[.!?]["”'’]*$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Fills `{q}` with the quotation in double quotation marks and ends the sentence cleanly. */
export function renderFinding(finding: Finding, prefix: string): { text: string; quotes: string[] } {
  // A function, not a string: "$&" or "$'" in a student's words must not be read as replacement patterns.
  const body = finding.passage ? finding.note.replace("{q}", () => quote(finding.passage!.text)) : finding.note;
  const sentence = prefix ? `${prefix}${body}` : capitalize(body);
  return { text: endSentence(sentence), quotes: finding.passage ? [finding.passage.text] : [] };
}

/** A next step someone else wrote (a model), introduced the way this tone introduces its own steps. */
export function frameStep(tone: FeedbackTone, step: FeedbackSentence): FeedbackSentence {
  const prefix = frames[tone].step;
  const isFramed = /^(?:next step|a next step|do this|next)\b/i.test(step.text);
  return isFramed || !prefix ? step : { ...step, text: `${prefix}${step.text.charAt(0).toLowerCase()}${step.text.slice(1)}` };
}

export function phraseFinding(tone: FeedbackTone, role: "strength" | "problem" | "step" | "stretch", finding: Finding): FeedbackSentence {
  const { text, quotes } = renderFinding(finding, frames[tone][role]);
  return { role: role === "stretch" ? "step" : role, text, quotes };
}

/** The parts of the rubric an essay does best and worst in; several when they tie. */
export interface AspectRanking {
  strongest: string[];
  weakest: string[];
}

/** More parts than this tied at one end are not listed: "strongest in Cohesion, Syntax, Vocabulary and Grammar" says little. */
const maxNamedTies = 3;

/** "is" after one named part, "are" after a list of tied ones. */
const beVerb = (names: string[]) => (names.length > 1 ? "are" : "is");

/** `ranking` is absent when every aspect scored alike. */
export function phraseOpening(tone: FeedbackTone, topics: string, ranking?: AspectRanking, noun = "essay"): FeedbackSentence {
  const on = topics ? ` on ${topics}` : "";
  const Noun = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  if (!ranking) {
    const text = { gentle: `Thank you for your ${noun}${on}; each part below has one thing to try next.`, neutral: `Your ${noun}${on} is at the same level on every part of the rubric.`, direct: `${Noun}${on}: same level on every part of the rubric.` }[tone];
    return { role: "opening", text, quotes: [] };
  }
  // A tie is said as one: naming one of four parts at the same score as "the strongest" would not be true.
  const best = ranking.strongest.length <= maxNamedTies ? listWords(ranking.strongest) : undefined;
  const worst = ranking.weakest.length <= maxNamedTies ? listWords(ranking.weakest) : undefined;
  const text =
    best && worst
      ? {
          gentle: `Thank you for your ${noun}${on}; ${best} ${beVerb(ranking.strongest)} where it works best, and ${worst} ${beVerb(ranking.weakest)} where it can grow most.`,
          neutral: `Your ${noun}${on} is strongest in ${best} and needs the most work in ${worst}.`,
          direct: `${Noun}${on}: strongest in ${best}, weakest in ${worst}.`,
        }[tone]
      : worst
        ? {
            gentle: `Thank you for your ${noun}${on}; most parts are at about the same level, and ${worst} ${beVerb(ranking.weakest)} where it can grow most.`,
            neutral: `Your ${noun}${on} is at about the same level on most parts of the rubric and needs the most work in ${worst}.`,
            direct: `${Noun}${on}: most parts about level, weakest in ${worst}.`,
          }[tone]
        : best
          ? {
              gentle: `Thank you for your ${noun}${on}; ${best} ${beVerb(ranking.strongest)} where it works best, and the other parts are at about the same level.`,
              neutral: `Your ${noun}${on} is strongest in ${best}, with the other parts of the rubric at about the same level.`,
              direct: `${Noun}${on}: strongest in ${best}, the other parts about level.`,
            }[tone]
          : { gentle: `Thank you for your ${noun}${on}; each part below has one thing to try next.`, neutral: `Your ${noun}${on}: each part below has one thing to try next.`, direct: `${Noun}${on}: one thing to try next in each part below.` }[tone];
  return { role: "opening", text, quotes: [] };
}
