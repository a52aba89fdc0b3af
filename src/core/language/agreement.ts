import type { TaggedToken } from "./tag-text.js";

/**
 * Grammar slips a dictionary passes and the parts of speech show: a verb that does not agree with its pronoun
 * ("he work", "they was", "she have"), or a sentence of some length with no verb at all ("I success my goal"). Like
 * confused-words.ts, used to hold praise back ("spelled and punctuated correctly"); only the pronoun-verb pairs,
 * read from the words alone and not from the tagger, are also named as a grammar slip to fix.
 */
/** Subjects that take the verb for one, the indefinite pronouns among them: "Everyone have to learn" is "Everyone has". */
const singular = new Set(["he", "she", "it", "everyone", "everybody", "someone", "somebody", "anyone", "anybody", "nobody"]);
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
    // "If he were" is the subjunctive, right as written; "he have" after a modal ("could he have", "doesn't it seem")
    // is a question; "it" after a verb or a preposition is its object ("use it do", "make it look"); and "like" after
    // a pronoun is often the preposition ("everyone take advantage of it like ..."), so the tagger must call it a verb.
    const before = tokens[i - 1];
    const isQuestionOrObject = /^(?:could|would|should|might|must|will|can|does|did|do|to|n't|not)$/.test(lower(before)) || before?.pos === "VERB" || before?.pos === "ADP";
    const isVerb = verb.pos === "VERB" || verb.pos === "AUX";
    // "he use to" is "used to", not "uses to".
    const isUsedTo = word === "use" && lower(tokens[i + 2]) === "to";
    if (singular.has(subject) && (baseAfterSingular.has(word) || word === "are") && isVerb && !isQuestionOrObject && !isUsedTo) return verb;
    // "the examples I gave you was": "you" there is the object, and "was" agrees with "examples".
    if (plural.has(subject) && word === "was" && !isQuestionOrObject) return verb;
    if (subject === "i" && (word === "is" || word === "are")) return verb;
  }
  return undefined;
}

const irregularThirdPerson = new Map([["have", "has"], ["do", "does"], ["go", "goes"]]);

/**
 * The pair as it should read, for a slip `agreementSlipOf` found: "he work" -> "he works", "it are" -> "it is",
 * "they was" -> "they were", "I is" -> "I am". Only pronoun subjects are read, so the fix is certain.
 */
export function agreedPair(subject: string, verb: string): string {
  const s = subject.toLowerCase();
  const v = verb.toLowerCase();
  if (v === "was") return `${subject} were`;
  if (s === "i") return `${subject} am`;
  if (v === "are") return `${subject} is`;
  const fixed = irregularThirdPerson.get(v) ?? (/[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : /(?:s|sh|ch|x|z)$/.test(v) ? `${v}es` : `${v}s`);
  return `${subject} ${fixed}`;
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
