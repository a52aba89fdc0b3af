import { stemWord } from "../text.js";
import { stopWords } from "../word-lists.js";
import type { TaggedToken } from "../../language/tag-text.js";
import { subjectPronouns } from "../../language/clauses.js";
import { commonerLookalike } from "../../language/lookalike.js";
import { zipfFrequency } from "../../language/word-frequency.js";

/**
 * What makes two named topics one: the stem of the last word, the head of a compound or a name ("the Empire State
 * Building" and "buildings", "mooring mast" and "mast"), in either number and case.
 */
export const topicKey = (noun: string) => stemWord(noun.slice(noun.lastIndexOf(" ") + 1).toLowerCase());

/** ASAP-style anonymisation tokens (@PERSON1, @CAPS2, @NUM1): words, but never worth naming. */
export const placeholder = /^@[A-Z]+\d*/;

/**
 * Nouns too general to say what a sentence is about. "point" is here because the comments themselves speak of
 * points: "the point about point" told the student nothing; so do "story" and "statement" ("Your story on laugh and
 * story", "add an example of statement").
 */
const generalNouns = new Set(
  "thing things way ways well time times lot lots part parts kind kinds fact facts self others matter half reason reasons example examples point points people person day days week weeks month months year years hour hours minute minutes bit stuff something anything everything nothing someone anyone everyone opinion essay paragraph sentence letter first second third last end conclusion introduction summary body paragraphs sentences essays page title story stories statement topic bye tho mrs ones".split(" "),
);

/** Crude words a student may use: a teacher's comment does not repeat them back as "the sentence about crap". */
const crudeNouns = new Set(["hell", "crap", "damn", "shit", "ass", "butt", "sucks", "heck"]);

/**
 * Nouns that, before "of", measure or place the noun after them: "the lack of water" is about water, "the middle of
 * nowhere" about nothing, "loads of money" about money. Named alone they told a student to add "a detail from the text
 * about lack", and a run-on "carries several ideas about treasurer and loads".
 */
const nounsBeforeOf = new Set(
  "lack middle amount number type sort rest side top bottom edge front back beginning couple bunch group piece half majority variety series pair set risk chance state sense load loads ton tons plenty handful dozens hundreds thousands millions".split(" "),
);

/**
 * Set phrases ending in a noun that is no thing talked about: "in order to", "at risk", and the linking phrases a
 * student opens a sentence with ("In addition, ...": "the point about addition" named the link as the point).
 */
const setPhraseList = (
  [
    "in order", "in spite", "in case", "in charge", "in fact", "in addition", "in contrast", "in comparison", "in general",
    "in short", "in total", "in particular", "in reality", "in turn", "in return", "in advance", "in common", "in person",
    "in conclusion", "in summary", "in brief", "at risk", "at least", "at first", "at last", "on purpose", "on line",
    "for instance", "as a result", "on the other hand", "on the one hand", "at the same time", "by the way", "in the end",
    "all in all", "in other words", "at the end of the day",
  ] as const
).map((phrase) => phrase.split(" "));
/** The phrases by each of their words but the first, looked up for every noun of every sentence. */
const setPhrasesByWord = new Map<string, string[][]>();
for (const phrase of setPhraseList) {
  for (const word of phrase.slice(1)) setPhrasesByWord.set(word, [...(setPhrasesByWord.get(word) ?? []), phrase]);
}

/** A noun inside a set phrase, not a thing talked about: "in order to", "in spite of", "at risk", "in addition". */
function isInSetPhrase(tokens: TaggedToken[], i: number): boolean {
  const word = tokens[i]!.text.toLowerCase();
  const after = tokens[i + 1]?.text.toLowerCase();
  if (after === "of" && nounsBeforeOf.has(word)) return true;
  return (setPhrasesByWord.get(word) ?? []).some((phrase) => {
    const at = phrase.lastIndexOf(word);
    return phrase.every((part, k) => tokens[i - at + k]?.text.toLowerCase() === part);
  });
}

/**
 * Words that, read as nouns, are almost always a slip for another word the dictionary also knows: "a positive affect"
 * (effect), "my advise" (advice), "a big lose" (loss). Named as a topic they would repeat the slip back to the student.
 */
const nounSlips = new Set(["affect", "affects", "advise", "lose", "loose"]);

/**
 * A letter's greeting ("Dear Local Newspaper,"): the tagger glues it to the first sentence, and its capitalised
 * words read as names, so it passed for "a concrete detail" and gave topics such as "Readers". Returns where the
 * greeting ends within the sentence, or 0 when there is none.
 */
export function greetingEnd(sentence: string): number {
  const found = sentence.match(/^\s*(?:Dear\s[^,:.!?\n]{1,60}|To whom it may concern)[,:]/i);
  return found ? found[0].length : 0;
}

