/** One run of the student's text: plain when `criteria` is empty, else evidence for those criteria (indexes). */
export interface TextSegment {
  start: number;
  text: string;
  criteria: number[];
}

export interface MissingQuote {
  criterion: number;
  quote: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Where a quote sits in the text: the exact passage first; failing that, the same words with any whitespace and
 * letter case, since a model may quote across a line break or change a capital.
 */
export function locateQuote(content: string, quote: string): { start: number; end: number } | null {
  const trimmed = quote.trim();
  if (!trimmed) return null;
  const exact = content.indexOf(trimmed);
  if (exact >= 0) return { start: exact, end: exact + trimmed.length };
  const pattern = new RegExp(trimmed.split(/\s+/).map(escapeRegExp).join("\\s+"), "i");
  const loose = pattern.exec(content);
  return loose ? { start: loose.index, end: loose.index + loose[0].length } : null;
}

/**
 * Cuts the text into runs so that each run is evidence for one fixed set of criteria; a passage quoted by two
 * criteria becomes one run carrying both. Quotes not found in the text are returned so the page can still show them.
 */
export function evidenceSegments(content: string, quotesByCriterion: readonly (readonly string[])[]): { segments: TextSegment[]; missing: MissingQuote[] } {
  const ranges: { start: number; end: number; criterion: number }[] = [];
  const missing: MissingQuote[] = [];
  quotesByCriterion.forEach((quotes, criterion) => {
    for (const quote of quotes) {
      const found = locateQuote(content, quote);
      if (found) ranges.push({ ...found, criterion });
      else if (quote.trim()) missing.push({ criterion, quote });
    }
  });

  const cuts = [...new Set([0, content.length, ...ranges.flatMap((range) => [range.start, range.end])])].sort((a, b) => a - b);
  const segments: TextSegment[] = [];
  for (let index = 0; index < cuts.length - 1; index++) {
    const start = cuts[index]!;
    const end = cuts[index + 1]!;
    const criteria = [...new Set(ranges.filter((range) => range.start <= start && range.end >= end).map((range) => range.criterion))].sort((a, b) => a - b);
    const previous = segments.at(-1);
    if (previous && previous.criteria.join() === criteria.join()) previous.text += content.slice(start, end);
    else segments.push({ start, text: content.slice(start, end), criteria });
  }
  return { segments, missing };
}
