import type { AssignmentContext, WritingGenre } from "../assignment-context.js";
import type { TextAnalysis } from "../features.js";
import { findParagraphs, findWords, stemWord, type Span } from "../text.js";
import { stopWords } from "../word-lists.js";
import { commaSpliceOf, subordinatorsOf } from "../../language/clauses.js";
import { confusedWordsOf, type ConfusedWord } from "../../language/confused-words.js";
import { suggestSpelling } from "../../language/suggest-spelling.js";
import { tagText, type TaggedSentence, type TaggedText, type TaggedToken } from "../../language/tag-text.js";
import type { BorrowedWords } from "../borrowed-words.js";
import { greetingEnd, isNameToken, nounsOf, placeholder, topicKey } from "./topic-nouns.js";

/** What the feedback knows about one sentence of the student's text. */
export interface SentenceFacts {
  index: number;
  text: string;
  start: number;
  end: number;
  paragraph: number;
  words: number;
  tokens: TaggedToken[];
  /** Nouns worth naming ("the sentence about ..."), most specific first. */
  nouns: string[];
  misspelled: Span[];
  /** Words that open a subordinate clause: because, although, which, when... */
  subordinators: string[];
  opener: string;
  /** A linking word or phrase in the first few words ("However", "For example", "In conclusion"). */
  transition?: string;
  /** A linking word at the start, misspelled as written ("Frist", "Howevr"): the idea is linked, the word needs fixing. */
  misspelledTransition?: string;
  isLowercaseStart: boolean;
  hasLowercaseI: boolean;
  /** A concrete detail: an example marker, a number, a name or a quotation. */
  hasDetail: boolean;
  /** An opinion stated as such ("I think", "should", "in my opinion"). */
  isClaim: boolean;
  /** A short sentence that names a feeling or a judgement instead of showing it ("I was so mad."). */
  isTelling: boolean;
  vagueWords: string[];
  /** How many of its content words belong to the prompt or source text. */
  topicHits: number;
  /** Where a second complete thought starts after only a comma ("Computers are fun, they help us"). */
  commaSplice?: TaggedToken;
  /** Words a dictionary passes but the context says were meant as a sound-alike ("there family", "more then"). */
  confusedWords: ConfusedWord[];
  /**
   * Where its words that are not the student's own choice start: inside quotation marks, or the prompt's and source
   * text's words. Praise for an exact word passes them by ("‘cyclist’ sharpens the sentence" in an essay on The Cyclist).
   */
  notOwnWords: ReadonlySet<number>;
}

export interface EssayFacts {
  text: string;
  genre: WritingGenre;
  wordCount: number;
  sentences: SentenceFacts[];
  paragraphCount: number;
  /** Nouns the essay is about, most frequent first, leaving out the prompt's own words where others exist. */
  topics: string[];
  /** Content words used so often that they stand out, with their counts. */
  repeated: Array<{ word: string; count: number }>;
  hasPrompt: boolean;
  /** Sentences other comments already quote; readers prefer others. */
  avoid: Set<number>;
  /** Read from a scan or photo: its unknown words may be the reader's mistakes, so no comment names them. */
  readFromImage?: boolean;
  /**
   * Its words that lie in runs of the prompt's or source text's words: a passage made mostly of them is the
   * assignment's words, not the student's, and is quoted only as evidence the student chose from the source.
   */
  borrowed: BorrowedWords;
}

const vagueWordList = ["good", "bad", "nice", "stuff", "things", "thing", "a lot", "alot", "lots", "very", "really", "great", "awesome", "cool", "okay", "ok", "big"];
/**
 * Where a vague-looking word says exactly what it means: "cool" before a noun is a temperature ("the cool steel of the
 * lockers"), "big" before brother or sister an age and in "big dreams" or "a big deal" a set phrase, "good luck" a
 * greeting. Every use of the word in the sentence must be such a use.
 */
const bothDenied = /\b(?:not|neither|nor)\s+(?:good|bad)\b.*\b(?:not|nor)\s+(?:good|bad)\b/i;

/** What "a lot of" can be counted in: "a lot of time" is a number of hours, "a lot of pain" is no number at all. */
const countable = /^(?:time|money|homework|work|water|food|energy|information|data|space|sleep|research|practice)$/i;
/** Set phrases with a vague-looking word that mean exactly what they say. */
const setPhrase = /^(?:luck|morning|afternoon|evening|night)$/i;

