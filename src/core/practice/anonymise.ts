import type { SpellChecker } from "../grading/spelling.js";
import { suggestSpelling } from "../language/suggest-spelling.js";
import { tagText, type TaggedToken } from "../language/tag-text.js";

/** What stands in for a person's name in a passage of a student's work. */
export const namePlaceholder = "[name]";

export interface Anonymised {
  text: string;
  /** The words replaced, so a corrected copy of the same passage can be anonymised the same way. */
  replaced: string[];
}

const months = new Set(["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]);
const weekdays = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
/** ASAP-style placeholders (@PERSON1, @CAPS2, @LOCATION1) already hide a detail; they read better in brackets. */
const corpusPlaceholder = /@([A-Z]+)\d+/g;

/** "@PERSON1" as "[name]", "@LOCATION2" as "[location]". */
function bracketPlaceholders(text: string): string {
  return text.replace(corpusPlaceholder, (_, kind: string) => (kind === "PERSON" || kind === "CAPS" ? namePlaceholder : `[${kind.toLowerCase()}]`));
}

/** Whether a passage holds one of those placeholders (a student could not be asked to type one). */
export function hasCorpusPlaceholder(text: string): boolean {
  return /@[A-Z]+\d/.test(text);
}
/**
 * Ways to reach a child that a name list cannot catch: e-mail addresses, web addresses and handles, phone numbers.
 * Replaced before names are looked for, so "noah.patel@gmail.com" does not leave "[name]@gmail.com".
 */
const contacts: Array<[RegExp, string]> = [
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, "[email]"],
  // Up to the address's last letter or digit: the sentence's full stop or comma stays.
  [/\b(?:https?:\/\/|www\.)\S*[\p{L}\p{N}/]/gu, "[link]"],
  // A handle ("@JAKE" too); ASAP's own placeholders (@PERSON1, @CAPS2) always end in a number and are read below.
  [/(?<![\p{L}\p{N}])@(?![A-Z]+\d+(?![\p{L}\p{N}_]))[\p{L}\p{N}_]{2,}/gu, "[link]"],
  [/(?<!\d)(?:\+?\d{1,3}[ .-]?)?(?:\(\d{3}\) ?|\d{3}[ .-]?)\d{3}[ .-]?\d{4}(?!\d)/g, "[phone]"],
];

function withoutContacts(text: string): string {
  return contacts.reduce((out, [pattern, placeholder]) => out.replace(pattern, placeholder), text);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a capitalised word names someone or something. The tagger's proper nouns, and any capitalised word inside
 * a sentence that the dictionary knows only with its capital, are taken as names; places go too, since a town or a
 * team can identify a student as well as a name can. A word with a confident spelling correction is a slip, not a
 * name. Without a dictionary every proper noun goes.
 */
function isName(token: TaggedToken, isSentenceStart: boolean, spellChecker: SpellChecker | undefined): boolean {
  const lower = token.text.toLowerCase();
  if (!token.isWord || !/^[A-Z]/.test(token.text) || token.text === "I" || months.has(lower) || weekdays.has(lower)) return false;
  if (suggestSpelling(token.text) && spellChecker && !spellChecker.correct(token.text)) return false;
  const isCommonWord = spellChecker ? spellChecker.correct(lower) : false;
  if (token.pos === "PROPN") return !(isSentenceStart && isCommonWord);
  return !isSentenceStart && spellChecker !== undefined && !isCommonWord;
}

/**
 * A passage of a student's work with the names of people (`names`: the whole class's, so a classmate named in it goes
 * too, in any case) replaced by "[name]", runs of name words by one placeholder, and contacts by "[email]", "[link]"
 * or "[phone]": practice shows the class its own writing without saying whose it is or whom it names.
 */
/** A name's parts as the tagger reads words: "O'Brien" and "Smith-Jones" whole, and their pieces too. */
function nameParts(names: readonly string[] | undefined): Set<string> {
  const words = (names ?? []).flatMap((name) => name.split(/[\s,.]+/));
  return new Set([...words, ...words.flatMap((word) => word.split(/['’-]+/))].filter((part) => part.length >= 2).map((part) => part.toLowerCase()));
}

export function anonymise(original: string, options: { names?: readonly string[]; classNames?: readonly string[]; spellChecker?: SpellChecker } = {}): Anonymised {
  const text = withoutContacts(original);
  const own = nameParts(options.names);
  const classmates = nameParts(options.classNames);
  const tagged = tagText(text);
  const starts = new Set(tagged.sentences.map((s) => tagged.tokens.slice(s.firstToken, s.lastToken + 1).find((t) => t.isWord)?.start));
  const words = tagged.tokens.filter((token) => token.isWord);
  const isWord = (token: TaggedToken) => options.spellChecker?.correct(token.text.toLowerCase()) ?? false;
  const isSurelyName = (token: TaggedToken | undefined) => token !== undefined && (own.has(token.text.toLowerCase()) || (classmates.has(token.text.toLowerCase()) && !isWord(token)));
  // A classmate called Will or Grace: the word is their name when written with its capital or beside another part
  // of a name ("grace scott"); "I will go" keeps its verb. The author's own name goes in any case.
  const isKnown = (index: number) => {
    const token = words[index]!;
    const lower = token.text.toLowerCase();
    if (months.has(lower) || weekdays.has(lower)) return false;
    if (isSurelyName(token)) return true;
    if (!classmates.has(lower)) return false;
    if (isSurelyName(words[index - 1]) || isSurelyName(words[index + 1])) return true;
    // At a sentence's start a capital says nothing, so the tagger decides: "Grace sits" is a name, "Will you help?"
    // and "An apple" keep their words.
    return /^\p{Lu}/u.test(token.text) && (!starts.has(token.start) || token.pos === "PROPN");
  };
  const spans: Array<{ start: number; end: number }> = [];
  for (const [index, token] of words.entries()) {
    if (!isKnown(index) && !isName(token, starts.has(token.start), options.spellChecker)) continue;
    const last = spans.at(-1);
    // "Jake Smith" and "Jake  Smith" are one name.
    if (last && /^\s*$/.test(text.slice(last.end, token.start))) last.end = token.end;
    else spans.push({ start: token.start, end: token.end });
  }
  let out = text;
  const replaced: string[] = [];
  for (const span of [...spans].reverse()) {
    replaced.push(text.slice(span.start, span.end));
    out = out.slice(0, span.start) + namePlaceholder + out.slice(span.end);
  }
  out = bracketPlaceholders(out);
  return { text: out, replaced };
}

/** Replaces the same names in another version of the passage (its corrected form). */
export function replaceNames(text: string, names: readonly string[]): string {
  let out = withoutContacts(text);
  // In any case: the corrected copy capitalises ("grace Scott" in the passage is "Grace Scott" in the answer).
  for (const name of [...names].sort((a, b) => b.length - a.length)) out = out.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, "giu"), namePlaceholder);
  return bracketPlaceholders(out);
}
