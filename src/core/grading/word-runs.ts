import { fnv1a } from "../similarity/index.js";
import { findWords } from "./text.js";

/**
 * Runs of consecutive words, hashed: how much of a text repeats the prompt or source word for word, and how much of
 * it repeats itself. Words are compared lower-cased, as `findWords` finds them, so the prompt and the essay are cut
 * the same way; a run is a number (FNV-1a over its words' hashes), never a string, since every essay is cut.
 */

/** Run length for copying from the prompt or source: as the similarity check's shingles, common phrases rarely match. */
export const copiedRunWords = 5;
/** Run length for a text repeating itself: long enough that a repeated phrase or refrain does not count. */
export const repeatedRunWords = 8;

export function wordHash(lowerCaseWord: string): number {
  return fnv1a(lowerCaseWord);
}

export function wordHashesOf(text: string): number[] {
  return findWords(text).map((w) => wordHash(w.text.toLowerCase()));
}

export function runHashes(wordHashes: readonly number[], n: number): number[] {
  const runs: number[] = [];
  for (let start = 0; start + n <= wordHashes.length; start++) {
    let hash = 0x811c9dc5;
    for (let i = start; i < start + n; i++) hash = Math.imul(hash ^ wordHashes[i]!, 0x01000193) >>> 0;
    runs.push(hash);
  }
  return runs;
}

/** Share of the words inside at least one marked run (`runs[i]` starts at word i and is `n` words long). */
function shareOfWordsIn(runs: readonly number[], n: number, isMarked: (run: number) => boolean): number {
  if (runs.length === 0) return 0;
  const words = runs.length + n - 1;
  let covered = 0;
  let coveredUntil = 0;
  runs.forEach((run, start) => {
    if (!isMarked(run)) return;
    covered += start + n - Math.max(start, coveredUntil);
    coveredUntil = start + n;
  });
  return covered / words;
}

/** Share of the words inside a run that occurs in `known`: a copied passage counts whole, whatever joins it. */
export function shareFound(runs: readonly number[], n: number, known: ReadonlySet<number>): number {
  if (known.size === 0) return 0;
  return shareOfWordsIn(runs, n, (run) => known.has(run));
}

/** Share of the words inside a run that repeats an earlier run of the same text (the first time counts as new). */
export function shareRepeated(runs: readonly number[], n: number): number {
  const seen = new Set<number>();
  return shareOfWordsIn(runs, n, (run) => {
    if (seen.has(run)) return true;
    seen.add(run);
    return false;
  });
}

/** Every run of `copiedRunWords` in the given texts (the prompt and source): what a copied passage is made of. */
export function copiedRunsOf(texts: readonly string[]): Set<number> {
  return new Set(texts.flatMap((text) => runHashes(wordHashesOf(text), copiedRunWords)));
}

/** Share of a text's words inside a run of `copiedRunWords` that occurs in `known` (the prompt's and source's runs). */
export function shareCopiedFrom(text: string, known: ReadonlySet<number>): number {
  if (known.size === 0) return 0;
  return shareFound(runHashes(wordHashesOf(text), copiedRunWords), copiedRunWords, known);
}
