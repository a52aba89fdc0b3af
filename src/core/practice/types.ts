/**
 * Practice made from a source: quiz items and flashcards. Shared by the generators, the exports and the server, so
 * those parts never import each other. Every item is valid by construction (see validate.ts): an item that breaks a
 * rule is dropped, never shown.
 */

/** Where an item came from: the passage it was built on, so the teacher can check it. */
export interface SourcePassage {
  /** The passage as it appears in the source (anonymised when it comes from a student's work). */
  text: string;
  /** "source" for pasted text, a document or a topic; "class" for a passage of the class's own essays. */
  origin: "source" | "class";
  /** The rubric criterion the item practises, when it was made from a graded class set. */
  criterion?: string;
}

export interface MultipleChoiceItem {
  kind: "multiple-choice";
  /** The question; for "which is clearer" items, the question shown above the options. */
  prompt: string;
  /** 2 to 6 options, all different; the answer is among them exactly once. */
  options: string[];
  /** Index of the correct option in `options`. */
  answerIndex: number;
  /** Shown with the key after submission, when the teacher allows it. */
  explanation?: string;
  source?: SourcePassage;
}

export interface ClozeItem {
  kind: "cloze";
  /** The sentence with the answer replaced by the blank marker `_____` exactly once. */
  sentence: string;
  /** The words that fill the blank; they occur in the source sentence at that place. */
  answer: string;
  /** Other answers accepted (compared without case, surrounding spaces or final punctuation). */
  alsoAccepted?: string[];
  explanation?: string;
  source?: SourcePassage;
}

export interface FixTheSentenceItem {
  kind: "fix-the-sentence";
  /** The instruction, e.g. "Correct the spelling in this sentence." */
  prompt: string;
  /** The sentence with its error, as written. */
  original: string;
  /** The corrected sentence; differs from `original`. */
  answer: string;
  explanation?: string;
  source?: SourcePassage;
}

export type QuizItem = MultipleChoiceItem | ClozeItem | FixTheSentenceItem;
export type QuizItemKind = QuizItem["kind"];

export interface Flashcard {
  front: string;
  back: string;
  source?: SourcePassage;
}

/** The blank marker cloze sentences carry in place of their answer. */
export const clozeBlank = "_____";