/** A capitalised proper noun: a person's or a place's name, a classmate's too ("My friend Ethan Brooks"). */
export function isNameToken(token: TaggedToken, isFirstWord: boolean): boolean {
  // The first word of a sentence is capitalised anyway: there it is a name only when the lower-case word is unknown.
  return token.pos === "PROPN" && /^[A-Z][a-z]/.test(token.text) && (!isFirstWord || zipfFrequency(token.text.toLowerCase()) === undefined);
}

/**
 * Whether a noun is what its sentence is about. Left out: names the prompt and source do not use (a classmate's name is
 * no topic) and the word
 * before a name, measures written
 * after a number or without a vowel ("@NUM1 lbs", "kg"), the end of a web address ("tickets.com"), and a bare singular noun right after "is" with no article:
 * that place is an adjective's, so the noun is most likely a homophone slip the dictionary accepts ("it's rite for
 * people", for "right").
 */
function isTopicNoun(tokens: TaggedToken[], i: number, isFirstWord: boolean, topicStems: Set<string>): boolean {
  const t = tokens[i]!;
  // A name the prompt or source uses is what the essay is about ("Venus", "the Mona Lisa"); a classmate's is not.
  const isForeignName = (token: TaggedToken, first: boolean) => isNameToken(token, first) && !topicStems.has(stemWord(token.text.toLowerCase()));
  // A name, or the word that introduces one ("my friend Ethan", "my teacher Mrs. Novak"): about a person, not a topic.
  if (isForeignName(t, isFirstWord) || (tokens[i + 1] && isForeignName(tokens[i + 1]!, false))) return false;
  if (nounSlips.has(t.text.toLowerCase())) return false;
  const before = tokens[i - 1];
  if (before && (before.pos === "NUM" || /^@NUM/.test(before.text))) return false;
  // "tickets.com": the end of a web address, not a word of the sentence.
  if (!/[aeiouy]/i.test(t.text) || (before?.text === "." && before.end === t.start)) return false;
  const isSingular = t.lemma.toLowerCase() === t.text.toLowerCase();
  return !(t.pos === "NOUN" && isSingular && before?.pos === "AUX" && before.lemma === "be");
}

/** Nouns of time that follow another noun without making a compound with it ("I told my mom yesterday"). */
const timeNouns = new Set(["today", "tomorrow", "yesterday", "tonight"]);

/**
 * A singular common noun right before another, one space apart: the first says what kind the second is, and named
 * alone it read as nonsense ("a detail about snail" of "snail mail", "the move from cruise to ships").
 */
function modifiesNext(tokens: TaggedToken[], i: number, isFirstWord: boolean): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  // The tagger reads a capitalised first word as a name now and then ("Snail mail"): the caller has ruled names out.
  const isNoun = t.pos === "NOUN" || (isFirstWord && t.pos === "PROPN");
  if (!next || !isNoun || next.pos !== "NOUN" || next.start !== t.end + 1) return false;
  // After a noun or a subject pronoun, the "noun" is most likely a verb the tagger misread: "students research
  // volcanoes", "they research". After "my" or "their" it is a compound still ("my age group").
  const before = tokens[i - 1];
  if (before && (before.pos === "NOUN" || before.pos === "PROPN" || subjectPronouns.has(before.text.toLowerCase()))) return false;
  // After an adjective the compound is three words ("long term effects"): named as two it read "term effects".
  if (before?.pos === "ADJ") return false;
  const isLowerWord = (token: TaggedToken) => /^\p{Ll}+$/u.test(token.text);
  const lower = next.text.toLowerCase();
  // A sentence's first word has its capital anyway: "Snail mail is no more".
  const isWordOfText = isLowerWord(t) || (isFirstWord && /^\p{Lu}\p{Ll}+$/u.test(t.text));
  // A plural does not modify the noun after it; the tagger leaves a capitalised first word unlemmatised, so its -s is
  // read here: "Authors use many techniques" was "the statement about authors use".
  const isPlural = t.lemma.toLowerCase() !== t.text.toLowerCase() || (isFirstWord && /[^su]s$/i.test(t.text));
  return isWordOfText && isLowerWord(next) && !isPlural && !generalNouns.has(lower) && !timeNouns.has(lower) && !stopWords.has(lower);
}

/** Below this (about ten uses in a million words) a noun a letter from a far commoner word is more likely a slip. */
const rareZipf = 4;

/** Endings of adjectives the tagger reads as nouns now and then ("the point about scientist and famous"). */
const adjectiveEnding = /(?:ous|ful|less)$/;

/** Half of a hyphenated word ("self-confidence"): named alone, it read "the reasons about self and confidence". */
function isHalfOfCompound(tokens: TaggedToken[], i: number): boolean {
  const t = tokens[i]!;
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  return (before?.text === "-" && before.end === t.start) || (after?.text === "-" && after.start === t.end);
}

