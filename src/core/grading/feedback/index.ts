import type { AssignmentContext } from "../assignment-context.js";
import type { CriterionKind } from "../criterion-kind.js";
import type { TextAnalysis } from "../features.js";
import type { CriterionScore, FeedbackParts, GradingRubricCriterion, GradingSettings } from "../types.js";
import { bandOf, composeFeedback, notProseFeedback, readAspect, type AssembledFeedback, type FeedbackAspect, type FeedbackDocument, type NotProse } from "./compose.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { endSentence, quote, renderFinding } from "./phrasing.js";
import { scoreLead } from "./level-words.js";
import type { SpellingSuggester } from "./read-conventions.js";

export { assembleFeedback, bandOf, composeFeedback, emptyFeedback, type AssembledFeedback, type FeedbackAspect, type FeedbackDocument, type FeedbackSection, type PhrasedAspect, } from "./compose.js";
export { checkModelComment, quotationsOf, type CheckedComment, type ModelComment } from "./model-comments.js";
export { frameStep, phraseOpening } from "./phrasing.js";
export { gatherEssayFacts, type EssayFacts } from "./essay-facts.js";
export type { FeedbackSentence } from "./phrasing.js";
export type { NotProse } from "./compose.js";
export { countQuoteWords, isQuotable, minQuoteWords } from "./passages.js";
export type { SpellingSuggester } from "./read-conventions.js";

export interface FeedbackInput {
  text: string;
  analysis: TextAnalysis;
  context: AssignmentContext;
  settings: GradingSettings;
  criteria: Array<{ criterion: GradingRubricCriterion; kind: CriterionKind; score: CriterionScore }>;
  /** The engine's estimate per kind, used for the aspects of a holistic rubric. */
  kindFractions: Record<CriterionKind, number>;
  suggest?: SpellingSuggester;
  /** The text was read from a scan or photo (see EssayFacts.readFromImage). */
  readFromImage?: boolean;
  /** Mostly words in no English dictionary, or words that make no sentences (the text checks): it gets no comments. */
  notProse?: NotProse;
}

/** The public shape of assembled feedback: what the API and the benchmarks read. */
export function toFeedbackParts(assembled: AssembledFeedback): FeedbackParts {
  const { opening, sections } = assembled;
  return {
    ...(opening ? { opening } : {}),
    sections: sections.map((s) => ({ label: s.aspect.label, ...(s.aspect.criterionId ? { criterionId: s.aspect.criterionId } : {}), band: s.band, heading: s.heading, sentences: s.sentences })),
  };
}

export interface WrittenFeedback {
  document: FeedbackDocument;
  /** Per criterion, for the teacher: why this score, and the passages that show it (verbatim). */
  criteria: Array<{ criterionId: string; rationale: string; quotes: string[] }>;
}

const engineAspects: Array<{ kind: CriterionKind; label: string }> = [
  { kind: "content", label: "Ideas and content" },
  { kind: "organization", label: "Organization" },
  { kind: "language", label: "Word choice" },
  { kind: "conventions", label: "Conventions" },
];

function fractionOf(s: CriterionScore): number {
  return s.max > s.min ? (s.score - s.min) / (s.max - s.min) : 0;
}

/**
 * The rubric's criteria are what the feedback comments on when any is specific: a rubric of "Ideas" alone is not
 * told its Organization and Conventions. A holistic rubric (only overall criteria) gets comments on the engine's four
 * aspects instead, from its estimates per kind, since its one score covers all of them.
 */
function aspectsFor(input: FeedbackInput): FeedbackAspect[] {
  if (input.criteria.some((c) => c.kind !== "overall")) {
    return input.criteria.map((c) => ({ label: c.criterion.name, kind: c.kind, fraction: fractionOf(c.score), criterionId: c.criterion.id, score: { score: c.score.score, max: c.score.max } }));
  }
  return engineAspects.map((a) => ({ ...a, fraction: input.kindFractions[a.kind] }));
}

export function writeFeedback(input: FeedbackInput): WrittenFeedback {
  const facts = { ...gatherEssayFacts(input.text, input.analysis, input.context), ...(input.readFromImage ? { readFromImage: true } : {}) };
  if (input.notProse) {
    const found = input.notProse === "not-words" ? "most of the text is not English words" : "the words do not form sentences";
    const criteria = input.criteria.map(({ criterion }) => ({ criterionId: criterion.id, rationale: `${criterion.name}: ${found}; read it before this grade counts.`, quotes: [] }));
    return { document: { ...notProseFeedback(input.settings, input.notProse), readings: [] }, criteria };
  }
  const aspects = aspectsFor(input);
  const document = composeFeedback(facts, aspects, input.settings, input.suggest);
  const criteria = input.criteria.map(({ criterion, kind, score }) => {
    if (facts.wordCount === 0 || facts.sentences.length === 0) return { criterionId: criterion.id, rationale: `${criterion.name}: there is no text to assess yet.`, quotes: [] };
    // The rationale rests on the same reading as the student's comment when the feedback is written per criterion.
    const shared = aspects.findIndex((a) => a.criterionId === criterion.id);
    const reading = document.readings[shared] ?? readAspect({ kind, label: criterion.name }, facts, input.suggest);
    const band = bandOf(fractionOf(score));
    const main = band === "low" ? (reading.problem ?? reading.step) : band === "high" ? (reading.strength ?? reading.step) : (reading.strength ?? reading.problem ?? reading.step);
    // A quotation that ends the student's sentence ends this one too: `See "...a diffrent.".` had two full stops.
    const evidence = main !== reading.step && !main.passage && reading.step.passage ? ` ${endSentence(`See ${quote(reading.step.passage.text)}`)}` : "";
    const rationale = `${scoreLead(criterion, score, band)}${renderFinding(main, main === reading.step ? "Next step: " : "").text}${evidence}`;
    const quotes = [reading.strength, reading.problem, reading.step].flatMap((f) => (f?.passage ? [f.passage.text] : []));
    return { criterionId: criterion.id, rationale, quotes: [...new Set(quotes)] };
  });
  return { document, criteria };
}
