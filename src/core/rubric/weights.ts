/**
 * Weights teachers put on a criterion ("x2", "×3", "Weighting 2", a Weight column, "counts double"). A weight left
 * unread made a criterion's points silently wrong, so every weight found is either applied (points × weight) or
 * reported as not applied: never dropped.
 */

export interface Weight {
  /** The weight as the document wrote it: "x2", "Weighting 2", "25%". */
  text: string;
  /** The multiplier, when the text says plainly that it multiplies; undefined when its meaning is unclear. */
  factor: number | undefined;
  /** A Weight column of shares ("35%", "20") in a table: the weight is the criterion's points, as weights summing to 100 are. */
  asPoints?: true;
}

const number = String.raw`\d{1,2}(?:[.,]\d{1,2})?`;
/** "x2", "×3", "X 1.5", "(x2)": the sign of a multiplier, never a letter inside a word or a "2 x 2" grid. */
const timesBefore = String.raw`(?<![\p{L}\d]|\d\s)[x×]\s?(${number})(?![\p{L}\d%.,])`;
/** "2x", "3×" after a space or bracket. */
const timesAfter = String.raw`(?<![\p{L}\d.,]|[x×]\s?)(${number})\s?[x×](?![\p{L}\d]|\s?\d)`;
/** "Weight 2", "Weighting: 3", "weighted x2", "Weight = 25%". */
const weightWord = String.raw`\bweight(?:ing|ed)?\s*(?:of\s+)?[:=]?\s*([x×]\s?)?(${number}|\d{3})\s*(%)?(?![\p{L}\d])`;
const doubled = String.raw`\b(?:double[- ]weight(?:ed)?|counts?\s+(?:double|twice))\b`;
const tripled = String.raw`\b(?:triple[- ]weight(?:ed)?|counts?\s+(?:triple|three\s+times))\b`;

const marker = (source: string) => new RegExp(source, "iu");
const markers: Array<{ pattern: RegExp; weight: (match: RegExpMatchArray) => number | undefined }> = [
  { pattern: marker(weightWord), weight: (m) => plainWeight(m[2]!, m[1] !== undefined, m[3] !== undefined) },
  { pattern: marker(timesBefore), weight: (m) => toNumber(m[1]!) },
  { pattern: marker(timesAfter), weight: (m) => toNumber(m[1]!) },
  { pattern: marker(doubled), weight: () => 2 },
  { pattern: marker(tripled), weight: () => 3 },
];

function toNumber(text: string): number {
  return Number(text.replace(",", "."));
}

/**
 * A weight written as a bare number multiplies when it is a small multiplier (1 to 10, "Weight 2"); "Weight 25%" or
 * "Weight 0.25" is a share of the grade, which points on another scale cannot be turned into without guessing.
 */
function plainWeight(text: string, hasTimesSign: boolean, isPercent: boolean): number | undefined {
  const value = toNumber(text);
  if (isPercent || !Number.isFinite(value)) return undefined;
  if (hasTimesSign) return value > 0 ? value : undefined;
  return value >= 1 && value <= 10 ? value : undefined;
}

/** The first weight marker in a name or a line, and the text without it. */
export function takeWeight(text: string): { rest: string; weight: Weight | undefined } {
  for (const { pattern, weight } of markers) {
    const match = text.match(pattern);
    if (!match || match.index === undefined) continue;
    let start = match.index;
    let end = start + match[0].length;
    // "(x2)": its brackets go with it, so that no "()" is left in the name.
    const open = text.slice(0, start).match(/[([]\s*$/);
    const close = text.slice(end).match(/^\s*[)\]]/);
    if (open && close) {
      start -= open[0].length;
      end += close[0].length;
    }
    const rest = `${text.slice(0, start)} ${text.slice(end)}`.replace(/\s+/g, " ").trim();
    return { rest, weight: { text: match[0].trim(), factor: weight(match) } };
  }
  return { rest: text, weight: undefined };
}

/** A line that is only a weight ("Weighting: 2", "(x3)"), under a criterion heading. */
export function weightOnly(text: string): Weight | undefined {
  const { rest, weight } = takeWeight(text);
  return weight && rest.replace(/[\s:.\-–—()[\]]/g, "") === "" ? weight : undefined;
}

/**
 * A Weight column's cell, in a table whose points come from elsewhere (level headers, a points column): "x2", "2",
 * "1.5" multiply; "25%" does not (undefined factor, reported).
 */
export function weightCell(cell: string): Weight | undefined {
  const text = cell.trim();
  if (!text) return undefined;
  const marked = weightOnly(text);
  if (marked) return marked;
  const plain = text.match(new RegExp(String.raw`^(${number}|\d{3})\s*(%)?$`));
  if (!plain) return { text, factor: undefined };
  return { text, factor: plainWeight(plain[1]!, false, plain[2] !== undefined) };
}

/** Points times a weight, to the hundredth (4 × 1.5 = 6, 3 × 0.33 = 0.99). */
export function weighted(points: number, factor: number): number {
  return Math.round(points * factor * 100) / 100;
}
