import { findWords, shortenSpan, type Span } from "./text.js";

/** Keeps only quotes that occur verbatim in the text (and drops empty and duplicate ones). */
export function verifyQuotes(text: string, quotes: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const q of quotes) {
    const trimmed = q.trim();
    if (trimmed.length === 0 || seen.has(trimmed) || !text.includes(trimmed)) continue;
    seen.add(trimmed);
    kept.push(trimmed);
  }
  return kept;
}

/** A sentence as a quote of at most maxWords words, cut at a word boundary so it stays verbatim. */
export function quoteSentence(text: string, sentence: Span, maxWords = 18): string {
  const short = shortenSpan(text, sentence, maxWords);
  return short.text;
}

export function wordCountOf(span: Span): number {
  return findWords(span.text).length;
}
