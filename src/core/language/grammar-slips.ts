import type { TaggedToken } from "./tag-text.js";

/**
 * Grammar slips beside the pronoun agreement of agreement.ts, each read from a pair of words whose fix is certain:
 * a verb after "do" or a modal that is not in its base form ("doesn't lost", "can goes"), an article that does not
 * fit the sound after it ("a email"), and a plural noun with a verb for one ("computers gives"). An outside reading of
 * fifty essays found sentences with each of them praised as models ("You join two ideas well ...: Chatting online
 * doesn't lost anything"); they hold praise back and, where the fix is certain, are named.
 */
export interface GrammarSlip {
  /** The words as written, and as they should read ("a email" -> "an email"); `right` is absent when only the slip is sure. */
  wrong: string;
  right?: string;
  /** Offsets of the slip in the text, for a quotation around it. */
  start: number;
  end: number;
  kind: "verb-form" | "article" | "plural-agreement";
}

const lower = (t: TaggedToken | undefined) => t?.text.toLowerCase() ?? "";
const isVerb = (t: TaggedToken | undefined) => t?.pos === "VERB" || t?.pos === "AUX";

const doSupport = new Set(["do", "does", "did"]);
const modals = new Set(["can", "could", "will", "would", "shall", "should", "may", "might", "must"]);
/** Base forms that are also another verb's past: "would lay", "will found". */
const baseAndPast = new Set(["lay", "found", "wound", "ground", "bore", "fell", "saw"]);
/** Words that may stand between "do" or a modal and its verb: "doesn't really matter", "can also help". */
const between = new Set(["n't", "not", "never", "also", "just", "really", "even", "still", "always", "only", "actually", "probably", "definitely", "ever"]);

/** The tokens from..to as the student wrote them, with a space only where the text has one ("doesn't", "can not"). */
function spanText(tokens: readonly TaggedToken[], from: number, to: number): string {
  return tokens.slice(from, to + 1).map((t, i) => (i === 0 ? t.text : `${tokens[from + i - 1]!.end < t.start ? " " : ""}${t.text}`)).join("");
}

function slipOf(tokens: readonly TaggedToken[], from: number, to: number, kind: GrammarSlip["kind"], right?: string): GrammarSlip {
  return { wrong: spanText(tokens, from, to), ...(right ? { right } : {}), start: tokens[from]!.start, end: tokens[to]!.end, kind };
}

