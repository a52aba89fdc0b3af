import { countPlaceholders, countWords, findWords } from "../text.js";
import { borrowedShareOf, type QuoteUse } from "../borrowed-words.js";
import type { EssayFacts, SentenceFacts } from "./essay-facts.js";

/** A verbatim stretch of the student's text, long enough to be a real quotation (a sentence or a clause). */
export interface Passage {
  text: string;
  start: number;
  end: number;
}

export const minQuoteWords = 6;
export const maxQuoteWords = 32;

export function countQuoteWords(text: string): number {
  return countWords(text) + countPlaceholders(text);
}

const countOf = (text: string, mark: RegExp) => text.match(mark)?.length ?? 0;

/**
 * A passage is shown in straight double quotation marks, or curly ones when it holds straight ones; one that holds
 * both kinds could not be told apart from the text around it, so it is never chosen. Nor is one that opens a
 * quotation it does not close (cut from the student's own quotation: 'ends the story with “when they back').
 */
function canBeQuoted(text: string): boolean {
  const straight = countOf(text, /"/g);
  const opening = countOf(text, /“/g);
  return !(straight && /[“”]/.test(text)) && straight % 2 === 0 && opening === countOf(text, /”/g);
}

/**
 * Above this share of words in runs of the prompt or source text, a passage is the assignment's words, not the
 * student's: quoting it back as their claim, their word choice or their sentence credits or corrects what they copied.
 */
export const borrowedPassageShare = 0.5;

function isBorrowed(facts: EssayFacts, passage: Passage, use: QuoteUse): boolean {
  return borrowedShareOf(facts.borrowed, passage.start, passage.end, use) > borrowedPassageShare;
}

/** Leading and trailing spaces and joining punctuation are not part of what the student said. */
function trimmed(text: string, start: number, end: number): Passage {
  let s = start;
  let e = end;
  // A lone single quotation mark before a space ("' It was the time") opens nothing the passage shows.
  while (s < e && (/[\s,;:–—-]/.test(text[s]!) || (/['‘]/.test(text[s]!) && /\s/.test(text[s + 1] ?? "")))) s++;
  while (e > s && /[\s,;:–—-]/.test(text[e - 1]!)) e--;
  return { text: text.slice(s, e), start: s, end: e };
}

/**
 * Words that make one phrase with the conjunction after them: "so that", "as much as", "even though", "rather than".
 * A cut between them left "she's trying to like this country as much" and "they needed a mooring mast so".
 */
const bindsNext = new Set(["so", "as", "such", "much", "many", "more", "less", "rather", "other", "even", "just", "only", "now", "right", "than"]);

/**
 * Words before a comma or colon that introduce what follows ("in the text it says, ...", "An example of this is: ..."):
 * cut there, the quotation was the lead-in alone, praised as "a detail from the text" or told to add one.
 */
const introduces = new Set(["says", "said", "states", "stated", "writes", "wrote", "explains", "explained", "mentions", "mentioned", "quote", "quotes", "is", "are", "was", "were", "following"]);

/** Where a long sentence may be cut into clauses: at joining punctuation and before conjunctions. */
function clauseBreaks(sentence: SentenceFacts): number[] {
  const breaks = [sentence.start];
  sentence.tokens.forEach((t, i) => {
    if (i === 0) return;
    const before = sentence.tokens[i - 1]!.text;
    if (/^[,;:–—]$/.test(t.text)) {
      // A date's or a place's comma ("May 6, 1937", "Lakehurst, New Jersey") joins one detail: cut there, "on May 6"
      // was quoted as the detail from the text.
      const after = sentence.tokens[i + 1];
      const joinsOneDetail = t.text === "," && after !== undefined && ((sentence.tokens[i - 1]!.pos === "NUM" && after.pos === "NUM") || (sentence.tokens[i - 1]!.pos === "PROPN" && after.pos === "PROPN"));
      if (!introduces.has(before.toLowerCase()) && !joinsOneDetail) breaks.push(t.end);
    }
    else if ((t.pos === "CCONJ" || t.pos === "SCONJ") && before !== "," && !bindsNext.has(before.toLowerCase())) breaks.push(t.start);
  });
  breaks.push(sentence.end);
  return [...new Set(breaks)].sort((a, b) => a - b);
}

/**
 * The sentence itself when it is a quotable length; otherwise the shortest run of its clauses around `focus` that
 * holds at least six words (with words on both sides of it when `isSplit`, for a place to break the sentence); a
 * sentence too short on its own is quoted with its neighbour.
 */
export function passageOf(facts: EssayFacts, sentenceIndex: number, focus?: number, isSplit = false, use: QuoteUse = "own"): Passage | undefined {
  const passage = candidatePassageOf(facts, sentenceIndex, focus, isSplit);
  return passage && !isBorrowed(facts, passage, use) ? passage : undefined;
}

function candidatePassageOf(facts: EssayFacts, sentenceIndex: number, focus: number | undefined, isSplit: boolean): Passage | undefined {
  const sentence = facts.sentences[sentenceIndex];
  if (!sentence) return undefined;
  const text = facts.text;
  const whole = trimmed(text, sentence.start, sentence.end);
  const words = countQuoteWords(whole.text);
  if (words >= minQuoteWords && words <= maxQuoteWords) return canBeQuoted(whole.text) ? whole : undefined;
  if (words < minQuoteWords) {
    // A heading on its own line ("Purpose", "Results") is no sentence to quote, nor to glue to the line below it.
    const isOwnLine = (text[sentence.start - 1] ?? "\n") === "\n" && (text[sentence.end] ?? "\n") === "\n";
    if (isOwnLine && !/[.!?]["'”’)]*$/.test(sentence.text)) return undefined;
    for (const other of [facts.sentences[sentenceIndex + 1], facts.sentences[sentenceIndex - 1]]) {
      if (!other || other.paragraph !== sentence.paragraph) continue;
      const joined = trimmed(text, Math.min(sentence.start, other.start), Math.max(sentence.end, other.end));
      const count = countQuoteWords(joined.text);
      if (count >= minQuoteWords && count <= maxQuoteWords && canBeQuoted(joined.text)) return joined;
    }
    return undefined;
  }
  const breaks = clauseBreaks(sentence);
  const at = focus ?? sentence.start;
  let best: Passage | undefined;
  for (let i = 0; i < breaks.length - 1; i++) {
    for (let j = i + 1; j < breaks.length; j++) {
      if (breaks[i]! > at || breaks[j]! <= at || (isSplit && breaks[i]! >= at)) continue;
      const candidate = trimmed(text, breaks[i]!, breaks[j]!);
      const count = countQuoteWords(candidate.text);
      if (count > maxQuoteWords) break;
      if (count >= minQuoteWords && canBeQuoted(candidate.text) && (!best || candidate.text.length < best.text.length)) best = candidate;
    }
  }
  return best ?? cutAtWords(text, sentence, at, isSplit);
}

/** A sentence without usable clause breaks: the words around the focus, cut at word boundaries (still verbatim). */
function cutAtWords(text: string, sentence: SentenceFacts, at: number, isSplit: boolean): Passage | undefined {
  const words = findWords(sentence.text).map((w) => ({ start: sentence.start + w.start, end: sentence.start + w.end }));
  if (words.length < minQuoteWords) return undefined;
  const focusIndex = Math.max(0, words.findIndex((w) => w.end > at));
  const size = Math.min(words.length, 20);
  const first = Math.min(Math.max(0, focusIndex - Math.floor(size / (isSplit ? 2 : 3))), words.length - size);
  const cut = trimmed(text, words[first]!.start, words[first + size - 1]!.end);
  return canBeQuoted(cut.text) ? cut : undefined;
}

export function isQuotable(text: string, passage: string): boolean {
  const words = countQuoteWords(passage);
  return words >= minQuoteWords && text.includes(passage);
}
