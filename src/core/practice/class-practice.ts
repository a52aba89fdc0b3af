import { classifyCriterion, conventionsFocus, type CriterionKind } from "../grading/criterion-kind.js";
import { essayBodyOf } from "../grading/essay-body.js";
import { findWords } from "../grading/text.js";
import type { SpellChecker } from "../grading/spelling.js";
import { tagText, type TaggedSentence } from "../language/tag-text.js";
import { anonymise, replaceNames } from "./anonymise.js";
import { minGradedEssays } from "./class-minimum.js";
import { evidencePassage } from "./evidence-passage.js";
import { countWords, wordOverlap } from "./normalise.js";
import { seededRandom, type Random } from "./random.js";
import { findSentenceErrors, type ErrorKind, type SentenceError } from "./sentence-errors.js";
import type { Flashcard, FixTheSentenceItem, MultipleChoiceItem, QuizItem } from "./types.js";
import { keepValid, validateFlashcard, validateQuizItem } from "./validate.js";

export interface ClassPracticeCriterion {
  id: string;
  name: string;
  maxPoints: number;
  /** The rubric's levels; `points` is what an essay at that level scores. */
  levels: { label: string; points: number; description: string }[];
}

export interface ClassPracticeEssay {
  text: string;
  studentName?: string;
  /** Overall grade as a fraction of the scale; null when the essay is not graded yet. */
  overallFraction: number | null;
  criteria: { criterionId: string; points: number }[];
  /** The teacher reviewed this grade (accepted it after reading, or edited it); false for the grader's alone. */
  reviewed?: boolean;
  /** Per criterion id, the passages of the essay its grade quoted as evidence (verbatim, as the grader read them). */
  evidence?: Readonly<Record<string, readonly string[]>>;
}

export interface ClassPracticeInput {
  criteria: ClassPracticeCriterion[];
  essays: ClassPracticeEssay[];
  seed: number;
  /** Everyone in the class (class list and submissions): a passage that names a classmate does not say who. */
  classNames?: readonly string[];
  /** The grader's dictionary: without one there are no spelling items, and fewer names are recognised. */
  spellChecker?: SpellChecker;
}

export interface WeakCriterion {
  id: string;
  name: string;
  meanFraction: number;
}

export interface ClassPracticeResult {
  weakest: WeakCriterion[];
  quiz: QuizItem[];
  deck: Flashcard[];
  problem?: { code: "not-enough-graded"; message: string };
}

export { minGradedEssays };
/** No passage long enough to tell who wrote it. */
export const maxPassageWords = 40;
const weakestCount = 2;
const itemsPerCriterion = 6;
const openingQuestion = "Which opening states its main idea more clearly?";

interface Scored {
  essay: ClassPracticeEssay;
  fraction: number;
  points: number;
}

const clampFraction = (value: number) => Math.min(1, Math.max(0, value));

function scoresOn(criterion: ClassPracticeCriterion, graded: ClassPracticeEssay[]): Scored[] {
  if (!(criterion.maxPoints > 0)) return [];
  return graded.flatMap((essay) => {
    const score = essay.criteria.find((c) => c.criterionId === criterion.id);
    return score && Number.isFinite(score.points) ? [{ essay, points: score.points, fraction: clampFraction(score.points / criterion.maxPoints) }] : [];
  });
}

/** The criteria with the lowest mean share of their points over the graded essays, weakest first. */
function weakestCriteria(criteria: ClassPracticeCriterion[], graded: ClassPracticeEssay[]): WeakCriterion[] {
  return criteria
    .map((c, order) => ({ c, order, scores: scoresOn(c, graded) }))
    .filter((entry) => entry.scores.length > 0)
    .map((entry) => ({ ...entry, mean: entry.scores.reduce((sum, s) => sum + s.fraction, 0) / entry.scores.length }))
    .sort((a, b) => a.mean - b.mean || a.order - b.order)
    .slice(0, weakestCount)
    .map((entry) => ({ id: entry.c.id, name: entry.c.name, meanFraction: Math.round(entry.mean * 1000) / 1000 }));
}

