import type { TaggedToken } from "./tag-text.js";

/**
 * Grammar slips a dictionary passes and the parts of speech show: a verb that does not agree with its pronoun
 * ("he work", "they was", "she have"), or a sentence of some length with no verb at all ("I success my goal"). Like
 * confused-words.ts, used to hold praise back ("spelled and punctuated correctly"), never to fault a student: a
 * tagger's slip then costs only a sentence not praised.
 */
const singular = new Set(["he", "she", "it"]);
const plural = new Set(["we", "they", "you"]);
/** Base-form verbs that agree with a plural or I/you subject: after he, she or it they want an -s. */
const baseAfterSingular = new Set(["have", "do", "go", "work", "want", "like", "make", "take", "get", "need", "know", "think", "say", "come", "look", "play", "live", "try", "help", "use", "feel", "give", "find", "tell", "become", "seem", "keep", "start", "show", "run"]);

const lower = (t: TaggedToken | undefined) => t?.text.toLowerCase() ?? "";

/** The first pronoun-verb pair that does not agree, if any. */
export function agreementSlipOf(tokens: readonly TaggedToken[]): TaggedToken | undefined {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const subject = lower(tokens[i]);
    const verb = tokens[i + 1]!;
    const word = lower(verb);
    // "If he were" is the subjunctive, right as written; "he have" after a modal ("could he have") is a question.
    if (singular.has(subject) && (baseAfterSingular.has(word) || word === "are") && lower(tokens[i - 1]) !== "did" && !/^(?:could|would|should|might|must|will|can|does|did|to)$/.test(lower(tokens[i - 1]))) return verb;
    if (plural.has(subject) && word === "was") return verb;
    if (subject === "i" && (word === "is" || word === "are")) return verb;
  }
  return undefined;
}

/** A sentence of six words or more with no verb: "I success my goal every year." */
export function isVerbless(tokens: readonly TaggedToken[]): boolean {
  const words = tokens.filter((t) => t.isWord).length;
  return words >= 6 && !tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
}

/**
 * A sentence that opens with a joining word and has no comma to end that clause: "Because I believe that you can be
 * a professional person if you want." is half a sentence, and was praised for joining two ideas.
 */
export function isDependentFragment(tokens: readonly TaggedToken[]): boolean {
  const first = tokens.find((t) => t.isWord);
  return first?.pos === "SCONJ" && /^(?:because|although|though|since|while|whereas|unless)$/i.test(first.text) && !tokens.some((t) => t.text === ",");
}
