import { workNoun } from "../assignment-context.js";
import { conventionsFocus, type CriterionKind } from "../criterion-kind.js";
import type { GradingSettings } from "../types.js";
import type { EssayFacts } from "./essay-facts.js";
import { phraseFinding, phraseOpening, type AspectRanking, type FeedbackSentence } from "./phrasing.js";
import { readConventions, type SpellingSuggester } from "./read-conventions.js";
import { readContent } from "./read-content.js";
import { asksForCounterargument, readCounterargument } from "./read-counterargument.js";
import { readOrganization } from "./read-organization.js";
import { readSentences } from "./read-sentences.js";
import { readWordChoice } from "./read-word-choice.js";
import { reserve, topicsOf, type AspectReading } from "./reading.js";

/** What the feedback comments on: a rubric criterion, or one of the engine's aspects when the rubric is holistic. */
export interface FeedbackAspect {
  label: string;
  kind: CriterionKind;
  /** 0-1: where the score sits on its scale. */
  fraction: number;
  criterionId?: string;
  score?: { score: number; max: number };
}

export type ScoreBand = "low" | "middle" | "high";

/** Bottom third, middle, top third of the scale: what the words may say about a score. */
export function bandOf(fraction: number): ScoreBand {
  return fraction <= 1 / 3 + 1e-9 ? "low" : fraction >= 2 / 3 - 1e-9 ? "high" : "middle";
}

export interface FeedbackSection {
  aspect: FeedbackAspect;
  band: ScoreBand;
  heading: string;
  sentences: FeedbackSentence[];
}

export interface FeedbackDocument {
  opening?: FeedbackSentence;
  sections: FeedbackSection[];
  text: string;
  /** Every aspect's reading, in the order of the aspects given, shown or not. */
  readings: AspectReading[];
}

/**
 * `occurrence` counts earlier aspects read the same way, so a second criterion of one kind finds something else to
 * say. A content criterion on the other side of the argument has a reader of its own (read-counterargument.ts).
 */
export function readAspect(aspect: Pick<FeedbackAspect, "kind" | "label">, facts: EssayFacts, suggest?: SpellingSuggester, occurrence = 0): AspectReading {
  if (aspect.kind === "content" && asksForCounterargument(aspect.label)) return readCounterargument(facts);
  switch (aspect.kind) {
    case "conventions":
      return readConventions(facts, suggest, conventionsFocus(aspect.label));
    case "fluency":
      return readSentences(facts);
    case "language":
      return readWordChoice(facts);
    case "organization":
      return readOrganization(facts);
    case "content":
    case "overall":
      return readContent(facts, occurrence);
  }
}

/** One aspect's sentences before selection: each already phrased in the teacher's tone. */
export interface PhrasedAspect {
  aspect: FeedbackAspect;
  strength?: FeedbackSentence;
  problem?: FeedbackSentence;
  step?: FeedbackSentence;
}

/**
 * Which sentences the student sees, the same for the built-in grader and a model. A score in the bottom third is
 * never praised; one in the top third gets its strength and a way to go further, and hears its problem only in
 * detailed feedback and only beside a strength, so it is never mostly criticised.
 */
function sentencesFor(phrased: PhrasedAspect, band: ScoreBand, settings: GradingSettings): FeedbackSentence[] {
  const strength = band !== "low" && phrased.strength ? [phrased.strength] : [];
  const showProblem = phrased.problem && (band !== "high" || (settings.feedbackLength === "detailed" && strength.length > 0));
  const concerns = [...(showProblem ? [phrased.problem!] : []), ...(phrased.step ? [phrased.step] : [])];
  return settings.strengthsFirst ? [...strength, ...concerns] : [...concerns, ...strength];
}

function headingOf(aspect: FeedbackAspect): string {
  return aspect.score ? `${aspect.label} (${aspect.score.score}/${aspect.score.max})` : aspect.label;
}

export type AssembledFeedback = Omit<FeedbackDocument, "readings">;

/**
 * Puts phrased aspects together by length: short gives the weakest aspect's fix and the strongest aspect's strength;
 * standard and detailed every aspect under its heading, after an opening.
 */