/** The essay's first sentence, with the next when it is short; undefined when that is too long to quote safely. */
function openingOf(text: string): string | undefined {
  const sentences = tagText(text.slice(0, 2000)).sentences;
  let opening = "";
  for (const s of sentences) {
    const next = opening ? `${opening} ${s.text}` : s.text;
    if (countWords(next) > maxPassageWords) break;
    opening = next;
    if (countWords(opening) >= 8) break;
  }
  return countWords(opening) >= 5 ? opening : undefined;
}

/** Which of the grader's findings practise which kind of criterion; content and organisation have none. */
const errorKindsFor: Partial<Record<CriterionKind, ErrorKind[]>> = {
  conventions: ["spelling", "capitals", "comma-splice", "run-on"],
  fluency: ["run-on", "comma-splice"],
  language: ["spelling"],
  overall: ["spelling", "capitals", "comma-splice", "run-on"],
};

/** A rubric that scores spelling apart from grammar practises each slip under the criterion whose evidence it is. */
function errorKindsOf(kind: CriterionKind, name: string): ErrorKind[] {
  const kinds = errorKindsFor[kind] ?? [];
  if (kind !== "conventions") return kinds;
  const focus = conventionsFocus(name);
  return focus === "all" ? kinds : kinds.filter((k) => (k === "spelling") === (focus === "spelling"));
}

/** Criteria whose openings are worth comparing even though slips practise them too. */
const asksForIdeas = new Set<CriterionKind>(["overall", "language"]);

interface Context {
  input: ClassPracticeInput;
  random: Random;
  errorsOf: (essay: ClassPracticeEssay) => SentenceError[];
  sentencesOf: (essay: ClassPracticeEssay) => TaggedSentence[];
}

function anonymised(context: Context, essay: ClassPracticeEssay, text: string) {
  const { classNames = [], spellChecker } = context.input;
  return anonymise(text, { names: essay.studentName ? [essay.studentName] : [], classNames, ...(spellChecker ? { spellChecker } : {}) });
}

/**
 * Fix-the-sentence items from real slips drawn from across the class in the seed's order, never the lowest scorers
 * first: a classmate's sentence in the quiz must say nothing about how their paper scored.
 */
function fixItems(context: Context, criterion: ClassPracticeCriterion, kinds: ErrorKind[], scored: Scored[]): FixTheSentenceItem[] {
  const items: FixTheSentenceItem[] = [];
  for (const { essay } of context.random.shuffle(scored)) {
    // One slip per essay first, so the items show the class, not one student.
    const error = context.errorsOf(essay).find((e) => e.kinds.every((k) => kinds.includes(k)) && countWords(e.original) <= maxPassageWords);
    if (!error) continue;
    const original = anonymised(context, essay, error.original);
    items.push({
      kind: "fix-the-sentence",
      prompt: error.prompt,
      original: original.text,
      answer: replaceNames(error.answer, original.replaced),
      explanation: replaceNames(error.explanation, original.replaced),
      source: { text: original.text, origin: "class", criterion: criterion.name },
    });
  }
  return items;
}

/**
 * Openings that only announce a topic, written for the app: the weaker option of an opening question. A classmate's
 * opening there would tell the class whose paper scored lower, which no anonymising undoes (the rule decision 020's
 * addendum set for flashcards).
 */
const vagueOpenings = [
  "In this essay I am going to write about this topic.",
  "There are many things to say about this and people think different things.",
  "This is something that a lot of people talk about these days.",
  "I will tell you some things about this topic in my essay.",
];

/** An opening shown as the clearer one scores over half the criterion's points (levels would not do: a rubric may have one). */
const upperHalf = 0.5;