function isPlainUse(word: string, tokens: readonly TaggedToken[]): boolean {
  // "a lot of pain", "a lot of fun": a feeling has no number to give; "a lot of people" and "a lot of time" do.
  if (word === "a lot") {
    const lots = tokens.flatMap((t, i) => (t.text.toLowerCase() === "a" && tokens[i + 1]?.text.toLowerCase() === "lot" ? [i] : []));
    return lots.length > 0 && lots.every((i) => {
      const noun = tokens[i + 3];
      return tokens[i + 2]?.text.toLowerCase() === "of" && noun?.pos === "NOUN" && noun.lemma.toLowerCase() === noun.text.toLowerCase() && !noun.text.endsWith("s") && !countable.test(noun.text);
    });
  }
  const uses = tokens.map((t, i) => ({ t, next: tokens[i + 1] })).filter(({ t }) => t.text.toLowerCase() === word);
  // "will thing about" is "think" misspelled, which the conventions comment names: no vague noun to replace.
  if (word === "thing") {
    const misspelt = new Set(confusedWordsOf(tokens).map((c) => c.token));
    if (uses.length > 0 && uses.every(({ t }) => misspelt.has(t))) return true;
  }
  if (word === "good" && uses.length > 0 && uses.every(({ next }) => setPhrase.test(next?.text ?? ""))) return true;
  // "It's okay to make mistakes": acceptable, said as plainly as it can be.
  if (word === "ok" || word === "okay") return uses.length > 0 && uses.every(({ next }) => /^(?:to|with)$/i.test(next?.text ?? ""));
  if (word === "cool") return uses.length > 0 && uses.every(({ next }) => next?.pos === "NOUN");
  if (word === "big") return uses.length > 0 && uses.every(({ next }) => /^(?:brother|sister|brothers|sisters|dream|dreams|deal|picture)$/i.test(next?.text ?? ""));
  // "failure is not good and not bad", "neither good nor bad": both denied, the two words are the student's point.
  if (word === "good" || word === "bad") return bothDenied.test(tokens.map((t) => t.text).join(" "));
  return false;
}
const vaguePatterns = vagueWordList.map((word) => ({ word, re: new RegExp(`(?<![\\w'’])${word}(?![\\w'’])`, "i") }));

const leadingTransitions = [
  "in conclusion", "to conclude", "in summary", "to sum up", "overall", "finally", "lastly", "first", "firstly", "first of all",
  "second", "secondly", "third", "thirdly", "next", "then", "also", "another", "in addition", "additionally", "furthermore",
  "moreover", "however", "on the other hand", "in contrast", "instead", "therefore", "as a result", "consequently", "thus",
  "for example", "for instance", "similarly", "besides", "in fact", "after that", "afterwards", "eventually", "meanwhile",
  "although", "even though", "because", "since", "while", "this is why", "that is why", "to begin with", "most importantly",
];
/**
 * A reason or point counted as it opens: "The 1st reason why ...", "My second point is", "The 3rd and last reason",
 * "One reason". Without it an essay signposted "The 1st reason", "The 2nd reason", "The 3rd and last reason" was told
 * its points follow one another without words that show how they connect.
 */
const countedPoint =
  /^(?:\W*(?:and|but|so)\W+)?((?:(?:the|my|our)\s+(?:first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|next|last|final|other|main)(?:\s+and\s+(?:last|final))?|one)\s+(?:reason|point|example|argument|benefit|advantage|disadvantage|problem|way)s?)\b/i;
const transitionPatterns = [
  countedPoint,
  ...leadingTransitions.sort((a, b) => b.length - a.length).map((phrase) => new RegExp(`^(?:\\W*(?:and|but|so)\\W+)?(${phrase.replace(/ /g, "\\s+")})\\b`, "i")),
];

/**
 * "In the story" alone opens a thesis as often as a detail ("In the story ..., the setting affects the cyclist"), and
 * so does "the author" ("The author creates a very happy mood in this memoir." was praised as a detail from the text):
 * each marks a detail only with a verb that reports what the text says.
 */
const exampleMarkers = /\b(?:for example|for instance|such as|like when|one time|once|in the (?:text|article|story|passage),? (?:it )?(?:says|said|states)|according to|the (?:author|writer|narrator) (?:says|said|states|stated|writes|wrote|describes|described|explains|explained|mentions|mentioned|tells|told|shows|showed|recalls|remembers))\b/i;
const claimMarkers = /\b(?:i (?:think|believe|feel|agree|disagree)|in my opinion|i am (?:for|against)|should|must|need to|ought to)\b/i;
const placeholders = /@[A-Z]+\d*/g;

/** An ordinal opening a sentence without a comma links it only before a pronoun, an article or the like: "First impressions don't always go well" is about impressions. */
const ordinal = /^(?:first|second|third|next|last)$/i;
const linkedByOrdinal = /^\s*(?:[,:]|(?:of all|and foremost|off|i|we|you|he|she|they|it|the|a|an|my|our|your|his|her|their|this|that|these|those|there|when|if|in|on|at|to|after|before)\b)/i;