export function assembleFeedback(phrased: PhrasedAspect[], settings: GradingSettings, opening: (ranking?: AspectRanking) => FeedbackSentence | undefined): AssembledFeedback {
  const ranked = phrased.map((p, i) => ({ aspect: p.aspect, i })).sort((a, b) => b.aspect.fraction - a.aspect.fraction || a.i - b.i);
  const isShort = settings.feedbackLength === "short";
  const strongest = ranked[0]!.i;
  const weakest = ranked.at(-1)!.i;
  const shown = isShort ? [...new Set([weakest, strongest])] : phrased.map((_, i) => i);
  // Two criteria read the same way (Content and Prompt Adherence) can find only the same thing in a short answer:
  // a sentence is said once, and a section with nothing new points to the one that said it.
  const saidUnder = new Map<string, string>();
  const sections = shown
    .map((i): FeedbackSection => {
      const { aspect } = phrased[i]!;
      const band = bandOf(aspect.fraction);
      const all = sentencesFor(phrased[i]!, band, settings);
      const chosen = !isShort ? all : i === strongest && i !== weakest ? all.filter((x) => x.role === "strength").slice(0, 1) : all.filter((x) => x.role !== "strength");
      const fresh = chosen.filter((x) => !saidUnder.has(x.text));
      for (const x of fresh) saidUnder.set(x.text, aspect.label);
      const earlier = chosen.length && !fresh.length ? saidUnder.get(chosen[0]!.text) : undefined;
      const sentences = earlier ? [{ role: "step" as const, text: `The comment under ‘${earlier}’ applies here too.`, quotes: [] }] : fresh;
      return { aspect, band, heading: headingOf(aspect), sentences };
    })
    .filter((section) => section.sentences.length > 0);
  // Short feedback lists the weakest aspect first; strengths-first puts the strongest one before it.
  const ordered = isShort && settings.strengthsFirst ? [...sections].reverse() : sections;
  const isTied = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const top = ranked[0]!.aspect.fraction;
  const bottom = ranked.at(-1)!.aspect.fraction;
  const labelsAt = (fraction: number) => ranked.filter((x) => isTied(x.aspect.fraction, fraction)).map((x) => x.aspect.label);
  // One aspect has no strongest or weakest part, nor "the same level on every part": its section says it all.
  const first = isShort || phrased.length === 1 ? undefined : opening(isTied(top, bottom) ? undefined : { strongest: labelsAt(top), weakest: labelsAt(bottom) });
  const blocks = ordered.map((x) => `${x.heading}\n${x.sentences.map((y) => y.text).join(" ")}`);
  return { ...(first ? { opening: first } : {}), sections: ordered, text: [first?.text, ...blocks].filter(Boolean).join("\n\n") };
}

export function emptyFeedback(settings: GradingSettings): AssembledFeedback {
  return { sections: [], text: settings.tone === "direct" ? "No text was submitted." : "There is no writing here yet to give feedback on." };
}

/** Texts with no writing to comment on: mostly not English words, or words that do not make sentences. */
export type NotProse = "not-words" | "not-sentences";

/**
 * For a text mostly of words no English dictionary knows (another language, or not an answer), comments on its
 * spelling would list every foreign word as a slip ("Spelling slips such as 'Creo', 'que'"); for a list of words with
 * no sentences, comments praised "An exact word, 'thigh'" and quoted the list as a point stated clearly. There are none.
 */
export function notProseFeedback(settings: GradingSettings, kind: NotProse): AssembledFeedback {
  const direct = settings.tone === "direct";
  const text =
    kind === "not-words"
      ? direct
        ? "Mostly not English words: no comments on the writing."
        : "Most of the words here are not English words, so there are no comments on the writing itself."
      : direct
        ? "The words do not form sentences: no comments on the writing."
        : "The words here do not form sentences, so there are no comments on the writing itself.";
  return { sections: [], text };
}

/**
 * Writes feedback from this student's text and scores. Each aspect is read once: the same findings for every tone
 * and length, and no two aspects quote the same sentence when another can be found.
 */
export function composeFeedback(facts: EssayFacts, aspects: FeedbackAspect[], settings: GradingSettings, suggest?: SpellingSuggester): FeedbackDocument {
  if (facts.wordCount === 0 || facts.sentences.length === 0) return { ...emptyFeedback(settings), readings: [] };
  const working: EssayFacts = { ...facts, avoid: new Set<number>() };
  const readerOf = (kind: CriterionKind) => (kind === "overall" ? "content" : kind);
  const readings = aspects.map((aspect, i) => {
    const occurrence = aspects.slice(0, i).filter((a) => readerOf(a.kind) === readerOf(aspect.kind)).length;
    const reading = readAspect(aspect, working, suggest, occurrence);
    for (const finding of [reading.strength, reading.problem, reading.step]) reserve(working, finding);
    return reading;
  });
  const { tone } = settings;
  const phrased = readings.map((reading, i): PhrasedAspect => {
    const band = bandOf(aspects[i]!.fraction);
    return {
      aspect: aspects[i]!,
      ...(reading.strength ? { strength: phraseFinding(tone, "strength", reading.strength) } : {}),
      ...(reading.problem ? { problem: phraseFinding(tone, "problem", reading.problem) } : {}),
      step: phraseFinding(tone, reading.problem || band !== "high" ? "step" : "stretch", reading.step),
    };
  });
  const assembled = assembleFeedback(phrased, settings, (ranking) => phraseOpening(tone, topicsOf(facts, 2), ranking, workNoun[facts.genre]));
  return { ...assembled, readings };
}
