import type { Span } from "./text.js";
import { copiedRunWords } from "./word-runs.js";

/**
 * What a quotation shows: the student's own writing, or evidence they chose, which may be the source's words (never
 * the prompt's: restating the question is not evidence).
 */
export type QuoteUse = "own" | "evidence";

/**
 * Which words of the student's text lie in a five-word run of the prompt, or of the prompt or source text. Marked once,
 * when the text is analysed, so each of the many passages the feedback weighs is checked by counting words. Most texts
 * borrow nothing and share one empty value, so a class's analyses carry no arrays for nothing.
 */
export interface BorrowedWords {
  /** Where each word starts in the text, in order (empty when nothing is borrowed). */
  starts: readonly number[];
  /** Per word: 1 if in a run of the prompt's or source's words, 2 more if in one of the prompt's. */
  flags: readonly number[];
}

const fromAssignment = 1;
const fromPrompt = 2;
const nothingBorrowed: BorrowedWords = Object.freeze({ starts: [], flags: [] });

/** `copiedRuns[i]` is the hash of the `copiedRunWords` words from word i (`runHashes`), as the analysis has them. */
export function markBorrowedWords(words: readonly Span[], copiedRuns: readonly number[], promptRuns: ReadonlySet<number>, assignmentRuns: ReadonlySet<number>): BorrowedWords {
  if (assignmentRuns.size === 0) return nothingBorrowed;
  let flags: number[] | undefined;
  copiedRuns.forEach((run, i) => {
    if (!assignmentRuns.has(run)) return;
    flags ??= new Array<number>(words.length).fill(0);
    const flag = fromAssignment | (promptRuns.has(run) ? fromPrompt : 0);
    for (let j = i; j < i + copiedRunWords; j++) flags[j]! |= flag;
  });
  return flags ? { starts: words.map((w) => w.start), flags } : nothingBorrowed;
}

/** Share of the words starting in [start, end) that are borrowed: from the prompt for evidence, from either otherwise. */
export function borrowedShareOf(marks: BorrowedWords, start: number, end: number, use: QuoteUse): number {
  if (marks.starts.length === 0) return 0;
  const flag = use === "own" ? fromAssignment : fromPrompt;
  let low = 0;
  let high = marks.starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (marks.starts[middle]! < start) low = middle + 1;
    else high = middle;
  }
  let words = 0;
  let borrowed = 0;
  for (let i = low; i < marks.starts.length && marks.starts[i]! < end; i++) {
    words++;
    if (marks.flags[i]! & flag) borrowed++;
  }
  return words ? borrowed / words : 0;
}
