import type { EssayFacts, SentenceFacts } from "./essay-facts.js";
import type { QuoteUse } from "../borrowed-words.js";
import { findWords } from "../text.js";
import { passageOf, type Passage } from "./passages.js";

/**
 * One observation about the student's text. `note` is a clause in plain words that names what it is about; `{q}`
 * marks where the quotation of `passage` goes, and appears only when there is a passage.
 */
export interface Finding {
  note: string;
  passage?: Passage;
}

/** What the feedback says about one aspect of the text: what works, what holds it back, and what to do next. */
export interface AspectReading {
  strength?: Finding;
  problem?: Finding;
  /** Aimed at the problem when there is one, otherwise at taking the strength further. Always quotes when it can. */
  step: Finding;
}

export function quoted(facts: EssayFacts, sentence: SentenceFacts | undefined, focus?: number, use: QuoteUse = "own"): Passage | undefined {
  return sentence ? passageOf(facts, sentence.index, focus, false, use) : undefined;
}

/**
 * A passage that ends where `sentence` ends: "after {q}, add a detail" must point at a place to write, and the middle of
 * a sentence cut at a clause ("after "the setting that has an effected on me is"") is none.
 */
export function quotedTail(facts: EssayFacts, sentence: SentenceFacts | undefined, use: QuoteUse = "own"): Passage | undefined {
  return sentence ? passageOf(facts, sentence.index, Math.max(sentence.start, sentence.end - 1), false, use) : undefined;
}

/**
 * A passage of `sentence` that shows the words a comment names ("replace 'very' in ..."), cut around the first of
 * them the sentence has, and those of the words it shows. A long sentence is quoted in part: naming a word the
 * quotation left out ("replace 'very' in "After reading about districts"") sent the student looking for nothing.
 */
export function quotedShowing(facts: EssayFacts, sentence: SentenceFacts | undefined, words: readonly string[], use: QuoteUse = "own"): { passage: Passage | undefined; shown: string[] } {
  if (!sentence) return { passage: undefined, shown: [] };
  const isNamed = (text: string) => words.some((word) => word.toLowerCase() === text.toLowerCase());
  const first = sentence.tokens.find((token) => isNamed(token.text)) ?? sentence.misspelled.find((span) => isNamed(span.text));
  const passage = quoted(facts, sentence, first?.start, use);
  if (!passage) return { passage, shown: [] };
  const wordsOf = (text: string) => ` ${findWords(text).map((word) => word.text.toLowerCase()).join(" ")} `;
  const quotedWords = wordsOf(passage.text);
  return { passage, shown: words.filter((word) => quotedWords.includes(wordsOf(word))) };
}

/**
 * A finding whose note carries the quotation; when nothing in the text can be quoted (a few words in all), the note
 * speaks of the writing as a whole instead.
 */
export function withQuote(note: string, passage: Passage | undefined, fallback = note.replace("{q}", "your writing")): Finding {
  return passage ? { note, passage } : { note: fallback };
}

/**
 * A word of the student's own, named in single quotation marks; double quotation marks are kept for passages of six
 * words or more, so a list of words is never mistaken for a quotation.
 */
export function named(word: string): string {
  return `‘${word}’`;
}

export function listNamed(words: readonly string[]): string {
  return listWords(words.map(named));
}

export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** "about homework and sleep": the sentence's own nouns, so the comment could only be about this text. */
export function about(sentence: SentenceFacts | undefined, count = 2): string {
  const nouns = sentence?.nouns.slice(0, count) ?? [];
  return nouns.length ? `about ${listWords(nouns)}` : "";
}

export function topicsOf(facts: EssayFacts, count = 2): string {
  return listWords(facts.topics.slice(0, count));
}

/** The highest-scoring sentence that can be quoted (as `useOf` says it would be); ties go to the earlier sentence. */
export function bestSentence(
  facts: EssayFacts,
  score: (s: SentenceFacts) => number,
  isEligible: (s: SentenceFacts) => boolean = () => true,
  useOf: (s: SentenceFacts) => QuoteUse = () => "own",
): SentenceFacts | undefined {
  let best: SentenceFacts | undefined;
  let bestScore = -Infinity;
  for (const s of facts.sentences) {
    if (!isEligible(s)) continue;
    const value = score(s) - (facts.avoid.has(s.index) ? 1000 : 0);
    if (value > bestScore && passageOf(facts, s.index, undefined, false, useOf(s))) {
      best = s;
      bestScore = value;
    }
  }
  return best;
}

/** The sentence a finding quotes from, if it quotes one. */
export function sentenceOf(facts: EssayFacts, finding: Finding | undefined): SentenceFacts | undefined {
  const passage = finding?.passage;
  return passage ? facts.sentences.find((s) => passage.start >= s.start && passage.start < s.end) : undefined;
}

/** Keeps a sentence for this finding: the other findings of the comment quote something else when they can. */
export function reserve(facts: EssayFacts, finding: Finding | undefined): void {
  const sentence = sentenceOf(facts, finding);
  if (sentence) facts.avoid.add(sentence.index);
}

/** Joins clauses into one sentence body without doubled spaces when an optional part is empty. */
export function clause(...parts: Array<string | undefined | false>): string {
  return parts.filter((p): p is string => typeof p === "string" && p.trim().length > 0).join(" ").replace(/\s+([,.;:])/g, "$1");
}
