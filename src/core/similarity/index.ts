export { compareFingerprints } from "./compare.js";
export type { Comparison, MatchingPassage } from "./compare.js";
export { DEFAULT_K, DEFAULT_W, fingerprint, fnv1a } from "./fingerprint.js";
export type { Fingerprint, FingerprintHash, FingerprintOptions } from "./fingerprint.js";
export { findSimilarPairs } from "./similar-pairs.js";
export type { SimilarityDocument, SimilarPair } from "./similar-pairs.js";
export { normaliseText, wordsOf } from "./words.js";
export type { Word } from "./words.js";
