/**
 * The part of a student's paper that is the essay. School papers open with a heading the format asks for (name,
 * teacher, class, date: MLA's four lines) and a title, and research papers end with the works they cite. Graded and
 * commented on as prose, the heading became "a concrete detail" and a citation's "www" a spelling slip; the words
 * and paragraphs they add moved the grade too. The body is one stretch of the text as sent, so every quotation of it
 * is still verbatim in what the student handed in.
 */

/** A heading or title line: short, and not ended like a sentence ("Mrs. Alvarez", "English 8, Period 3", a title). */
const maxLabelWords = 10;
/** More leading short lines than a heading and a title have: a poem, a list or a wrapped scan, left whole. */
const maxFrontLines = 8;
/** A line this long after the heading is a paragraph on one line (typed or pasted), so no blank line is needed. */
const unwrappedParagraphWords = 20;
/** What must be left for the split to be believed: a paper is mostly its body. */
const minBodyWords = 30;

const referencesHeading = /^\s*(?:works cited|works consulted|references|reference list|bibliography|sources(?: cited)?|citations)\s*:?\s*$/i;

interface Line {
  start: number;
  end: number;
  text: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const part of text.split("\n")) {
    lines.push({ start, end: start + part.length, text: part.trim() });
    start += part.length + 1;
  }
  return lines;
}

const wordsIn = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
// Ten words are never 160 characters: a longer line is prose, told without counting its words (most essays are one).
// A heading or title line never starts lower-case: "because we can learn" is a sentence running on without its full stop.
const isLabelLine = (line: Line) =>
  line.text !== "" && line.text.length <= 160 && !/^\p{Ll}/u.test(line.text) && !/[.!?,;:"”'’]$/.test(line.text) && (wordsIn(line.text) <= maxLabelWords || isTitleCase(line.text));

/** A longer title is written in title case ("Five Days, Not Four: Why Our District Should Keep Its Schedule"). */
const maxTitleWords = 16;
export function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /^\p{L}{4,}/u.test(word));
  return wordsIn(text) <= maxTitleWords && words.length >= 3 && words.filter((word) => /^\p{Lu}/u.test(word)).length >= words.length * 0.8;
}

/** Where the body starts: after the leading heading and title lines, when they stand apart from the first paragraph. */
function bodyStart(lines: Line[]): number {
  let index = 0;
  let labels = 0;
  let lastBlankAfterLabel = -1;
  while (index < lines.length && (lines[index]!.text === "" || isLabelLine(lines[index]!))) {
    if (lines[index]!.text === "") {
      if (labels > 0) lastBlankAfterLabel = index;
    } else if (++labels > maxFrontLines) {
      return 0;
    }
    index++;
  }
  if (labels === 0 || index >= lines.length) return 0;
  const firstProse = lines[index]!;
  // Prose starting lower-case runs on from the line before ("I agree with what", a blank line, "the author says"):
  // those short lines are the student's sentence, not a heading, so nothing is left out.
  if (/^\p{Ll}/u.test(firstProse.text)) return 0;
  // The heading ends at a blank line, or right before a paragraph written on one line; a short line that ends a
  // sentence is the middle of a wrapped paragraph (a scan read line by line), whose first lines are prose too.
  if (lastBlankAfterLabel === index - 1 || wordsIn(firstProse.text) > unwrappedParagraphWords) return firstProse.start;
  return lastBlankAfterLabel > 0 ? lines[lastBlankAfterLabel]!.end + 1 : 0;
}

/** Where the body ends: before a "Works Cited" (or References, Bibliography) heading in the second half. */
function bodyEnd(text: string, lines: Line[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.start < text.length / 2) break;
    if (referencesHeading.test(line.text)) return line.start;
  }
  return text.length;
}

/**
 * Where the body lies in the text, [start, end): the whole text when nothing is left out, or when what is left would
 * be too little to be the essay (under 30 words, or under half the text's).
 */
export function essayBodySpan(text: string): { start: number; end: number } {
  const whole = { start: 0, end: text.length };
  const lines = linesOf(text);
  const start = bodyStart(lines);
  const end = bodyEnd(text, lines);
  if (start === 0 && end === text.length) return whole;
  const words = wordsIn(text.slice(start, end));
  return words >= minBodyWords && words >= wordsIn(text) / 2 ? { start, end } : whole;
}

export function essayBodyOf(text: string): string {
  const { start, end } = essayBodySpan(text);
  return start === 0 && end === text.length ? text : text.slice(start, end).trim();
}