/**
 * The words after a name that belong to it: capitalised nouns one space apart ("Empire State Building", "Los
 * Angeles"; the tagger reads "Building" as a noun), and the placeholder an anonymised text put in one ("Empire @CAPS1
 * Building"). Returns the index of the name's last token.
 */
function nameEnd(tokens: TaggedToken[], i: number): number {
  let end = i;
  for (let next = tokens[end + 1]; next && next.start === tokens[end]!.end + 1; next = tokens[end + 1]) {
    const isCapitalisedNoun = (next.pos === "PROPN" || next.pos === "NOUN") && /^\p{Lu}\p{Ll}/u.test(next.text);
    if (!isCapitalisedNoun && !placeholder.test(next.text)) break;
    end++;
  }
  return end;
}

/**
 * The nouns that say what a sentence is about, most specific first: rarer words before common ones (by everyday
 * frequency), the prompt's own words last, misspelled and general words left out.
 */
export function nounsOf(tokens: TaggedToken[], promptStems: Set<string>, misspelledAt: Set<number>): string[] {
  const seen = new Set<string>();
  const found: Array<{ word: string; rank: number }> = [];
  const firstWord = tokens.find((t) => t.isWord);
  // The first noun of a compound, named with the next one ("snail mail", "heat stroke").
  let modifier: { at: number; word: string; zipf: number } | undefined;
  // The last token of a name of several words named whole: its other words are no topics of their own.
  let insideNameUntil = -1;
  tokens.forEach((t, i) => {
    if (i <= insideNameUntil) return;
    // Letters only: "Dr." or "4th" is no topic ("your essay on Dr. and Angela").
    // Letters and hyphens only: a word with an apostrophe the tagger calls a noun is a contraction ("i'm", "theres").
    if ((t.pos !== "NOUN" && t.pos !== "PROPN") || !t.isWord || !/^\p{L}[\p{L}-]*$/u.test(t.text) || placeholder.test(t.text) || misspelledAt.has(t.start)) return;
    const lastOfName = isNameToken(t, t === firstWord) ? nameEnd(tokens, i) : i;
    if (lastOfName > i) {
      insideNameUntil = lastOfName;
      const parts = tokens.slice(i, lastOfName + 1);
      const stems = parts.map((p) => stemWord(p.text.toLowerCase()));
      // Named whole when the prompt or source uses it; half anonymised ("the Empire @CAPS1 Building") or a name from
      // elsewhere (a classmate, a town), it is no topic.
      if (parts.some((p) => placeholder.test(p.text)) || !stems.some((stem) => promptStems.has(stem)) || stems.every((stem) => seen.has(stem))) return;
      for (const stem of stems) seen.add(stem);
      // "the Empire State Building" as the student wrote it: named without its article it read as a slip.
      const article = tokens[i - 1]?.text === "the" ? "the " : "";
      found.push({ word: article + parts.map((p) => p.text).join(" "), rank: 2 + Math.min(...parts.map((p) => zipfFrequency(p.text.toLowerCase()) ?? 3)) });
      return;
    }
    const lower = t.text.toLowerCase();
    // One word once: "the essay on books and book" named one topic twice.
    const stem = stemWord(lower);
    if (lower.length < 3 || stopWords.has(lower) || generalNouns.has(lower) || crudeNouns.has(lower) || seen.has(stem) || !isTopicNoun(tokens, i, t === firstWord, promptStems)) return;
    if (isHalfOfCompound(tokens, i) || isInSetPhrase(tokens, i) || adjectiveEnding.test(lower)) return;
    const isName = isNameToken(t, t === firstWord);
    // A rare word a letter or two from an everyday one is most likely a slip the dictionary passes ("mos" for most,
    // "par" for part, "ewe" for eye): named as a topic it read "the sentence about ewe and responsibility".
    const zipf = zipfFrequency(lower) ?? zipfFrequency(t.lemma) ?? 3;
    // A name keeps its capital ("the point about Saeng", not "saeng"), and so does a term ("mRNA", "DNA").
    const keepsCase = isName || /\p{Ll}\p{Lu}|^\p{Lu}{2,}$/u.test(t.text);
    if (!keepsCase && zipf < rareZipf && !promptStems.has(stemWord(lower)) && commonerLookalike(lower)) return;
    seen.add(stem);
    const word = keepsCase ? t.text : lower;
    const head = modifier?.at === i ? modifier : undefined;
    if (!head && !keepsCase && modifiesNext(tokens, i, t === firstWord)) {
      modifier = { at: i + 1, word, zipf };
      return;
    }
    // A modifier whose head was left out (a general noun, a slip) is no topic alone: "the heat" of "heat things".
    found.push({ word: head ? `${head.word} ${word}` : word, rank: Math.min(zipf, head?.zipf ?? zipf) + (promptStems.has(stemWord(lower)) ? 2 : 0) });
  });
  return found.sort((a, b) => a.rank - b.rank).map((f) => f.word);
}
