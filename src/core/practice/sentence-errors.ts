import { buildAssignmentContext } from "../grading/assignment-context.js";
import { gatherEssayFacts, type SentenceFacts } from "../grading/feedback/essay-facts.js";
import { hasCorpusPlaceholder } from "./anonymise.js";
import { countWords } from "./normalise.js";
import { listWords } from "../grading/feedback/reading.js";
import { analyzeText } from "../grading/features.js";
import type { SpellChecker } from "../grading/spelling.js";
import { suggestSpelling } from "../language/suggest-spelling.js";
import type { TaggedText, TaggedToken } from "../language/tag-text.js";

/**
 * Sentences with an error the grader's own checks find (spelling, capitals, a comma splice, a run-on), each with the
 * corrected sentence. Only errors with one clear correction are kept: a misspelling without a confident guess, or
 * a run-on with no clean place to split, makes no item.
 */
export type ErrorKind = "spelling" | "capitals" | "comma-splice" | "run-on";

export interface SentenceError {
  sentenceIndex: number;
  /** Offsets of the sentence in the text. */
  start: number;
  end: number;
  kinds: ErrorKind[];
  original: string;
  answer: string;
  prompt: string;
  explanation: string;
}

/** The grader calls a sentence of more than 35 words a run-on (read-sentences.ts). */
const runOnWords = 35;
const subjects = new Set(["i", "you", "he", "she", "it", "we", "they", "this", "that", "there", "my", "our", "their", "his", "her", "the", "a", "an", "some", "many", "most"]);

interface Edit {
  start: number;
  end: number;
  replacement: string;
  kind: ErrorKind;
  note: string;
}

const quote = (text: string) => `“${text}”`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function spellingEdits(s: SentenceFacts): Edit[] | undefined {
  const edits: Edit[] = [];
  for (const word of s.misspelled) {
    const fixed = suggestSpelling(word.text);
    // One misspelling without a clear correction leaves the answer wrong too: no item for this sentence.
    if (!fixed || fixed === word.text) return undefined;
    edits.push({ start: word.start - s.start, end: word.end - s.start, replacement: fixed, kind: "spelling", note: `${quote(word.text)} is spelled ${quote(fixed)}.` });
  }
  return edits;
}

