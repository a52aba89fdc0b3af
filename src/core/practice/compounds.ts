/** A word and a hyphen joined to it ("thousand-"), and a hyphen and a word ("-foot"); a dash between spaces is neither. */
const hyphenAfterWord = /[\p{L}\p{N}][-\u2010\u2011]$/u;
const hyphenBeforeWord = /^[-\u2010\u2011][\p{L}\p{N}]/u;

/**
 * Whether the span [start, end) of the text cuts a hyphenated compound ("thousand-_____" for "foot dirigible"): a
 * cloze must blank the whole compound or none of it.
 */
export function splitsCompound(text: string, start: number, end: number): boolean {
  return hyphenAfterWord.test(text.slice(Math.max(0, start - 2), start)) || hyphenBeforeWord.test(text.slice(end, end + 2));
}