/**
 * "Which opening states its main idea more clearly?": the opening of an essay in the upper half of the criterion
 * against a vague opening no student wrote. The key is the teacher's judgement, so only grades they reviewed are used
 * when the class says which those are (an audit found keys the grader's unread scores had made wrong).
 */
function openingItems(context: Context, criterion: ClassPracticeCriterion, scored: Scored[]): MultipleChoiceItem[] {
  const knowsReviews = scored.some((s) => s.essay.reviewed !== undefined);
  const upper = (knowsReviews ? scored.filter((s) => s.essay.reviewed) : scored).filter((s) => s.fraction > upperHalf);
  return [...upper]
    .sort((a, b) => b.fraction - a.fraction)
    .flatMap((s) => {
      const opening = openingOf(s.essay.text);
      if (!opening) return [];
      const clear = anonymised(context, s.essay, opening).text;
      const options = context.random.shuffle([clear, vagueOpenings[context.random.below(vagueOpenings.length)]!]);
      return [{
        kind: "multiple-choice" as const,
        prompt: openingQuestion,
        options,
        answerIndex: options.indexOf(clear),
        explanation: "This opening says what the writer thinks; the other only says there is something to write about.",
        source: { text: clear, origin: "class" as const, criterion: criterion.name },
      }];
    });
}

/**
 * The sentence that holds the essay's evidence for a criterion: where the grade's quotation stands in the text, so a
 * card on Conventions shows a sentence the grade read for conventions, not whichever sentence the essay opens with.
 * A grade quotes what holds a paper back as well as what works, so a passage with a slip is no example of an upper
 * level: the next piece of evidence is tried.
 */
function evidenceOf(context: Context, essay: ClassPracticeEssay, criterion: ClassPracticeCriterion): string | undefined {
  for (const quote of essay.evidence?.[criterion.id] ?? []) {
    const passage = evidencePassage(essay.text, context.sentencesOf(essay), quote, maxPassageWords);
    if (passage && !hasSlip(context, essay, passage)) return passage.text;
  }
  return undefined;
}

/** A sentence the grader would correct, or a lower-case word the dictionary does not know (capitalised ones may be names). */
function hasSlip(context: Context, essay: ClassPracticeEssay, passage: { text: string; start: number; end: number }): boolean {
  const { spellChecker } = context.input;
  if (!spellChecker) return false;
  if (context.errorsOf(essay).some((e) => e.start < passage.end && e.end > passage.start)) return true;
  return findWords(passage.text).some((word) => !/^\p{Lu}/u.test(word.text) && !spellChecker.correct(word.text));
}

/** The level an essay's points fall in: the level whose points are nearest, the higher on a tie (5 of 6 is not "Level 2"). */
function levelOf(criterion: ClassPracticeCriterion, points: number): number {
  let best = -1;
  criterion.levels.forEach((level, i) => {
    if (best < 0 || Math.abs(level.points - points) <= Math.abs(criterion.levels[best]!.points - points)) best = i;
  });
  return best;
}

/** The upper half of a criterion's levels: the only ones a classmate's passage may stand for. */
const isUpperLevel = (criterion: ClassPracticeCriterion, index: number) => index >= criterion.levels.length / 2;

/**
 * One card per level: its descriptor, and for the upper levels the sentence of an essay at that level that its grade
 * quoted as evidence for the criterion (no evidence, no example). A lower level gets no classmate's example: "Level 1,
 * from the class" beside a sentence the class recognises tells whose work was graded low, which no anonymising undoes.
 */
function levelCards(context: Context, criterion: ClassPracticeCriterion, scored: Scored[]): Flashcard[] {
  return criterion.levels.map((level, index) => {
    const atLevel = isUpperLevel(criterion, index) ? context.random.shuffle(scored.filter((s) => levelOf(criterion, s.points) === index)) : [];
    let example: string | undefined;
    for (const { essay } of atLevel) {
      const passage = evidenceOf(context, essay, criterion);
      if (passage) {
        example = anonymised(context, essay, passage).text;
        break;
      }
    }
    const description = level.description.trim() || `${level.points} of ${criterion.maxPoints} points.`;
    // A card with no passage of the class's is the rubric's: it says nothing "from the class's writing".
    return {
      front: `${criterion.name}: ${level.label}`,
      back: example ? `${description}\n\nExample from the class: “${example}”` : description,
      ...(example ? { source: { text: example, origin: "class" as const, criterion: criterion.name } } : {}),
    };
  });
}