/** "doesn't lost", "didn't went", "can goes": after do-support or a modal the verb takes its base form. */
function verbFormSlip(tokens: readonly TaggedToken[], i: number): GrammarSlip | undefined {
  const trigger = lower(tokens[i]);
  if (!doSupport.has(trigger) && !modals.has(trigger)) return undefined;
  let j = i + 1;
  while (j < tokens.length && between.has(lower(tokens[j]))) j++;
  const verb = tokens[j];
  if (!verb || !isVerb(verb)) return undefined;
  const word = lower(verb);
  const base = verb.lemma.toLowerCase();
  // "do swimming" has a gerund for its object; "could've" is a contraction; a lemma that is not a plain word tells
  // nothing.
  if (word === base || word.endsWith("ing") || !/^[a-z]+$/.test(word) || !/^[a-z]+$/.test(base) || baseAndPast.has(word)) return undefined;
  // "wont" and "won't" are read as "wo" + "n't".
  if (lower(tokens[j + 1]) === "n't") return undefined;
  // "do" is do-support only with a negation: "All you do is go", "do acts of kindness" have "do" for their verb.
  const isNegated = tokens.slice(i + 1, j).some((t) => /^(?:n't|not|never)$/i.test(t.text));
  if (doSupport.has(trigger) && (!isNegated || base === "be")) return undefined;
  // After "do" the base form is the only fix; after a modal "would been" may mean "would have been", so only an -s
  // form ("can goes") is given its fix, and the rest only hold praise back.
  const isThirdPerson = word === `${base}s` || word === `${base}es` || word === "has" || word === "is";
  const fixable = doSupport.has(trigger) || isThirdPerson;
  const head = spanText(tokens, i, j - 1);
  const right = base === "be" && word !== "is" ? undefined : `${head} ${base}`;
  return slipOf(tokens, i, j, "verb-form", fixable ? right : undefined);
}

/** Words spelled with a vowel that begin with a consonant sound ("a one-time", "a European"). */
const consonantSound = /^(?:one|once|eu|ewe|uni|use|usu|ura|uto)/;

/** "a email", "a airship": "an" before a vowel sound. Only the letters whose sound is certain are read (no h, no u). */
function articleSlip(tokens: readonly TaggedToken[], i: number): GrammarSlip | undefined {
  const article = lower(tokens[i]);
  if (article !== "a" && article !== "an") return undefined;
  const next = tokens[i + 1];
  // "a A+" or "an MRI" say the letters' names; "a @CAPS" is an anonymised word.
  // Only before a noun or an adjective: "an going" is "and going", and "type A is" names a letter.
  if (!next?.isWord || !/^[A-Za-z][a-z]+$/.test(next.text) || tokens[i]!.end === next.start || !/^(?:NOUN|ADJ)$/.test(next.pos)) return undefined;
  const word = next.text.toLowerCase();
  const startsWithVowel = /^[aeio]/.test(word) && !consonantSound.test(word);
  const startsWithConsonant = /^[bcdfgjklmnpqrstvwyz]/.test(word);
  // "a animals": the noun may be the slip ("an animal"), so only the slip is sure.
  const isPlural = word.endsWith("s") && next.lemma.toLowerCase() !== word;
  // "a other" is "another", one word: "an other" was offered as its fix.
  if (article === "a" && word === "other") return slipOf(tokens, i, i + 1, "article", `${tokens[i]!.text}nother`);
  if (article === "a" && startsWithVowel) return slipOf(tokens, i, i + 1, "article", isPlural ? undefined : `${tokens[i]!.text}n ${next.text}`);
  // "an" before a consonant is often "and" mistyped ("love an copy", "more an more"): read only where an article
  // belongs, after a verb or a preposition or at the start.
  const before = tokens[i - 1];
  const wantsArticle = !before || /^(?:VERB|AUX|ADP|PUNCT|SCONJ)$/.test(before.pos);
  if (article === "an" && startsWithConsonant && wantsArticle) return slipOf(tokens, i, i + 1, "article", isPlural ? undefined : `${tokens[i]!.text.slice(0, -1)} ${next.text}`);
  return undefined;
}

/** Nouns in -s that take a verb for one: "mathematics is", "the news was". */
const singularInS = /(?:ics|news|ss|us|is|series|species|means|lens)$/;
const clauseVerbs = new Set(["think", "believe", "know", "feel", "say", "hope", "guess", "mean", "agree"]);
const singularDeterminers = new Set(["a", "an", "another", "this", "that", "every", "each", "one"]);
/** The verb for many, from the verb for one. */
const pluralVerb: Record<string, string> = { is: "are", was: "were", has: "have", does: "do" };
/** Words a noun phrase may open with before its noun: "of" among them means the subject is another word ("one of the students is"). */
const inPhrase = new Set(["DET", "ADJ", "NUM", "PRON", "ADV", "NOUN", "PROPN"]);

/** "computers gives", "the students was": a plural noun right before a verb for one. */
function pluralAgreementSlip(tokens: readonly TaggedToken[], i: number): GrammarSlip | undefined {
  const noun = tokens[i]!;
  const verb = tokens[i + 1];
  if (noun.pos !== "NOUN" || !verb || !isVerb(verb)) return undefined;
  const word = lower(noun);
  // A plural the tagger read: an -s its lemma lacks ("computers" -> "computer"), not a word that is singular in -s.
  if (!word.endsWith("s") || noun.lemma.toLowerCase() === word || singularInS.test(word) || !/^[a-z]+$/.test(word)) return undefined;
  const verbWord = lower(verb);
  const base = verb.lemma.toLowerCase();
  const right = pluralVerb[verbWord] ?? (verbWord === `${base}s` || verbWord === `${base}es` ? base : undefined);
  if (!right) return undefined;
  // Back over the noun phrase, which must open its clause: after a verb it is an object ("using computers is"), after
  // a preposition part of a longer subject ("one of the students is", "the temperature of the jars was").
  let k = i - 1;
  while (k >= 0 && inPhrase.has(tokens[k]!.pos)) k--;
  // "family and friends is" may end a gerund's object ("interacting with family and friends is"), so a phrase after
  // "and" is not read; nor a measure ("four years is a long time", "five pounds is gained").
  // A verb of thinking or saying opens a clause ("I think computers helps"); other verbs take the phrase as object.
  const opensClause = k < 0 || (/^(?:PUNCT|SCONJ)$/.test(tokens[k]!.pos) && lower(tokens[k]) !== "as") || (tokens[k]!.pos === "VERB" && clauseVerbs.has(tokens[k]!.lemma.toLowerCase()));
  if (!opensClause) return undefined;
  if (tokens.slice(k + 1, i).some((t) => t.pos === "NUM")) return undefined;
  // "koalas bears in Australia": a noun the tagger read as a verb is followed by a preposition or nothing.
  if (verb.pos === "VERB" && /^(?:ADP|PUNCT)$/.test(tokens[i + 2]?.pos ?? "PUNCT")) return undefined;
  // "Another obstacles was", "Every parents wants": the noun is the slip, and which word to change is a guess.
  const isSingularPhrase = tokens.slice(k + 1, i).some((t) => singularDeterminers.has(lower(t)));
  return slipOf(tokens, i, i + 1, "plural-agreement", isSingularPhrase ? undefined : `${noun.text} ${right}`);
}

/**
 * The first slip in a sentence's tokens, if any. The model-sentence check, the conventions reading and the named
 * slips each ask it of the same sentence: the answer is kept per tokens array (null for none).
 */
export function grammarSlipOf(tokens: readonly TaggedToken[]): GrammarSlip | undefined {
  let known = found.get(tokens);
  if (known === undefined) {
    known = firstSlipOf(tokens) ?? null;
    found.set(tokens, known);
  }
  return known ?? undefined;
}

const found = new WeakMap<readonly TaggedToken[], GrammarSlip | null>();

function firstSlipOf(tokens: readonly TaggedToken[]): GrammarSlip | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const slip = verbFormSlip(tokens, i) ?? articleSlip(tokens, i) ?? pluralAgreementSlip(tokens, i);
    if (slip) return slip;
  }
  return undefined;
}
