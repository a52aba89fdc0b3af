import { acceptAllSpellChecker, type SpellChecker } from "../grading/spelling.js";
import { findWords } from "../grading/text.js";
import { zipfFrequency } from "../language/word-frequency.js";
import { tagText, type TaggedSentence, type TaggedText } from "../language/tag-text.js";
import { findDefinitions, type Definition } from "./definitions.js";
import { findKeyTerms, type KeyTerm, type TermOccurrence } from "./key-terms.js";
import { countWords, normaliseText } from "./normalise.js";
import { seededRandom, type Random } from "./random.js";
import { findSentenceErrors } from "./sentence-errors.js";
import { splitsCompound } from "./compounds.js";
import { clozeBlank, type ClozeItem, type Flashcard, type MultipleChoiceItem, type QuizItem } from "./types.js";
import { keepValid, practiceLimits, validateFlashcard, validateQuizItem } from "./validate.js";

export interface PracticeResult<T> {
  items: T[];
  /** Why there are no items (or fewer than a source of that length should give): shown to the teacher as it is. */
  problem?: { code: "too-short" | "nothing-found"; message: string };
}

export interface GenerateOptions {
  /** The same source and seed make the same items. */
  seed: number;
  count?: number;
  /** The grader's dictionary; without one no spelling items are made (the other checks need none). */
  spellChecker?: SpellChecker;
}

/**
 * Below these lengths a source gives too few key terms of one kind for multiple-choice options, or too few
 * sentences for a set worth studying (measured on textbook passages: about one usable term per 12 words).
 */
export const minimumWords = { quiz: 150, deck: 100 } as const;
export const itemCounts = { quiz: { default: 10, max: 50 }, deck: { default: 20, max: 100 } } as const;

/** Sentences short enough to ask about and long enough to say something. */
const minSentenceWords = 6;
const maxSentenceWords = 40;
const maxDistractors = 3;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function countFor(kind: "quiz" | "deck", count: number | undefined): number {
  const limits = itemCounts[kind];
  if (count === undefined || !Number.isFinite(count)) return limits.default;
  return Math.max(1, Math.min(limits.max, Math.floor(count)));
}

function tooShort(kind: "quiz" | "deck", words: number): PracticeResult<never>["problem"] {
  const what = kind === "quiz" ? "a quiz" : "flashcards";
  return { code: "too-short", message: `Paste at least ${minimumWords[kind]} words to make ${what} from: this text has ${words}.` };
}

interface Reading {
  text: string;
  tagged: TaggedText;
  terms: KeyTerm[];
  definitions: Definition[];
  usable: (sentenceIndex: number) => boolean;
}

/**
 * Generation reads at most this much of a source (about 5,000 words, cut at a paragraph or sentence end): plenty for
 * 50 questions or 100 cards, and it keeps a long chapter from holding the server for seconds.
 */
export const maxSourceCharacters = 30_000;

function readableStart(text: string): string {
  if (text.length <= maxSourceCharacters) return text;
  const head = text.slice(0, maxSourceCharacters);
  const end = Math.max(head.lastIndexOf("\n"), ...[". ", "! ", "? "].map((stop) => head.lastIndexOf(stop) + 1));
  return end > maxSourceCharacters / 2 ? head.slice(0, end) : head;
}

function readSource(source: string, spellChecker: SpellChecker | undefined): Reading {
  const text = readableStart(source);
  const tagged = tagText(text);
  // A sentence with a slip is asked about only as a sentence to correct, never as one to learn from.
  const hasSlip = (s: TaggedSentence) => spellChecker !== undefined && findWords(s.text).some((w) => w.text.length > 1 && !spellChecker.correct(w.text));
  const isUsable = (s: TaggedSentence | undefined) => {
    if (!s || s.text.length > practiceLimits.sentence - 20 || s.text.trim().endsWith("?") || hasSlip(s)) return false;
    const words = countWords(s.text);
    return words >= minSentenceWords && words <= maxSentenceWords;
  };
  return { text, tagged, terms: findKeyTerms(text, tagged, spellChecker), definitions: findDefinitions(tagged), usable: (i) => isUsable(tagged.sentences[i]) };
}

/** The sentence with this occurrence of the term replaced by the blank. */
function blanked(reading: Reading, occurrence: TermOccurrence): { sentence: string; blank: string } {
  const s = reading.tagged.sentences[occurrence.sentence]!;
  return { sentence: s.text, blank: s.text.slice(0, occurrence.start - s.start) + clozeBlank + s.text.slice(occurrence.end - s.start) };
}

/**
 * Other terms of the same kind (years among years when there are enough), none that the sentence already holds or
 * that contains the answer or is contained in it; closest in length first, the seed breaking ties.
 */