function transitionOf(text: string): string | undefined {
  for (const re of transitionPatterns) {
    const found = text.match(re);
    if (!found?.[1]) continue;
    const rest = text.slice(found.index! + found[0].length);
    return ordinal.test(found[1]) && !linkedByOrdinal.test(rest) ? undefined : found[1];
  }
  return undefined;
}

/** The linking word a sentence opens with once its misspelled first word is corrected ("Secound," -> "second"). */
function misspelledTransitionOf(text: string, firstWord: string, misspelled: Span[]): string | undefined {
  if (!firstWord || !misspelled.some((m) => m.text === firstWord)) return undefined;
  const fixed = suggestSpelling(firstWord.toLowerCase());
  return fixed && transitionOf(text.replace(firstWord, fixed)) ? firstWord : undefined;
}

/**
 * Whether a sentence quotes the text: a quotation is a detail, a title in quotation marks is not ("In the story
 * “Rough Road Ahead: Do Not Exceed Posted Speed Limit,” the setting affects the cyclist" was praised as "a detail from
 * the text"). A lone mark opens or closes a quotation that spans sentences.
 */
function quotesText(text: string): boolean {
  const marks = text.match(/["“”]/g)?.length ?? 0;
  if (marks === 0) return false;
  const spans = [...text.matchAll(/"([^"]*)"|“([^”]*)”/g)];
  return marks > spans.length * 2 || spans.some((m) => !isTitle(m[1] ?? m[2] ?? "") && !namesAWork.test(text.slice(0, m.index)));
}

/**
 * What a title follows, however it is capitalised: "In the poem “Do not exceed speed limit” the setting is described
 * as very rough" was praised as supporting the answer "with a detail from the text".
 */
const namesAWork = /\b(?:the (?:short )?(?:poem|story|essay|article|passage|memoir|book|text|excerpt|narrative|novel|selection|reading)|titled|called|named|entitled)\s*,?\s*$/i;

/** Every word of four letters or more capitalised: "Winter Hibiscus", "Do not Exceed Posted Limit". */
function isTitle(text: string): boolean {
  const long = (text.match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter((word) => word.length >= 4);
  return long.length > 0 && long.every((word) => /^\p{Lu}/u.test(word));
}

/** Spans of a sentence between quotation marks (straight or curly), in offsets of the whole text. */
function quotedSpans(s: { text: string; start: number }): Array<[number, number]> {
  return [...s.text.matchAll(/"[^"]*"|“[^”]*”/g)].map((m) => [s.start + m.index, s.start + m.index + m[0].length]);
}

function notOwnWordsOf(s: { text: string; start: number }, tokens: readonly TaggedToken[], topicStems: ReadonlySet<string>): Set<number> {
  const quoted = quotedSpans(s);
  const isQuoted = (t: TaggedToken) => quoted.some(([from, to]) => t.start >= from && t.start < to);
  return new Set(tokens.filter((t) => t.isWord && (topicStems.has(stemWord(t.text)) || isQuoted(t))).map((t) => t.start));
}

/** Gathers the facts feedback is written from: computed once per text, the same for every tone and length. */
export function gatherEssayFacts(text: string, analysis: TextAnalysis, context: AssignmentContext, tagged: TaggedText = tagText(text)): EssayFacts {
  const paragraphs = findParagraphs(text);
  const paragraphOf = (offset: number) => Math.max(0, paragraphs.findIndex((p) => offset >= p.start && offset < p.end));
  const sentences = tagged.sentences.map((taggedSentence, index): SentenceFacts => {
    // A letter's greeting is left out of the sentence the tagger glued it to: "Dear Local Newspaper," was quoted as
    // "a concrete detail" (its capitals read as names) and gave topics such as "Readers".
    const s = withoutGreeting(taggedSentence);
    const tokens = tagged.tokens.slice(taggedSentence.firstToken, taggedSentence.lastToken + 1).filter((t) => t.start >= s.start);
    const misspelled = analysis.misspelled.filter((m) => m.start >= s.start && m.end <= s.end);
    const unmasked = s.text.replace(placeholders, "");
    const wordTokens = tokens.filter((t) => t.isWord || placeholder.test(t.text));
    let topicHits = 0;
    for (const w of findWords(s.text)) if (context.topicStems.has(stemWord(w.text))) topicHits++;
    const firstWord = findWords(s.text)[0]?.text ?? s.text.split(/\s+/)[0] ?? "";
    const transition = transitionOf(s.text);
    const subordinators = subordinatorsOf(tokens);
    return {
      index,
      text: s.text,
      start: s.start,
      end: s.end,
      paragraph: paragraphOf(s.start),
      words: wordTokens.length,
      tokens,
      nouns: nounsOf(tokens, context.topicStems, new Set(misspelled.map((m) => m.start))),
      misspelled,
      subordinators,
      opener: firstWord,
      ...optional("transition", transition),
      ...optional("misspelledTransition", transition ? undefined : misspelledTransitionOf(s.text, firstWord, misspelled)),
      ...optional("commaSplice", commaSpliceOf(tokens, transition, subordinators)),
      // Judged on the whole line: after "Dear Editor," a lower-case word may go on the greeting's sentence.
      // "tRNA brings ..." and "iPads are ..." start as the word is spelled.
      isLowercaseStart: /^[a-z][^\sA-Z]*(?:\s|$)/.test(taggedSentence.text),
      hasLowercaseI: /(?:^|\s)i(?=\s|['’])/.test(s.text),
      // A name is a detail when the student brings it ("my friend Ethan"); the author's or a character's name the
      // assignment gives is what the essay is about: "The mood created by Narciso Rodriguez is happiness." is a thesis.
      hasDetail: exampleMarkers.test(unmasked) || /\d/.test(unmasked) || quotesText(unmasked) || tokens.slice(1).some((t) => isNameToken(t, false) && !misspelled.some((m) => m.start === t.start) && !context.topicStems.has(stemWord(t.text.toLowerCase()))),
      isClaim: claimMarkers.test(s.text),
      isTelling: wordTokens.length <= 12 && tokens.some((t) => t.lemma === "be" || t.lemma === "feel" || t.lemma === "get") && tokens.some((t) => t.pos === "ADJ"),
      vagueWords: vaguePatterns.filter((v) => v.re.test(s.text) && !isPlainUse(v.word, tokens)).map((v) => s.text.match(v.re)![0]),
      topicHits,
      confusedWords: confusedWordsOf(tokens),
      notOwnWords: notOwnWordsOf(s, tokens, context.topicStems),
    };
  });
  return {
    text,
    genre: context.genre,
    wordCount: analysis.wordCount,
    sentences,
    paragraphCount: paragraphs.length,
    topics: essayTopics(sentences),
    repeated: repeatedWords(tagged, context.topicStems, new Set(analysis.misspelled.map((m) => m.text.toLowerCase()))),
    hasPrompt: context.promptStems.size > 0,
    avoid: new Set(),
    borrowed: analysis.borrowed,
  };
}

/** The sentence after a greeting ("Dear Editor, I think..."), or the whole sentence when it is nothing else. */
function withoutGreeting(sentence: TaggedSentence): Pick<TaggedSentence, "text" | "start" | "end"> {
  const greeting = greetingEnd(sentence.text);
  const lead = greeting + (sentence.text.slice(greeting).match(/^\s*/)?.[0].length ?? 0);
  if (greeting === 0 || lead >= sentence.text.length) return sentence;
  return { text: sentence.text.slice(lead), start: sentence.start + lead, end: sentence.end };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function essayTopics(sentences: SentenceFacts[]): string[] {
  // One topic for the forms of one head ("the Empire State Building", "building", "a city building"), named by the
  // form the essay uses most, the first of those on a tie: the first alone named the topic "city building".
  const counts = new Map<string, { forms: Map<string, number>; count: number; first: number }>();
  sentences.forEach((s) =>
    s.nouns.forEach((noun, rank) => {
      const key = topicKey(noun);
      const entry = counts.get(key) ?? { forms: new Map<string, number>(), count: 0, first: s.index * 100 + rank };
      entry.count++;
      entry.forms.set(noun, (entry.forms.get(noun) ?? 0) + 1);
      counts.set(key, entry);
    }),
  );
  const mostUsed = (forms: Map<string, number>) => [...forms].reduce((best, form) => (form[1] > best[1] ? form : best))[0];
  return [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).map((e) => mostUsed(e.forms));
}

/** Content words used often enough to stand out; a misspelled one is a spelling slip, not a word to swap ("computors"). */
function repeatedWords(tagged: TaggedText, topicStems: Set<string>, misspelled: Set<string>): Array<{ word: string; count: number }> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const t of tagged.tokens) {
    if (!t.isWord || (t.pos !== "ADJ" && t.pos !== "VERB" && t.pos !== "ADV" && t.pos !== "NOUN")) continue;
    const lower = t.text.toLowerCase();
    total++;
    // The prompt's own key words are expected to recur; so are function-like words.
    if (lower.length < 3 || stopWords.has(lower) || topicStems.has(stemWord(lower)) || misspelled.has(lower)) continue;
    counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  return [...counts.entries()]
    .filter(([, count]) => count >= 4 && count / Math.max(1, total) >= 0.02)
    .sort((a, b) => b[1] - a[1])
    .map(([word, count]) => ({ word, count }));
}
