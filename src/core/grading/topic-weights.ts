import { zipfFrequencies } from "../language/word-frequency.js";
import { clamp, stemWord } from "./text.js";
import { stopWords } from "./word-lists.js";

/**
 * How much a content stem says about what a text is about: 7 less the Zipf frequency of its commonest word form,
 * from 0 to 5, so "people" or "think" say little and "hibiscus" much. A stem the frequency list does not know counts
 * for nothing: most are misspellings, and a weak speller's essay about computers must not look like one about
 * something else (with rare stems weighted 5, one with half its words misspelled was called off-topic). Keyed by stem, as a text's `stemCounts` are, so nothing is kept
 * per text (a class of 1,000 held a map per text before, and grading slowed by a quarter).
 */
let zipfByStem: Map<string, number> | undefined;

function stemTable(): Map<string, number> {
  if (zipfByStem) return zipfByStem;
  const table = new Map<string, number>();
  for (const [word, zipf] of zipfFrequencies()) {
    if (word.length < 3 || stopWords.has(word)) continue;
    const stem = stemWord(word);
    table.set(stem, Math.max(zipf, table.get(stem) ?? -Infinity));
  }
  return (zipfByStem = table);
}

export function stemInformativeness(stem: string): number {
  const zipf = stemTable().get(stem);
  return zipf === undefined ? 0 : 7 - clamp(zipf, 2, 7);
}