/**
 * Practice for a graded class set: a quiz and a deck aimed at the two criteria the class scored lowest on, built from
 * anonymised passages of the class's own essays.
 */
export function classPractice(input: ClassPracticeInput): ClassPracticeResult {
  // Practice is made from the paper's body: a heading, a title or a works-cited list is not the student's writing (decision 024).
  const graded = input.essays.filter((e) => e.overallFraction !== null && Number.isFinite(e.overallFraction)).map((e) => ({ ...e, text: essayBodyOf(e.text) }));
  if (graded.length < minGradedEssays) {
    const verb = graded.length === 1 ? "is" : "are";
    return { weakest: [], quiz: [], deck: [], problem: { code: "not-enough-graded", message: `Grade at least ${minGradedEssays} essays to make practice for this class: ${graded.length} ${verb} graded.` } };
  }
  const weakest = weakestCriteria(input.criteria, graded);
  if (weakest.length === 0) {
    return { weakest, quiz: [], deck: [], problem: { code: "not-enough-graded", message: "None of the graded essays has criterion scores yet: grade them on the rubric's criteria, then make practice." } };
  }
  const errors = new Map<ClassPracticeEssay, SentenceError[]>();
  const sentences = new Map<ClassPracticeEssay, TaggedSentence[]>();
  const context: Context = {
    input,
    random: seededRandom(input.seed),
    errorsOf: (essay) => {
      if (!input.spellChecker) return [];
      if (!errors.has(essay)) errors.set(essay, findSentenceErrors(essay.text, input.spellChecker));
      return errors.get(essay)!;
    },
    sentencesOf: (essay) => {
      if (!sentences.has(essay)) sentences.set(essay, tagText(essay.text).sentences);
      return sentences.get(essay)!;
    },
  };
  const quiz: QuizItem[] = [];
  const deck: Flashcard[] = [];
  for (const weak of weakest) {
    const criterion = input.criteria.find((c) => c.id === weak.id)!;
    const scored = scoresOn(criterion, graded);
    const kind = classifyCriterion(criterion.name, criterion.levels.map((l) => l.description));
    const kinds = errorKindsOf(kind, criterion.name);
    const fixes = kinds.length ? fixItems(context, criterion, kinds, scored) : [];
    // How clearly an opening states its idea says nothing about spelling or sentence joins.
    const openings = kinds.length && !asksForIdeas.has(kind) ? [] : openingItems(context, criterion, scored);
    // A conventions criterion is practised on the class's slips first; any other on its openings first.
    const ordered: QuizItem[] = kinds.length ? [...fixes, ...openings] : [...openings, ...fixes];
    quiz.push(...keepValid(ordered, validateQuizItem).slice(0, itemsPerCriterion));
    deck.push(...levelCards(context, criterion, scored));
  }
  return { weakest, quiz: withoutNearCopies(keepValid(quiz, validateQuizItem)), deck: keepValid(deck, validateFlashcard) };
}

/** Past this share of shared words, two passages are one (two students' copied essays): the quiz asks it once. */
const nearCopyOverlap = 0.8;

function withoutNearCopies(items: QuizItem[]): QuizItem[] {
  const kept: QuizItem[] = [];
  for (const item of items) {
    const text = item.source?.text ?? "";
    if (!kept.some((other) => item.kind === other.kind && wordOverlap(text, other.source?.text ?? "") >= nearCopyOverlap)) kept.push(item);
  }
  return kept;
}