function distractorsFor(term: KeyTerm, sentence: string, reading: Reading, random: Random): string[] {
  const sameKind = reading.terms.filter((t) => t.kind === term.kind && t.key !== term.key);
  const narrower = term.numberKind ? sameKind.filter((t) => t.numberKind === term.numberKind) : sameKind;
  const pool = narrower.length >= 2 ? narrower : sameKind;
  const inSentence = normaliseText(sentence);
  const isPlural = (t: KeyTerm) => /s$/i.test(t.text);
  const distance = (t: KeyTerm) => Math.abs(t.words - term.words) + (isPlural(t) !== isPlural(term) ? 1 : 0);
  const closest = pool
    .filter((t) => !inSentence.includes(t.key) && !t.key.includes(term.key) && !term.key.includes(t.key))
    .sort((a, b) => distance(a) - distance(b) || b.score - a.score)
    .slice(0, maxDistractors * 2);
  return random.shuffle(closest).slice(0, maxDistractors).map((t) => t.text);
}

/**
 * Where a term is asked: its first occurrence in a sentence not yet used and not inside a hyphenated compound
 * ("thousand-foot dirigible" blanked as "thousand-_____" asks for half a word).
 */
function placeFor(term: KeyTerm, reading: Reading, used: Set<number>): TermOccurrence | undefined {
  return term.occurrences.find((o) => reading.usable(o.sentence) && !used.has(o.sentence) && !splitsCompound(reading.text, o.start, o.end));
}

interface Placed<T> {
  item: T;
  at: number;
}

/** The terms best first within each kind, the kinds taken in turn: a quiz asks about names and dates as well as phrases. */
function byKindInTurn(terms: KeyTerm[]): KeyTerm[] {
  const kinds = (["phrase", "name", "number"] as const).map((kind) => terms.filter((t) => t.kind === kind));
  const longest = Math.max(...kinds.map((k) => k.length));
  const out: KeyTerm[] = [];
  for (let i = 0; i < longest; i++) for (const kind of kinds) if (kind[i]) out.push(kind[i]!);
  return out;
}

function termQuestions(reading: Reading, random: Random, used: Set<number>): Placed<QuizItem>[] {
  const items: Placed<QuizItem>[] = [];
  for (const term of byKindInTurn(reading.terms)) {
    const occurrence = placeFor(term, reading, used);
    if (!occurrence) continue;
    used.add(occurrence.sentence);
    const { sentence, blank } = blanked(reading, occurrence);
    const source = { text: sentence, origin: "source" as const };
    const explanation = `The text says: “${sentence}”`;
    const distractors = distractorsFor(term, sentence, reading, random);
    if (distractors.length >= 2 && random.next() < 0.5) {
      // At the start of a sentence every option wears the capital the answer wears there.
      const asWritten = (option: string) => (/^[A-Z]/.test(occurrence.text) ? capitalise(option) : option);
      const options = random.shuffle([occurrence.text, ...distractors.map(asWritten)]);
      const item: MultipleChoiceItem = { kind: "multiple-choice", prompt: `Which completes the sentence from the text? ${blank}`, options, answerIndex: options.indexOf(occurrence.text), explanation, source };
      items.push({ item, at: occurrence.start });
    } else {
      const item: ClozeItem = { kind: "cloze", sentence: blank, answer: occurrence.text, explanation, source };
      items.push({ item, at: occurrence.start });
    }
  }
  return items;
}

/** "According to the text, what are stomata?"; a common noun loses the capital it had at the start of its sentence. */
function definitionQuestion(d: Definition): string {
  const startsSentence = d.sentence.startsWith(d.term) || /^(?:a|an|the)\s/i.test(d.sentence);
  const term = startsSentence && zipfFrequency(d.term.split(" ")[0]!.toLowerCase()) !== undefined ? d.term.charAt(0).toLowerCase() + d.term.slice(1) : d.term;
  const verb = /^(?:is|are)(?: called| known as| named)?$/.test(d.link) ? d.link.split(" ")[0]! : undefined;
  return verb ? `According to the text, what ${verb} ${term}?` : `According to the text, what does “${term}” mean?`;
}

/** "Which of these does the text say about X?" with the other definitions as distractors (three or more needed). */
function definitionQuestions(reading: Reading, random: Random, used: Set<number>): Placed<QuizItem>[] {
  const definitions = reading.definitions.filter((d) => reading.usable(d.sentenceIndex));
  if (definitions.length < 3) return [];
  return definitions.flatMap((d) => {
    if (used.has(d.sentenceIndex)) return [];
    used.add(d.sentenceIndex);
    const others = random.shuffle(definitions.filter((o) => o !== d)).slice(0, maxDistractors);
    const options = random.shuffle([d, ...others]).map((o) => capitalise(o.definition));
    const item: MultipleChoiceItem = {
      kind: "multiple-choice",
      prompt: definitionQuestion(d),
      options,
      answerIndex: options.indexOf(capitalise(d.definition)),
      explanation: `The text says: “${d.sentence}”`,
      source: { text: d.sentence, origin: "source" },
    };
    return [{ item, at: reading.tagged.sentences[d.sentenceIndex]!.start }];
  });
}

