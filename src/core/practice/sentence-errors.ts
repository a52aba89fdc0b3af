import { buildAssignmentContext } from "../grading/assignment-context.js";
import { gatherEssayFacts, type SentenceFacts } from "../grading/feedback/essay-facts.js";
import { hasCorpusPlaceholder } from "./anonymise.js";
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

/** A full stop in place of the comma, and a capital on the next thought's first word. */
function spliceEdit(s: SentenceFacts, subject: TaggedToken): Edit | undefined {
  const comma = s.text.lastIndexOf(",", subject.start - s.start);
  if (comma < 0) return undefined;
  return {
    start: comma,
    end: subject.start - s.start + 1,
    replacement: `. ${subject.text.charAt(0).toUpperCase()}`,
    kind: "comma-splice",
    note: `Two complete thoughts are joined by only a comma: end the first with a full stop before ${quote(subject.text)} (or join them with a word such as because).`,
  };
}

/** Splits a run-on at the "and", "but" or "so" nearest its middle that starts a new clause, dropping the "and". */
function runOnEdit(s: SentenceFacts): Edit | undefined {
  const middle = (s.start + s.end) / 2;
  const joins = s.tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => t.pos === "CCONJ" && i > 3 && i < s.tokens.length - 4 && subjects.has(s.tokens[i + 1]!.text.toLowerCase()))
    .sort((a, b) => Math.abs(a.t.start - middle) - Math.abs(b.t.start - middle));
  const join = joins[0];
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
 * A key is a model sentence, so a fragment ("a sport or hanging out.") would teach one as correct: the sentence must
 * have a finite verb. Students cannot be asked to type a data set's placeholders (@NUM1, @PERSON2) either.
 */
function isCompleteSentence(s: SentenceFacts): boolean {
  // "hanging out" alone is no verb of a sentence: a verb in -ing needs a helper ("is hanging"). Only short sentences
  // are judged, where a fragment is likely and the tagger's reading of a long one is not needed.
  return s.words > maxFragmentWords || s.tokens.some((token) => token.pos === "AUX" || (token.pos === "VERB" && !/ing$/i.test(token.text)));
}
const maxFragmentWords = 8;

/** The correctable sentences of a text, in its order. */
export function findSentenceErrors(text: string, spellChecker: SpellChecker, tagged?: TaggedText): SentenceError[] {
  const context = buildAssignmentContext({ prompt: "", criteria: [] });
  const facts = gatherEssayFacts(text, analyzeText(text, context, spellChecker), context, tagged);
  const found: SentenceError[] = [];
  for (const s of facts.sentences) {
    const spelling = spellingEdits(s);
    if (!spelling || hasToForToo(s) || !isCompleteSentence(s) || hasCorpusPlaceholder(s.text)) continue;
    const edits: Edit[] = [...spelling, ...capitalEdits(s)];
    const splice = s.commaSplice ? spliceEdit(s, s.commaSplice) : undefined;
    if (splice) edits.push(splice);
    else if (s.words > runOnWords) {
      const runOn = runOnEdit(s);
      if (runOn) edits.push(runOn);
    }
    if (edits.length === 0) continue;
    const answer = applyEdits(s.text, edits);
    if (!answer || answer === s.text) continue;
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
