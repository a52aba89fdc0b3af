import type { Fingerprint } from "./fingerprint.js";
import type { Word } from "./words.js";

/** A passage found in both texts: character offsets into each original text (end exclusive) and the text itself. */
export interface MatchingPassage {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  aText: string;
  bText: string;
}

export interface Comparison {
  /** 0-100: share of the smaller fingerprint's hashes found in the other, one decimal. */
  similarity: number;
  /** Matching passages in the order they appear in the first text. */
  matches: MatchingPassage[];
}

/** A passage in word indexes, both ends inclusive. */
interface WordSpan {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/** Unmatched words allowed between two passages before they are shown apart: a changed word keeps one passage. */
const BRIDGEABLE_GAP = 3;

export function distinctHashes(fp: Fingerprint): Set<number> {
  return new Set(fp.hashes.map((h) => h.hash));
}

/** Share (0-100, one decimal) of the smaller set found in the other. */
export function overlapPercent(shared: number, sizeA: number, sizeB: number): number {
  const smaller = Math.min(sizeA, sizeB);
  return smaller === 0 ? 0 : Math.round((1000 * shared) / smaller) / 10;
}

function sameWords(a: Word[], b: Word[], i: number, j: number, length: number): boolean {
  for (let n = 0; n < length; n++) if (a[i + n]!.word !== b[j + n]!.word) return false;
  return true;
}

/**
 * Grows every shared shingle into the longest run of identical words around it. Seeds inside a run already grown on
 * the same diagonal are skipped, which keeps an identical pair linear rather than quadratic.
 */
function exactRuns(a: Fingerprint, b: Fingerprint): WordSpan[] {
  const positionsInB = new Map<number, number[]>();
  for (const { hash, position } of b.hashes) {
    const list = positionsInB.get(hash);
    if (list) list.push(position);
    else positionsInB.set(hash, [position]);
  }
  const runsByDiagonal = new Map<number, WordSpan[]>();
  const runs: WordSpan[] = [];
  for (const { hash, position: i } of a.hashes) {
    for (const j of positionsInB.get(hash) ?? []) {
      const known = runsByDiagonal.get(j - i);
      if (known?.some((run) => run.a0 <= i && i <= run.a1)) continue;
      // Equal hashes can still be different words (32 bits); only real word matches count.
      if (!sameWords(a.words, b.words, i, j, a.k)) continue;
      let a0 = i;
      let b0 = j;
      while (a0 > 0 && b0 > 0 && a.words[a0 - 1]!.word === b.words[b0 - 1]!.word) [a0, b0] = [a0 - 1, b0 - 1];
      let a1 = i + a.k - 1;
      let b1 = j + a.k - 1;
      while (a1 + 1 < a.words.length && b1 + 1 < b.words.length && a.words[a1 + 1]!.word === b.words[b1 + 1]!.word) {
        [a1, b1] = [a1 + 1, b1 + 1];
      }
      const run = { a0, a1, b0, b1 };
      runs.push(run);
      if (known) known.push(run);
      else runsByDiagonal.set(j - i, [run]);
    }
  }
  return runs;
}

/** Joins runs that follow each other on both sides with at most a few changed, added or removed words between. */
function bridgeSmallGaps(runs: WordSpan[]): WordSpan[] {
  const sorted = [...runs].sort((x, y) => x.a0 - y.a0 || x.b0 - y.b0);
  const merged: WordSpan[] = [];
  for (const run of sorted) {
    const last = merged[merged.length - 1];
    const gapA = last ? run.a0 - last.a1 - 1 : -1;
    const gapB = last ? run.b0 - last.b1 - 1 : -1;
    if (last && gapA >= 0 && gapA <= BRIDGEABLE_GAP && gapB >= 0 && gapB <= BRIDGEABLE_GAP) {
      last.a1 = run.a1;
      last.b1 = run.b1;
    } else {
      merged.push({ ...run });
    }
  }
  return merged;
}

/**
 * Compares two fingerprints made with the same k and w. The result is evidence of overlap for a teacher to read,
 * with the passages to show side by side; it says nothing about why the texts overlap.
 */
export function compareFingerprints(a: Fingerprint, b: Fingerprint): Comparison {
  if (a.k !== b.k || a.w !== b.w) throw new RangeError("Fingerprints made with different k or w cannot be compared.");
  const hashesA = distinctHashes(a);
  const hashesB = distinctHashes(b);
  let shared = 0;
  const [small, large] = hashesA.size <= hashesB.size ? [hashesA, hashesB] : [hashesB, hashesA];
  for (const hash of small) if (large.has(hash)) shared += 1;

  const matches = bridgeSmallGaps(exactRuns(a, b)).map(({ a0, a1, b0, b1 }) => {
    const [aStart, aEnd] = [a.words[a0]!.start, a.words[a1]!.end];
    const [bStart, bEnd] = [b.words[b0]!.start, b.words[b1]!.end];
    return { aStart, aEnd, bStart, bEnd, aText: a.text.slice(aStart, aEnd), bText: b.text.slice(bStart, bEnd) };
  });
  return { similarity: overlapPercent(shared, hashesA.size, hashesB.size), matches };
}
