/** Small text utilities shared by the grading features. Offsets always index the original text. */

export interface Span {
  text: string;
  start: number;
  end: number;
}

// Keyboards and phones write the apostrophe several ways: a backtick or an acute accent ("didn`t") is one too, or the
// word was split in two and "didn" called a misspelling.
const wordPattern = /[A-Za-z\u00C0-\u024F]+(?:['’`´ʼ][A-Za-z]+)*/g;
// ASAP and similar corpora replace names with tokens like @PERSON1; they count as words but are never misspelled.
const placeholderPattern = /@[A-Z]+[0-9]*/g;

/** The text with its placeholders blanked out, keeping every offset; most texts have none and are returned as they are. */
function withoutPlaceholders(text: string): string {
  return text.includes("@") ? text.replace(placeholderPattern, (m) => " ".repeat(m.length)) : text;
}

export function findWords(text: string): Span[] {
  const words: Span[] = [];
  const masked = withoutPlaceholders(text);
  for (const m of masked.matchAll(wordPattern)) {
    words.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return words;
}

// Letters of any script but the Latin one: Cyrillic, Greek, Arabic, Han and the rest.
const otherScriptPattern = /(?:(?![A-Za-z\u00C0-\u024F])\p{L})+/gu;

/** Runs of letters outside the Latin script, which findWords does not see: a text in another language. */
export function countOtherScriptWords(text: string): number {
  return text.match(otherScriptPattern)?.length ?? 0;
}

/** Full stops, commas, semicolons, colons, question and exclamation marks: how a text marks its sentences. */
export function countPunctuationMarks(text: string): number {
  return text.match(/[.,;:!?]/g)?.length ?? 0;
}

export function countPlaceholders(text: string): number {
  return text.includes("@") ? (text.match(placeholderPattern)?.length ?? 0) : 0;
}

/** How many words findWords would find, without making their spans (feedback counts the words of many passages). */
export function countWords(text: string): number {
  return withoutPlaceholders(text).match(wordPattern)?.length ?? 0;
}

/** Sentences end at . ! ? (or a line break); the span is trimmed and keeps its closing punctuation. */
export function findSentences(text: string): Span[] {
  const sentences: Span[] = [];
  const pattern = /[^.!?\n]+(?:[.!?]+["'”’)]*|$|(?=\n))/g;
  for (const m of text.matchAll(pattern)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (!/[A-Za-z0-9]/.test(trimmed)) continue;
    const start = m.index + lead;
    sentences.push({ text: trimmed, start, end: start + trimmed.length });
  }
  return sentences;
}

export function findParagraphs(text: string): Span[] {
  const paragraphs: Span[] = [];
  for (const m of text.matchAll(/[^\n]+(?:\n(?!\s*\n)[^\n]+)*/g)) {
    const trimmed = m[0].trim();
    if (trimmed.length === 0) continue;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    paragraphs.push({ text: trimmed, start, end: start + trimmed.length });
  }
  return paragraphs;
}

/** A crude, fast stem: enough to match "computers" with "computer" and "docking" with "dock". */
export function stemWord(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length > 5 && w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("ly")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("es") && /(?:ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w;
}

export function countSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (w.length <= 3) return 1;
  const groups = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, "").replace(/^y/, "").match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
