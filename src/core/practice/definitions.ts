import type { TaggedSentence, TaggedText } from "../language/tag-text.js";
import { countWords } from "./normalise.js";

/** A definitional sentence of the source: "X is/are/means/refers to ..." or "... is called X". */
export interface Definition {
  term: string;
  /** The linking words as written: "is", "are", "refers to", "is called"... */
  link: string;
  definition: string;
  /** The sentence as the source has it. */
  sentence: string;
  sentenceIndex: number;
}

const linking = String.raw`is defined as|are defined as|is known as|are known as|refers to|refer to|means|mean|is|are`;
const termFirst = new RegExp(String.raw`^(?:(?:a|an|the)\s+)?([\p{L}][\p{L}\p{N}'’ -]{1,60}?)\s*,?\s+(${linking})\s+(.+?)[.!]?$`, "iu");
const termLast = new RegExp(String.raw`^(.+?)\s+((?:is|are)\s+(?:called|known as|named))\s+(?:an?\s+|the\s+)?([\p{L}][\p{L}\p{N}'’ -]{1,60}?)[.!]?$`, "iu");
/** Words that open a sentence about something already named, not a term: "It is ...", "This means ...". */
const notTerms = new Set(["it", "this", "that", "these", "those", "there", "he", "she", "they", "we", "you", "i", "which", "what", "who", "one", "here", "what's", "all", "some", "many", "most"]);
const maxTermWords = 4;
const minDefinitionWords = 4;

/** The term's words must be nouns or adjectives to the tagger: "Running fast is fun" is not a definition. */
function isNounPhrase(tagged: TaggedText, sentence: TaggedSentence, start: number, end: number): boolean {
  const tokens = tagged.tokens.slice(sentence.firstToken, sentence.lastToken + 1).filter((t) => t.start >= start && t.end <= end && t.isWord);
  const words = tokens.filter((t) => !/^(?:a|an|the)$/i.test(t.text));
  return words.length > 0 && words.length <= maxTermWords && words.every((t) => ["NOUN", "PROPN", "ADJ"].includes(t.pos)) && words.at(-1)!.pos !== "ADJ";
}

/**
 * "X is/are ..." defines X only when a noun follows the verb before any punctuation or other verb ("is the process",
 * "are tiny openings"); "Libraries are valuable, but ..." describes them instead.
 */
function startsWithNoun(tagged: TaggedText, sentence: TaggedSentence, definitionStart: number): boolean {
  const tokens = tagged.tokens.slice(sentence.firstToken, sentence.lastToken + 1).filter((t) => t.start >= definitionStart);
  for (const t of tokens.slice(0, 5)) {
    if (t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "NUM") return true;
    if (t.pos === "PUNCT" || t.pos === "VERB" || t.pos === "AUX" || t.pos === "ADP" || t.pos === "SCONJ" || t.pos === "CCONJ") return false;
  }
  return false;
}

/** The definitional sentences of a text, in its order. */
export function findDefinitions(tagged: TaggedText): Definition[] {
  const found: Definition[] = [];
  tagged.sentences.forEach((sentence, sentenceIndex) => {
    const text = sentence.text.replace(/\s+/g, " ");
    if (text.endsWith("?")) return;
    const first = text.match(termFirst);
    if (first && !notTerms.has(first[1]!.trim().split(" ")[0]!.toLowerCase())) {
      const term = first[1]!.trim();
      const at = sentence.text.indexOf(term);
      const definition = first[3]!.trim();
      const link = first[2]!.toLowerCase();
      const isDescribed = (link === "is" || link === "are") && !startsWithNoun(tagged, sentence, sentence.start + sentence.text.lastIndexOf(definition));
      if (at >= 0 && !isDescribed && countWords(definition) >= minDefinitionWords && isNounPhrase(tagged, sentence, sentence.start + at, sentence.start + at + term.length)) {
        found.push({ term, link, definition, sentence: sentence.text, sentenceIndex });
        return;
      }
    }
    const last = text.match(termLast);
    if (last) {
      const term = last[3]!.trim();
      const definition = last[1]!.trim();
      const at = sentence.text.lastIndexOf(term);
      if (at >= 0 && countWords(definition) >= minDefinitionWords && isNounPhrase(tagged, sentence, sentence.start + at, sentence.start + at + term.length)) {
        found.push({ term, link: last[2]!.toLowerCase(), definition, sentence: sentence.text, sentenceIndex });
      }
    }
  });
  return found;
}
