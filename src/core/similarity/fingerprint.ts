import { wordsOf, type Word } from "./words.js";

/** Words per shingle: long enough that common phrases ("on the other hand") rarely match alone. */
export const DEFAULT_K = 5;
/** Winnowing window: any shared run of at least K + W - 1 = 8 words is guaranteed to share a fingerprint. */
export const DEFAULT_W = 4;

export interface FingerprintOptions {
  k?: number;
  w?: number;
}

export interface FingerprintHash {
  hash: number;
  /** Index of the first word of the k-word shingle. */
  position: number;
}

export interface Fingerprint {
  text: string;
  words: Word[];
  k: number;
  w: number;
  hashes: FingerprintHash[];
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32-bit: deterministic across runs and machines, unlike anything seeded. */
export function fnv1a(text: string, seed = FNV_OFFSET): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

function shingleHashes(words: Word[], k: number): number[] {
  const count = words.length - k + 1;
  if (count <= 0) return [];
  // Each shingle is hashed as its words joined by spaces; continuing FNV-1a over the words avoids building strings.
  const hashes = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    let hash = FNV_OFFSET;
    for (let j = i; j < i + k; j++) hash = fnv1a(j === i ? words[j]!.word : ` ${words[j]!.word}`, hash);
    hashes[i] = hash;
  }
  return hashes;
}

/**
 * Winnowing (Schleimer, Wilkerson and Aiken, 2003): keep the smallest hash of every window of w shingles, the
 * rightmost on ties, each kept position once. Both documents pick the same hashes for the same text, so a copied
 * passage is found whatever surrounds it, while storing about 2/(w+1) of the shingles.
 */
function winnow(hashes: number[], w: number): FingerprintHash[] {
  const selected: FingerprintHash[] = [];
  if (hashes.length === 0) return selected;
  const windowSize = Math.min(w, hashes.length);
  let last = -1;
  for (let start = 0; start + windowSize <= hashes.length; start++) {
    let best = start;
    for (let i = start + 1; i < start + windowSize; i++) if (hashes[i]! <= hashes[best]!) best = i;
    if (best !== last) {
      selected.push({ hash: hashes[best]!, position: best });
      last = best;
    }
  }
  return selected;
}

/**
 * The winnowed word-shingle fingerprint of a text, or of the words inside `span` (character offsets, end exclusive)
 * with their offsets still into the whole text. Texts shorter than k words have no fingerprint.
 */
export function fingerprint(text: string, options: FingerprintOptions = {}, span?: { start: number; end: number }): Fingerprint {
  const k = options.k ?? DEFAULT_K;
  const w = options.w ?? DEFAULT_W;
  if (!Number.isInteger(k) || k < 1 || !Number.isInteger(w) || w < 1) {
    throw new RangeError("k and w must be whole numbers of at least 1.");
  }
  const all = wordsOf(text);
  const words = span ? all.filter((word) => word.start >= span.start && word.end <= span.end) : all;
  return { text, words, k, w, hashes: winnow(shingleHashes(words, k), w) };
}
