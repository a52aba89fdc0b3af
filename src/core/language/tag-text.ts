import { createRequire } from "node:module";
import type winkNLP from "wink-nlp";
import { repairSentences } from "./sentence-repair.js";

/**
 * Sentences and parts of speech from wink-nlp's English model: a well-kept tagger instead of more hand-made rules
 * (decision record 010). The model is plain JavaScript data, so this stays pure. Package and model are required on
 * first use, not imported: together they hold about 20 MB that an idle server, which reads no text, should not
 * (issue 16).
 */
export interface TaggedToken {
  text: string;
  start: number;
  end: number;
  /** Universal part-of-speech tag: NOUN, PROPN, VERB, ADJ, ADV, SCONJ, CCONJ, PRON, DET, ADP, AUX, PUNCT, ... */
  pos: string;
  lemma: string;
  isNegated: boolean;
  isWord: boolean;
}

export interface TaggedSentence {
  text: string;
  start: number;
  end: number;
  /** Index range into TaggedText.tokens. */
  firstToken: number;
  lastToken: number;
}

export interface TaggedText {
  tokens: TaggedToken[];
  sentences: TaggedSentence[];
}

let nlp: ReturnType<typeof winkNLP> | undefined;

/** Abbreviations that end with a full stop without ending the sentence. */
const abbreviations = new Set(["mr.", "mrs.", "ms.", "dr.", "st.", "prof.", "sr.", "jr.", "vs.", "etc.", "e.g.", "i.e.", "a.m.", "p.m.", "no.", "u.s.", "u.k."]);

/**
 * wink reads some words with a full stop as abbreviations ("in." for inches) and runs two sentences together; a
 * token ending in a full stop before a capitalised word ends the sentence unless it is a real abbreviation.
 */
function sentenceEnds(tokens: TaggedToken[], first: number, last: number): number[] {
  const ends: number[] = [];
  for (let i = first; i < last; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1]!;
    if (token.text.length > 1 && token.text.endsWith(".") && !abbreviations.has(token.text.toLowerCase()) && /^[A-Z]/.test(next.text)) ends.push(i);
  }
  return [...ends, last];
}

/**
 * Only the steps whose output is read: sentences, negation and parts of speech. The default pipe also finds named
 * and custom entities and sentiment, which nothing here uses; without them tokens, tags, lemmas, negation and
 * sentences are the same (checked on 1,500 ASAP essays) and a text is read about a third faster.
 */
const pipe = ["sbd", "negation", "pos"];

const requirePackage = createRequire(import.meta.url);

function loadNlp() {
  nlp ??= (requirePackage("wink-nlp") as typeof winkNLP)(requirePackage("wink-eng-lite-web-model"), pipe);
  return nlp;
}

/**
 * wink tests each token with patterns that take quadratic time on one very long run of letters ("[a-z].*\.$"): a
 * "word" of 64,000 letters took 4 s, one of 200,000 held the server (outside audit). A longer run is tagged by its
 * first letters with the rest read as spaces, so every offset is the original's.
 */
const maxTaggedRun = 64;
const longRun = new RegExp(`\\S{${maxTaggedRun + 1},}`, "g");
const tameRuns = (text: string) => text.replace(longRun, (run) => run.slice(0, maxTaggedRun) + " ".repeat(run.length - maxTaggedRun));

export function tagText(text: string): TaggedText {
  const engine = loadNlp();
  const its = engine.its;
  const doc = engine.readDoc(tameRuns(text));
  const values = doc.tokens().out(its.value) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  // its.lemma needs the model's add-ons, which the typings do not thread through out().
  const lemmas = doc.tokens().out(its.lemma as never) as string[];
  const negated = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const types = doc.tokens().out(its.type) as string[];
  // wink keeps the text losslessly (spaces before each token + the token), so offsets are running sums.
  const tokens: TaggedToken[] = [];
  let offset = 0;
  for (let i = 0; i < values.length; i++) {
    offset += spaces[i]!.length;
    const value = values[i]!;
    tokens.push({ text: value, start: offset, end: offset + value.length, pos: pos[i]!, lemma: lemmas[i]!, isNegated: Boolean(negated[i]), isWord: types[i] === "word" });
    offset += value.length;
  }
  const sentences: TaggedSentence[] = [];
  doc.sentences().each((sentence: { tokens(): { length(): number; itemAt(i: number): { index(): number } } }) => {
    const sentenceTokens = sentence.tokens();
    const count = sentenceTokens.length();
    if (count === 0) return;
    let first = sentenceTokens.itemAt(0).index();
    let last = sentenceTokens.itemAt(count - 1).index();
    // Line breaks belong between sentences, not inside them.
    while (first <= last && tokens[first]!.text.trim() === "") first++;
    while (last >= first && tokens[last]!.text.trim() === "") last--;
    if (first > last) return;
    for (const end of sentenceEnds(tokens, first, last)) {
      const start = tokens[first]!.start;
      sentences.push({ text: text.slice(start, tokens[end]!.end), start, end: tokens[end]!.end, firstToken: first, lastToken: end });
      first = end + 1;
    }
  });
  return { tokens, sentences: repairSentences(text, tokens, sentences) };
}
