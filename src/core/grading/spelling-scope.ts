import type { Span } from "./text.js";

/**
 * Which words spelling is judged on. A dictionary does not know a student's names for people and places ("Novak",
 * "Atticus"), acronyms ("HVAC"), or the pieces of an address, e-mail or file name ("www", "py"); called slips, they
 * were "corrected" in the feedback ("correct 'Novak' to 'Nova'") and counted against the grade.
 */

/** A web address, an e-mail address, or a run with a path, an underscore or a file extension: not prose. */
const notProse = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+|\S*[\\/_]\S*|\S+\.(?:py|js|ts|java|c|cpp|html?|css|txt|docx?|pdf|csv|xlsx?|png|jpe?g|gif|com|org|net|edu|gov)\b/gi;

export function spansOutsideProse(text: string): Array<{ start: number; end: number }> {
  return [...text.matchAll(notProse)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/**
 * Whether the text before `start` ends a sentence (or the text begins there): a capital there says nothing. A full
 * stop after a title or an initial ("Mrs. Novak", "J. K. Rowling") ends no sentence.
 */
function startsSentence(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /[\s"'“‘([]/.test(text[i]!)) {
    // A line's start, or a quotation's: 'She said, "Because ...' starts the quoted sentence.
    if (text[i] === "\n" || text[i] === "“" || (text[i] === '"' && (i === 0 || /[\s,:]/.test(text[i - 1]!)))) return true;
    i--;
  }
  if (i < 0) return true;
  if (text[i] === ".") return !/(?:^|[^\p{L}])(?:mr|mrs|ms|dr|st|mt|prof|sr|jr|vs|\p{L})$/iu.test(text.slice(Math.max(0, i - 6), i));
  return /[!?:;]/.test(text[i]!);
}

/**
 * True for a word spelling is judged on: not an acronym (two capitals or more), not a capitalised word inside a
 * sentence (a name), and not inside an address or file name (`outside`, from spansOutsideProse, in text order).
 */
export function isJudgedForSpelling(text: string, word: Span, outside: ReadonlyArray<{ start: number; end: number }>): boolean {
  if (/^\p{Lu}{2,}$/u.test(word.text)) return false;
  if (/^\p{Lu}/u.test(word.text) && !startsSentence(text, word.start)) return false;
  return !outside.some((span) => word.start >= span.start && word.end <= span.end);
}
