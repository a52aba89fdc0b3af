import type { TaggedToken } from "./tag-text.js";

/**
 * Words a student wrote for a sound-alike ("there family", "your going", "more then", "to long", "go to are house",
 * "Its a", "could of", "I thing"), found from the parts of speech around them. A dictionary passes every one of them, so without
 * this a sentence holding one was praised as "spelled and punctuated correctly". Each pattern asks for the context that
 * makes the slip near certain: a sentence this misses is only not faulted, one it wrongly flags is only not praised.
 */
export interface ConfusedWord {
  token: TaggedToken;
  /** The word meant. */
  meant: string;
}

const tooWords = new Set(["much", "many", "long", "late", "early", "often", "far", "fast", "hard", "big", "small", "little", "bad", "old", "young", "hot", "cold", "busy", "tired", "loud"]);
const comparatives = new Set(["more", "less", "better", "worse", "rather", "other", "fewer", "greater", "higher", "lower", "larger", "smaller", "bigger", "older", "younger", "easier", "harder", "faster", "slower"]);
const modals = new Set(["could", "should", "would", "must", "might"]);
const thinkPlace = new Set(["i", "we", "they", "you", "could", "should", "would", "must", "might", "can", "will", "n't", "not", "to"]);
const beForms = new Set(["is", "are", "was", "were", "be", "been", "being", "am"]);

const lower = (t: TaggedToken | undefined) => t?.text.toLowerCase() ?? "";
const isEnd = (t: TaggedToken | undefined) => !t || t.pos === "PUNCT" || ["to", "for", "and", "but", "so"].includes(lower(t));

function meantFor(tokens: readonly TaggedToken[], i: number): string | undefined {
  const word = lower(tokens[i]);
  const before = tokens[i - 1];
  const next = tokens[i + 1];
  const after = tokens[i + 2];
  switch (word) {
    case "there":
      // "there family", "there new house": a noun owned, not a place.
      return next?.pos === "NOUN" || (next?.pos === "ADJ" && after?.pos === "NOUN") ? "their" : undefined;
    case "their":
      return next?.pos === "AUX" || ["is", "are", "was", "were"].includes(lower(next)) ? "there" : undefined;
    case "your":
      // "your going", and "your wrong." where an adjective ends the clause ("your new house" goes on to a noun).
      return (/ing$/.test(lower(next)) && next?.pos === "VERB") || (next?.pos === "ADJ" && isEnd(after)) ? "you're" : undefined;
    case "aloud":
      // "not aloud to", "we are aloud": permission, not a voice ("read aloud" keeps its verb before it).
      return beForms.has(lower(before)) || lower(before) === "not" ? "allowed" : undefined;
    case "here":
      // "I could here them": a verb's place after a modal.
      return modals.has(lower(before)) || ["can", "will", "cannot", "couldn't", "can't", "didn't"].includes(lower(before)) ? "hear" : undefined;
    case "then":
      return tokens.slice(Math.max(0, i - 3), i).some((t) => comparatives.has(lower(t))) ? "than" : undefined;
    case "to":
      return tooWords.has(lower(next)) && isEnd(after) && !["as", "the", "a"].includes(lower(before)) ? "too" : undefined;
    case "are":
      // "to are friends": a verb cannot follow "to", "with" or "at"; the tagger reads "to" there as a particle.
      return (before?.pos === "ADP" || lower(before) === "to") && ["NOUN", "ADJ"].includes(next?.pos ?? "") ? "our" : undefined;
    case "its":
      return next?.pos === "DET" || ["not", "going", "been", "because"].includes(lower(next)) ? "it's" : undefined;
    case "of":
      return modals.has(lower(before)) ? "have" : undefined;
    case "thing":
      // "I thing that", "will thing about", "don't thing so": a verb's place after a subject pronoun or a modal.
      // Not where a noun ends its phrase or does something: "that's they thing.", "get you thing done", "the help to thing happen".
      return thinkPlace.has(lower(before)) && !["DET", "ADJ"].includes(before?.pos ?? "") && !isEnd(next) && next?.pos !== "VERB" ? "think" : undefined;
    default:
      return undefined;
  }
}

/** The sound-alike slips of a sentence's tokens, in order. */
export function confusedWordsOf(tokens: readonly TaggedToken[]): ConfusedWord[] {
  const found: ConfusedWord[] = [];
  tokens.forEach((token, i) => {
    const meant = token.isWord ? meantFor(tokens, i) : undefined;
    if (meant) found.push({ token, meant });
  });
  return found;
}
