import type { Span } from "./text.js";

/**
 * Which words spelling is judged on. A dictionary does not know a student's names for people and places ("Novak",
 * "Atticus"), acronyms ("HVAC"), or the pieces of an address, e-mail or file name ("www", "py"); called slips, they
 * were "corrected" in the feedback ("correct 'Novak' to 'Nova'") and counted against the grade.
 */

/**
 * A web address, an e-mail address, or a run with a path, an underscore or a file extension: not prose. Each run
 * between spaces is tested on its own with anchored patterns: unanchored over the whole text, the patterns
 * backtracked from every character of a long run without spaces (a 40,000-character paste took 2 s).
 */
const addressOrFile = /^(?:[("'“‘[]*)(?:(?:https?:\/\/|www\.).*|[^@]+@[^@]+\.[^@]+|.*[\\/_].*|.+\.(?:py|js|ts|java|c|cpp|html?|css|txt|docx?|pdf|csv|xlsx?|png|jpe?g|gif|com|org|net|edu|gov)\b.*)$/i;
/** Only runs holding one of these characters can be an address or a file name; most words are skipped at once. */
const addressMark = /[./_@\\]/;
/**
 * A formula's run ("ln(k)", "v^2", "x=3", "CO2", "x1"), a measure ("10cm", "2.5kg"), an ordinal or a decade ("12th",
 * "1990s"), a name joined by a hyphen ("Alka-Seltzer") or a prefix ("pre-game"); text-speak ("gr8", "2day") is still judged. Plain tests,
 * each linear in the run.
 */
const measure = /^\d+(?:\.\d+)?(?:mm|cm|m|km|mg|g|kg|ml|l|s|ms|min|h|hr|hrs|°c|°f|n|j|kj|w|kw|v|hz|pa|kpa|mol|mph|kph)$/i;
/** Every kind above holds a digit, "=", "^", "(" or a hyphen: a run with none (most words) is none of them. */
const formulaOrNameMark = /[\d=^(-]/;
function isFormulaOrName(run: string): boolean {
  if (!formulaOrNameMark.test(run)) return false;
  const word = run.replace(/^[("'“‘[]+/, "").replace(/[)"'”’.,;:!?\]]+$/, "");
  if (/[=^]|\p{L}\(/u.test(word) || /^\d+(?:st|nd|rd|th|s)$/i.test(word) || measure.test(word)) return true;
  if (/\p{L}\d|\d\p{L}/u.test(word) && (/\p{Lu}/u.test(word) || /^\p{L}\d+$/u.test(word))) return true;
  return /^\p{Lu}\p{Ll}+-\p{Lu}/u.test(word) || hyphenedPrefix.test(word);
}
/** A prefix a hyphen joins to its word ("pre-game", "non-stop"): no dictionary lists "pre" alone, and it is no slip. */
const hyphenedPrefix = /^(?:pre|post|anti|non|co|re|un|semi|multi|mid|ex|sub|inter|mini|micro|mega|super)-\p{L}/iu;
/** A citation's "et al.": Latin, not the student's English. */
const citation = /\bet\.? al\.?/g;
/** A dropped g marked by its apostrophe ("lookin'", "nothin’"): a voice written on purpose, not a slip. */
const droppedG = /^[("'“‘[]*\p{L}+in['’][)"'”’.,;:!?\]]*$/u;

/** What of a text spelling is judged on, worked out once per text. */
export interface SpellingScope {
  text: string;
  /** Addresses, file names, formulas, hyphenated names, dropped g's and citations: not judged for spelling. */
  outside: Array<{ start: number; end: number }>;
  /** Written in capitals throughout: its capitals mark no names or acronyms, so every word is judged. */
  isAllCaps: boolean;
  /**
   * Words the text capitalises inside a sentence somewhere, lower-cased: names, so the same word opening a sentence
   * ("Kenzie") or written small elsewhere ("kenzie", a capital's slip, not spelling's) is not a spelling slip either.
   */
  names: ReadonlySet<string>;
}

export function spellingScopeOf(text: string): SpellingScope {
  const outside: SpellingScope["outside"] = [];
  for (const run of text.matchAll(/\S+/g)) {
    const isOutside = (addressMark.test(run[0]) && addressOrFile.test(run[0])) || isFormulaOrName(run[0]) || droppedG.test(run[0]);
    if (isOutside) outside.push({ start: run.index, end: run.index + run[0].length });
  }
  for (const words of text.matchAll(citation)) outside.push({ start: words.index, end: words.index + words[0].length });
  const isAllCaps = isInCapitals(text);
  const names = new Set<string>();
  if (!isAllCaps) for (const word of text.matchAll(capitalised)) if (!startsSentence(text, word.index)) names.add(word[0].toLowerCase());
  return { text, outside, isAllCaps, names };
}

/** A word with a capital first and small letters after, standing alone. */
const capitalised = /(?<![\p{L}'’])\p{Lu}\p{Ll}+(?![\p{L}])/gu;

/**
 * Written in capitals: more than `allCapsShare` of at least 20 letters are capitals. Counted by character code (it
 * runs on every essay the grader reads); letters beyond ASCII are asked of their case.
 */
export function isInCapitals(text: string): boolean {
  let letters = 0;
  let capitals = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) {
      letters++;
      capitals++;
    } else if (code >= 97 && code <= 122) {
      letters++;
    } else if (code > 127) {
      const char = text[i]!;
      const upper = char.toUpperCase();
      if (upper === char.toLowerCase()) continue;
      letters++;
      if (char === upper) capitals++;
    }
  }
  return letters >= 20 && capitals / letters > allCapsShare;
}

/** Past this share of capital letters a text is written in capitals (a heading or two stay well under it). */
export const allCapsShare = 0.6;

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
 * sentence (a name) nor that word elsewhere, not a brand's mixed case ("iPods", "YouTube"), unless the whole text is in
 * capitals, and not inside an address or file name.
 */
export function isJudgedForSpelling(scope: SpellingScope, word: Span): boolean {
  if (!scope.isAllCaps && (/^\p{Lu}{2,}$/u.test(word.text) || /\p{Ll}\p{Lu}/u.test(word.text) || scope.names.has(word.text.toLowerCase()))) return false;
  if (!scope.isAllCaps && /^\p{Lu}/u.test(word.text) && !startsSentence(scope.text, word.start)) return false;
  return !scope.outside.some((span) => word.start >= span.start && word.end <= span.end);
}