function capitalEdits(s: SentenceFacts): Edit[] {
  const edits: Edit[] = [];
  if (s.isLowercaseStart) edits.push({ start: 0, end: 1, replacement: s.text.charAt(0).toUpperCase(), kind: "capitals", note: "A sentence begins with a capital letter." });
  for (const m of s.text.matchAll(/(?<=^|\s)i(?=\s|['’])/g)) {
    if (m.index === 0 && s.isLowercaseStart) continue;
    edits.push({ start: m.index, end: m.index + 1, replacement: "I", kind: "capitals", note: `The word ${quote("I")} is always a capital.` });
  }
  return edits;
}

/**
 * Words that make the part before a comma a dependent clause ("When it was built, it was tall", "Two months after
 * they finished, they were back"): then the comma is right, and no splice is offered whatever the tagger says.
 */
const dependentOpeners = new Set(["when", "whenever", "while", "after", "before", "since", "because", "if", "although", "though", "as", "once", "until", "unless", "whereas", "whether", "where", "wherever"]);

/** A full stop in place of the comma, and a capital on the next thought's first word; only when both sides stand alone. */
function spliceEdit(s: SentenceFacts, subject: TaggedToken): Edit | undefined {
  const comma = s.text.lastIndexOf(",", subject.start - s.start);
  if (comma < 0) return undefined;
  const before = s.tokens.filter((t) => t.end <= s.start + comma);
  const after = s.tokens.filter((t) => t.start >= subject.start);
  if (before.some((t) => t.pos === "SCONJ" || dependentOpeners.has(t.text.toLowerCase())) || !isClause(before) || !isClause(after)) return undefined;
  return {
    start: comma,
    end: subject.start - s.start + 1,
    replacement: `. ${subject.text.charAt(0).toUpperCase()}`,
    kind: "comma-splice",
    note: `Two complete thoughts are joined by only a comma: end the first with a full stop before ${quote(subject.text)} (or join them with a word such as because).`,
  };
}

const joinWords = new Set(["and", "but", "so"]);

/** Splits a run-on at the "and", "but" or "so" nearest its middle that starts a new clause, dropping the "and". */
function runOnEdit(s: SentenceFacts): Edit | undefined {
  const middle = (s.start + s.end) / 2;
  const joins = s.tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => joinWords.has(t.text.toLowerCase()) && i > 3 && i < s.tokens.length - 4 && subjects.has(s.tokens[i + 1]!.text.toLowerCase()))
    // "shocked the public and the media by hoisting it" joins two nouns: a split must leave two full sentences.
    .filter(({ i }) => isClause(s.tokens.slice(0, i)) && isClause(s.tokens.slice(i + 1)))
    .sort((a, b) => Math.abs(a.t.start - middle) - Math.abs(b.t.start - middle));
  // One ", and" in a long sentence is an author's compound sentence, not a run-on: only a chain of three or more
  // clauses strung on and/but/so ("they feel awful and they skip breakfast and they come to school hungry") is one.
  const join = joins.length >= 2 ? joins[0] : undefined;
  if (!join) return undefined;
  const next = s.tokens[join.i + 1]!;
  const before = s.tokens[join.i - 1]!;
  const cutFrom = before.text === "," ? before.start : before.end;
  const keepsWord = join.t.text.toLowerCase() !== "and";
  const start = cutFrom - s.start;
  const end = next.start - s.start + 1;
  const replacement = keepsWord ? `. ${capitalise(join.t.text)} ${next.text.charAt(0)}` : `. ${next.text.charAt(0).toUpperCase()}`;
  return { start, end, replacement, kind: "run-on", note: `The sentence runs on for ${s.words} words: end it before ${quote(`${join.t.text} ${next.text}`)} and start a new one.` };
}

const instructions: Record<Exclude<ErrorKind, "run-on">, string> = {
  spelling: "the spelling",
  capitals: "the capital letters",
  "comma-splice": "the comma that joins two complete thoughts",
};

/** "Correct the spelling in this sentence."; a run-on is split first: "Split this run-on sentence in two and correct ...". */
function instructionFor(kinds: ErrorKind[]): string {
  const corrections = kinds.filter((k): k is Exclude<ErrorKind, "run-on"> => k !== "run-on").map((k) => instructions[k]);
  if (!kinds.includes("run-on")) return `Correct ${listWords(corrections)} in this sentence.`;
  return corrections.length ? `Split this run-on sentence in two and correct ${listWords(corrections)}.` : "Split this run-on sentence in two.";
}

function applyEdits(text: string, edits: Edit[]): string | undefined {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.start < sorted[i - 1]!.end) return undefined;
  let out = text;
  for (const edit of sorted.reverse()) out = out.slice(0, edit.start) + edit.replacement + out.slice(edit.end);
  return out;
}

/**
 * "School starts to early.", "to much work": 'too' written 'to', which none of these checks corrects. Offered as a
 * sentence to fix, its answer would keep the mistake, so the sentence makes no item.
 */
function hasToForToo(s: SentenceFacts): boolean {
  // The tagger reads such a 'to' as a preposition (before a verb it is a particle: "to always check"), and the
  // degree word ends its phrase ("to early.", "to late for us"); "to loud music" or "to other students" goes on.
  const misspelledAt = new Set(s.misspelled.map((span) => span.start));
  const endsPhrase = (token: TaggedToken | undefined) =>
    !token || token.pos === "PUNCT" || misspelledAt.has(token.start) || ["for", "to", "because", "and", "but", "so", "that", "in", "at", "when"].includes(token.text.toLowerCase());
  return s.tokens.some((t, i) => t.text.toLowerCase() === "to" && t.pos === "ADP" && ["ADJ", "ADV"].includes(s.tokens[i + 1]?.pos ?? "") && endsPhrase(s.tokens[i + 2]));
}

/**
 * "I could of gone", "we should of known": 'have' written as it sounds. The dictionary knows every word, so no check
 * here corrects it, and the key would teach the slip. Such a sentence makes no item.
 */
const ofForHave = /\b(?:could|would|should|must|might|may)(?:n['’]t| not)? of\b/i;

/**
 * A subject, then a verb that can carry a sentence: a finite one (an -ing form needs a helper: "a sport or hanging
 * out" is no sentence), with no ", and" between them ("new technology, and post pictures" has no subject for
 * "post"), and no word between the last comma and the subject that makes it a dependent clause ("... on websites
 * where everyone can see" is not one). "See her anymore." has no subject at all. Imperatives fail too: a key must be
 * a model sentence, and a missed command costs one item where a fragment taught as correct costs the lesson.
 */
export function isClause(tokens: readonly TaggedToken[]): boolean {
  return tokens.some((verb, at) => isFiniteVerb(verb) && hasSubjectBefore(tokens.slice(0, at)));
}

const isFiniteVerb = (t: TaggedToken) => t.pos === "AUX" || (t.pos === "VERB" && !/ing$/i.test(t.text));
const subjectTags = new Set(["NOUN", "PROPN", "PRON", "NUM"]);
const demonstratives = new Set(["this", "that", "these", "those", "there"]);
const relatives = new Set(["who", "whom", "whose", "which", "that"]);

function hasSubjectBefore(lead: readonly TaggedToken[]): boolean {
  // The tagger reads a noun after an article as a verb at times ("A later start would..."): it is a subject there.
  const afterArticle = (i: number) => {
    let j = i - 1;
    while (j >= 0 && ["ADJ", "ADV"].includes(lead[j]!.pos)) j--;
    return lead[j]?.pos === "DET";
  };
  const isSubject = (t: TaggedToken, i: number) => subjectTags.has(t.pos) || demonstratives.has(t.text.toLowerCase()) || (t.pos === "VERB" && afterArticle(i));
  const subjectAt = lead.findLastIndex(isSubject);
  if (subjectAt < 0) return false;
  const between = lead.slice(subjectAt + 1);
  if (between.some((t, i) => t.pos === "CCONJ" && between[i - 1]?.text === ",")) return false;
  // The words since the last comma, joining word or verb: "When the alarm rings at six they feel" has its own subject.
  const clauseStart = lead.slice(0, subjectAt).findLastIndex((t) => t.text === "," || t.pos === "CCONJ" || isFiniteVerb(t)) + 1;
  const opening = lead.slice(clauseStart, subjectAt);
  return !opening.some((t) => t.pos === "SCONJ" || dependentOpeners.has(t.text.toLowerCase()) || relatives.has(t.text.toLowerCase()));
}

/** Each sentence of a corrected answer: a run-on the generator found and could not split stays out of a key. */
const piecesOf = (answer: string) => answer.split(/(?<=[.!?])\s+(?=\S)/);

/** The correctable sentences of a text, in its order. */
export function findSentenceErrors(text: string, spellChecker: SpellChecker, tagged?: TaggedText): SentenceError[] {
  const context = buildAssignmentContext({ prompt: "", criteria: [] });
  const facts = gatherEssayFacts(text, analyzeText(text, context, spellChecker), context, tagged);
  const found: SentenceError[] = [];
  for (const s of facts.sentences) {
    const spelling = spellingEdits(s);
    // A line break inside a "sentence" is a heading or a list glued to it: not a sentence to model.
    if (!spelling || hasToForToo(s) || ofForHave.test(s.text) || s.text.includes("\n") || !isClause(s.tokens) || hasCorpusPlaceholder(s.text)) continue;
    const edits: Edit[] = [...spelling, ...capitalEdits(s)];
    const splice = s.commaSplice ? spliceEdit(s, s.commaSplice) : undefined;
    if (splice) edits.push(splice);
    else if (s.words > runOnWords) {
      const runOn = runOnEdit(s);
      if (runOn) edits.push(runOn);
    }
    if (edits.length === 0) continue;
    const answer = applyEdits(s.text, edits);
    if (!answer || answer === s.text || piecesOf(answer).some((piece) => countWords(piece) > runOnWords)) continue;
    const kinds = [...new Set(edits.map((e) => e.kind))];
    found.push({
      sentenceIndex: s.index,
      start: s.start,
      end: s.end,
      kinds,
      original: s.text,
      answer,
      prompt: instructionFor(kinds),
      explanation: [...new Set(edits.map((e) => e.note))].join(" "),
    });
  }
  return found;
}
