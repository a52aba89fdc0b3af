import { zipfFrequencies, zipfFrequency } from "./word-frequency.js";

/**
 * A real word written for a much commoner one a letter or two away ("impotent" for important, "siting" for sitting,
 * "minuets" for minutes, "emergence" for emergency). The dictionary passes it, and its rarity made the feedback praise
 * it as "an exact word". Judged by frequency alone, so it says only "may be a slip": use it to hold praise back, never
 * to fault a student.
 */

/** A commoner word is at least this much more frequent (Zipf: 1 = ten times) and everyday itself. */
const commonerBy = 1.2;
const everydayZipf = 4.3;

let byShape: Map<string, string[]> | undefined;
/** Everyday words by first letter and length, so a word is compared with the few it could be a slip of. */
function everydayWords(): Map<string, string[]> {
  if (byShape) return byShape;
  byShape = new Map();
  for (const [word, zipf] of zipfFrequencies()) {
    if (zipf < everydayZipf || !/^[a-z]+$/.test(word)) continue;
    const key = `${word[0]}${word.length}`;
    byShape.set(key, [...(byShape.get(key) ?? []), word]);
  }
  return byShape;
}

/** Optimal string alignment distance (a swap of two letters counts one), stopping once past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    if (Math.min(...row) > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

const found = new Map<string, string | null>();

/** The much commoner word `word` may be a slip of, or undefined when it stands on its own. */
export function commonerLookalike(word: string): string | undefined {
  const lower = word.toLowerCase();
  const known = found.get(lower);
  if (known !== undefined) return known ?? undefined;
  const zipf = zipfFrequency(lower) ?? 0;
  // One letter in a short word is a different word as often as a slip ("cat", "cut"); two are allowed from seven letters.
  const limit = lower.length >= 7 ? 2 : 1;
  let best: { word: string; zipf: number } | undefined;
  for (let length = lower.length - limit; length <= lower.length + limit; length++) {
    for (const candidate of everydayWords().get(`${lower[0]}${length}`) ?? []) {
      const candidateZipf = zipfFrequency(candidate)!;
      // "scenery" is "scene" grown by a suffix, not a slip of it.
      if (candidate === lower || lower.startsWith(candidate) || candidateZipf < zipf + commonerBy || (best && candidateZipf <= best.zipf)) continue;
      if (editDistance(lower, candidate, limit) <= limit) best = { word: candidate, zipf: candidateZipf };
    }
  }
  if (found.size > 10_000) found.clear();
  found.set(lower, best?.word ?? null);
  return best?.word;
}
