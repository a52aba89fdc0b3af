import { stopWords } from "../grading/word-lists.js";
import type { SpellChecker } from "../grading/spelling.js";
import type { TaggedText, TaggedToken } from "../language/tag-text.js";
import { zipfFrequency } from "../language/word-frequency.js";
import { normaliseText } from "./normalise.js";

/**
 * The kinds of key term a distractor must share with its answer, so that no option gives itself away by its kind:
 * names with names, numbers and dates with numbers and dates, noun phrases with noun phrases.
 */
export type TermKind = "name" | "number" | "phrase";
/** Within numbers: a year is offered among years and a date among dates when the source has enough of them. */
export type NumberKind = "year" | "date" | "percent" | "count";

export interface TermOccurrence {
  /** Index of the sentence in TaggedText.sentences. */
  sentence: number;
  /** Offsets into the source text. */
  start: number;
  end: number;
  text: string;
}

export interface KeyTerm {
  /** The term compared without case and spacing. */
  key: string;
  kind: TermKind;
  numberKind?: NumberKind;
  /** As it first appears (a phrase in lower case unless the source always capitalises it). */
  text: string;
  words: number;
  occurrences: TermOccurrence[];
  /** Higher is more worth asking about: repeated in the source, rare in everyday English, several words long. */
  score: number;
}

