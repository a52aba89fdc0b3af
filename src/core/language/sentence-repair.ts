import type { TaggedSentence, TaggedToken } from "./tag-text.js";

/**
 * Repairs to wink's sentence boundaries that school writing needs. wink ends a sentence at every full stop, so
 * "Garibaldi et al. found", "x1.9" and ".gov" were cut in two, and feedback quoted "(Klein et al." or "…is a ."; it
 * also runs a heading into the line below ("Purpose\nTo determine…") and keeps a list's "1." as a sentence.
 */

/** Abbreviations after which a lower-case word, a digit or a bracket goes on with the same sentence. */
const continuingAbbreviations = new Set(["al.", "etc.", "e.g.", "i.e.", "vs.", "approx.", "ca.", "cf.", "fig.", "p.", "pp.", "vol."]);
/** A heading is a short line: more words than this on a line without punctuation is wrapped text. */
const maxHeadingWords = 6;

export function repairSentences(text: string, tokens: TaggedToken[], sentences: TaggedSentence[]): TaggedSentence[] {
  return mergeFalseBreaks(text, tokens, sentences.flatMap((sentence) => splitAfterHeadings(text, tokens, sentence)));
}

function span(text: string, tokens: TaggedToken[], first: number, last: number): TaggedSentence {
  const start = tokens[first]!.start;
  const end = tokens[last]!.end;
  return { text: text.slice(start, end), start, end, firstToken: first, lastToken: last };
}

/** A sentence goes on when its break was a full stop inside a word, after an abbreviation, or a list's number. */
function continues(text: string, previous: TaggedSentence, next: TaggedSentence): boolean {
  if (!previous.text.endsWith(".")) return false;
  // Nothing between the stop and a small letter or digit: a decimal (x1.9), a domain (.gov), a file name. ("dogs.They"
  // is two sentences with the space forgotten.)
  if (next.start === previous.end && /^[a-z0-9]/.test(next.text)) return true;
  // A list's "1." goes with its item, unless a blank line parts them.
  if (/^\d{1,2}\.$/.test(previous.text)) return !text.slice(previous.end, next.start).includes("\n\n");
  const lastWord = previous.text.slice(previous.text.search(/\S+$/)).replace(/^\(/, "").toLowerCase();
  // "No. 5" is an abbreviation, "the answer is no. then…" a sentence's end: it goes on only before a digit.
  if (lastWord === "no.") return /^\d/.test(next.text);
  return continuingAbbreviations.has(lastWord) && /^[a-z0-9(,;]/.test(next.text);
}

function mergeFalseBreaks(text: string, tokens: TaggedToken[], sentences: TaggedSentence[]): TaggedSentence[] {
  const merged: TaggedSentence[] = [];
  for (const sentence of sentences) {
    const previous = merged.at(-1);
    if (previous && continues(text, previous, sentence)) merged[merged.length - 1] = span(text, tokens, previous.firstToken, sentence.lastToken);
    else merged.push(sentence);
  }
  return merged;
}

/** A line ending in one of these runs on into the next ("my friend and\nI went"): it is no heading. */
const continuingTags = new Set(["DET", "ADP", "CCONJ", "SCONJ", "PRON", "AUX", "PART"]);

/**
 * A short line with no closing punctuation that begins its sentence, followed by a line that starts one, is a heading
 * of its own. One pass with a running count of the line's words (counting from the sentence's start at every line
 * break was quadratic: 23 s on 600 kB of unpunctuated lines).
 */
function splitAfterHeadings(text: string, tokens: TaggedToken[], sentence: TaggedSentence): TaggedSentence[] {
  if (!sentence.text.includes("\n")) return [sentence];
  const parts: TaggedSentence[] = [];
  let first = sentence.firstToken;
  let lineStart = first;
  let lineWords = 0;
  for (let i = first; i < sentence.lastToken; i++) {
    if (tokens[i]!.isWord) lineWords++;
    if (!tokens[i]!.text.includes("\n") && !text.slice(tokens[i]!.end, tokens[i + 1]!.start).includes("\n")) continue;
    const lineEnd = tokens[i]!.text.trim() === "" ? i - 1 : i;
    let nextStart = i + 1;
    while (nextStart <= sentence.lastToken && tokens[nextStart]!.text.trim() === "") nextStart++;
    const isHeading =
      lineStart === first &&
      lineEnd >= first &&
      nextStart <= sentence.lastToken &&
      lineWords > 0 &&
      lineWords <= maxHeadingWords &&
      !/[.!?:;,)"”'’-]$/.test(tokens[lineEnd]!.text) &&
      !continuingTags.has(tokens[lineEnd]!.pos) &&
      /^[A-Z0-9]/.test(tokens[nextStart]!.text);
    if (isHeading) {
      parts.push(span(text, tokens, first, lineEnd));
      first = nextStart;
    }
    lineStart = nextStart;
    lineWords = 0;
    i = nextStart - 1;
  }
  parts.push(span(text, tokens, first, sentence.lastToken));
  return parts;
}
