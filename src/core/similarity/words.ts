/** A word of the original text, normalised, with where it sits in that text (character offsets, end exclusive). */
export interface Word {
  word: string;
  start: number;
  end: number;
}

const CHUNK = /\S+/g;
const LEADING = /^[^\p{L}\p{N}]*/u;
const TRAILING = /[^\p{L}\p{N}]*$/u;
const STRIPPED = /[^\p{L}\p{N}]+/gu;

/**
 * Splits on whitespace, lower-cases and strips punctuation inside each chunk ("Don't," -> "dont"), so case and
 * punctuation edits do not hide a copied passage. Offsets point at the first and past the last kept character, so a
 * highlighted passage starts and ends on a word rather than on a quote mark.
 */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(CHUNK)) {
    const chunk = match[0];
    const word = chunk.replace(STRIPPED, "").toLowerCase();
    if (!word) continue;
    const lead = LEADING.exec(chunk)![0].length;
    const trail = TRAILING.exec(chunk)![0].length;
    words.push({ word, start: match.index + lead, end: match.index + chunk.length - trail });
  }
  return words;
}

/** The normalised text: lower-case words without punctuation, separated by single spaces. */
export function normaliseText(text: string): string {
  return wordsOf(text)
    .map((w) => w.word)
    .join(" ");
}