const particles = new Set(["van", "von", "de", "da", "di", "du", "del", "der", "den", "la", "le", "bin", "ibn"]);
const months = new Set(["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]);
const weekdays = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
/** Nouns this common (about 1 in 300,000 words or more) say too little to be asked about on their own. */
const maxEverydayZipf = 5.5;
const maxPhraseTokens = 3;

const isMonth = (t: TaggedToken) => months.has(t.text.toLowerCase()) && /^[A-Z]/.test(t.text);
const isNumber = (t: TaggedToken) => t.pos === "NUM" && /\d/.test(t.text);
const isCapitalisedName = (t: TaggedToken) => t.pos === "PROPN" && t.isWord && /^[A-Z]/.test(t.text) && t.text !== "I" && !isMonth(t) && !weekdays.has(t.text.toLowerCase());
const isPhraseWord = (t: TaggedToken) => t.isWord && (t.pos === "NOUN" || t.pos === "ADJ") && /^[a-z]/.test(t.text);
const isPluralNoun = (t: TaggedToken) => t.pos === "NOUN" && t.text.toLowerCase() !== t.lemma.toLowerCase() && /s$/i.test(t.text);
const isHeadNoun = (t: TaggedToken) => t.pos === "NOUN" && t.text.length >= 3 && !stopWords.has(t.text.toLowerCase());

function numberKindOf(tokens: TaggedToken[]): NumberKind {
  if (tokens.some(isMonth)) return "date";
  if (tokens.at(-1)?.text === "%") return "percent";
  if (tokens.length === 1 && /^(1[0-9]|20)\d\d$/.test(tokens[0]!.text)) return "year";
  return "count";
}

/** Everyday rarity on a 0-4 scale: 4 for words a reader rarely meets (or that the word list does not know). */
function rarity(word: string): number {
  const zipf = zipfFrequency(word.toLowerCase());
  return zipf === undefined ? 3 : Math.max(0, Math.min(4, 6 - zipf));
}

interface Candidate {
  kind: TermKind;
  numberKind?: NumberKind;
  tokens: TaggedToken[];
  sentence: number;
}

/** Runs of tokens that make a term, read left to right through one sentence. */
function candidatesIn(tokens: TaggedToken[], sentence: number): Candidate[] {
  const found: Candidate[] = [];
  const firstWord = tokens.find((t) => t.isWord);
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (isNumber(t) || (isMonth(t) && tokens[i + 1] && isNumber(tokens[i + 1]!))) {
      let j = i + 1;
      while (j < tokens.length && (isNumber(tokens[j]!) || isMonth(tokens[j]!) || (tokens[j]!.text === "%" && j === i + 1))) j++;
      const run = tokens.slice(i, j);
      found.push({ kind: "number", numberKind: numberKindOf(run), tokens: run, sentence });
      i = j;
      continue;
    }
    if (isCapitalisedName(t)) {
      let j = i + 1;
      // "Jan van Helmont", "Leonardo da Vinci": a lower-case particle between two capitalised names is part of the name.
      while (j < tokens.length && (isCapitalisedName(tokens[j]!) || (particles.has(tokens[j]!.text) && tokens[j + 1] && isCapitalisedName(tokens[j + 1]!)))) j++;
      const run = tokens.slice(i, j);
      // A capital on the sentence's first word shows nothing: a known single word there is a common noun.
      const isSentenceStartWord = t === firstWord && run.length === 1 && zipfFrequency(t.text.toLowerCase()) !== undefined;
      if (isSentenceStartWord) {
        if (t.text.length >= 3 && !stopWords.has(t.text.toLowerCase())) found.push({ kind: "phrase", tokens: run, sentence });
      } else {
        found.push({ kind: "name", tokens: run, sentence });
      }
      i = j;
      continue;
    }
    if (isPhraseWord(t) && !stopWords.has(t.text.toLowerCase())) {
      let j = i + 1;
      // A plural noun ends a compound ("plants use sunlight" is a clause the tagger misread, not a phrase).
      while (j < tokens.length && isPhraseWord(tokens[j]!) && !isPluralNoun(tokens[j - 1]!)) j++;
      // The phrase ends on its head noun; adjectives after it belong to something else.
      let end = j;
      while (end > i && !isHeadNoun(tokens[end - 1]!)) end--;
      if (end > i) found.push({ kind: "phrase", tokens: tokens.slice(Math.max(i, end - maxPhraseTokens), end), sentence });
      i = j;
      continue;
    }
    i++;
  }
  return found;
}

/**
 * The key terms of a tagged text, best first. Everyday single nouns ("time", "people") are left out: a question
 * whose answer is such a word tests guessing, not the source.
 */
export function findKeyTerms(text: string, tagged: TaggedText, spellChecker?: SpellChecker): KeyTerm[] {
  // A misspelling is never a term to learn: "alot becuase" would make a card of the source's slips.
  const isMisspelled = (written: string) => spellChecker !== undefined && (written.match(/[A-Za-z]+(?:['’][A-Za-z]+)*/g) ?? []).some((word) => !spellChecker.correct(word));
  const terms = new Map<string, KeyTerm>();
  tagged.sentences.forEach((s, index) => {
    for (const candidate of candidatesIn(tagged.tokens.slice(s.firstToken, s.lastToken + 1), index)) {
      const start = candidate.tokens[0]!.start;
      const end = candidate.tokens.at(-1)!.end;
      const written = text.slice(start, end);
      if (isMisspelled(written)) continue;
      const key = normaliseText(written);
      const occurrence = { sentence: index, start, end, text: written };
      const existing = terms.get(key);
      if (existing) {
        existing.occurrences.push(occurrence);
        continue;
      }
      const words = candidate.tokens.filter((t) => t.isWord || isNumber(t)).length;
      terms.set(key, {
        key,
        kind: candidate.kind,
        ...(candidate.numberKind ? { numberKind: candidate.numberKind } : {}),
        text: candidate.kind === "phrase" && candidate.tokens[0]!.start === s.start ? written.charAt(0).toLowerCase() + written.slice(1) : written,
        words,
        occurrences: [occurrence],
        score: 0,
      });
    }
  });
  const kept: KeyTerm[] = [];
  for (const term of terms.values()) {
    const head = term.text.split(/\s+/).at(-1) ?? term.text;
    if (term.kind === "phrase" && term.words === 1 && (zipfFrequency(head) ?? 0) > maxEverydayZipf) continue;
    const base = term.kind === "phrase" ? rarity(head) + (term.words > 1 ? 1 : 0) : 2.5;
    term.score = base + 1.5 * Math.min(term.occurrences.length - 1, 3);
    kept.push(term);
  }
  // Ties keep the source's order, so the ranking is the same on every run.
  return kept.sort((a, b) => b.score - a.score || a.occurrences[0]!.start - b.occurrences[0]!.start);
}