function errorQuestions(reading: Reading, spellChecker: SpellChecker, used: Set<number>): Placed<QuizItem>[] {
  return findSentenceErrors(reading.text, spellChecker, reading.tagged)
    .filter((e) => !used.has(e.sentenceIndex))
    .map((e) => {
      used.add(e.sentenceIndex);
      return { item: { kind: "fix-the-sentence" as const, prompt: e.prompt, original: e.original, answer: e.answer, explanation: e.explanation, source: { text: e.original, origin: "source" as const } }, at: e.start };
    });
}

/**
 * Up to `count` valid, distinct items: a third from each group in turn (errors, definitions, terms), what a short
 * group leaves to the others; then in the order of the source, as a reader meets them.
 */
function choose<T extends QuizItem | Flashcard>(groups: Placed<T>[][], count: number, validate: (item: T) => string | null): T[] {
  const share = Math.ceil(count / groups.length);
  const first = groups.flatMap((group) => group.slice(0, share));
  const priority = [...first, ...groups.flatMap((group) => group.slice(share))];
  const kept = new Set(keepValid(priority.map((p) => p.item), validate).slice(0, count));
  return priority.filter((p) => kept.has(p.item)).sort((a, b) => a.at - b.at).map((p) => p.item);
}

/** A quiz from a source text, offline: cloze and multiple-choice on its key terms and definitions, and its correctable sentences. */
export function generateQuiz(source: string, options: GenerateOptions): PracticeResult<QuizItem> {
  const words = countWords(source);
  if (words < minimumWords.quiz) return { items: [], problem: tooShort("quiz", words)! };
  const count = countFor("quiz", options.count);
  const random = seededRandom(options.seed);
  const reading = readSource(source, options.spellChecker);
  const used = new Set<number>();
  // Errors first: a sentence with a real error is worth more as a correction than as a cloze.
  const errors = errorQuestions(reading, options.spellChecker ?? acceptAllSpellChecker, used);
  const definitions = definitionQuestions(reading, random, used);
  const terms = termQuestions(reading, random, used);
  const items = choose([errors, definitions, terms], count, validateQuizItem);
  if (items.length === 0) {
    return { items, problem: { code: "nothing-found", message: "No key terms, definitions or sentences to correct were found in this text. Paste prose in full sentences, such as a textbook passage or an article, or add questions by hand." } };
  }
  return { items };
}

/** A deck from a source text, offline: term-definition cards from its definitional sentences, then cloze cards on its key terms. */
export function generateDeck(source: string, options: GenerateOptions): PracticeResult<Flashcard> {
  const words = countWords(source);
  if (words < minimumWords.deck) return { items: [], problem: tooShort("deck", words)! };
  const count = countFor("deck", options.count);
  const random = seededRandom(options.seed);
  const reading = readSource(source, options.spellChecker);
  const used = new Set<number>();
  const cardsSoFar: Flashcard[] = [];
  const definitionCards: Placed<Flashcard>[] = reading.definitions.flatMap((d) => {
    used.add(d.sentenceIndex);
    const back = capitalise(d.definition);
    const card: Flashcard = { front: capitalise(d.term), back: /[.!?]$/.test(back) ? back : `${back}.`, source: { text: d.sentence, origin: "source" } };
    // A term defined twice gets one card, so the terms below fill the rest of the deck.
    if (!keepValid([...cardsSoFar, card], validateFlashcard).includes(card)) return [];
    cardsSoFar.push(card);
    return [{ item: card, at: reading.tagged.sentences[d.sentenceIndex]!.start }];
  });
  const termCards: Placed<Flashcard>[] = [];
  for (const term of byKindInTurn(reading.terms)) {
    const occurrence = placeFor(term, reading, used);
    if (!occurrence) continue;
    used.add(occurrence.sentence);
    const { sentence, blank } = blanked(reading, occurrence);
    termCards.push({ item: { front: blank, back: occurrence.text, source: { text: sentence, origin: "source" } }, at: occurrence.start });
  }
  // The seed picks among the terms when there are more than asked for; the best-ranked half is always kept.
  const keep = Math.max(0, count - definitionCards.length);
  const best = termCards.slice(0, Math.ceil(keep / 2));
  const rest = random.shuffle(termCards.slice(best.length)).slice(0, keep - best.length);
  const items = choose([[...definitionCards, ...best, ...rest]], count, validateFlashcard);
  if (items.length === 0) {
    return { items, problem: { code: "nothing-found", message: "No definitions or key terms were found in this text. Paste prose in full sentences, such as a textbook passage or an article, or add cards by hand." } };
  }
  return { items };
}
