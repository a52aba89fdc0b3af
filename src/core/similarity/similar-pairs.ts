import { compareFingerprints, distinctHashes, overlapPercent, type MatchingPassage } from "./compare.js";
import { fingerprint, type Fingerprint, type FingerprintOptions } from "./fingerprint.js";

export interface SimilarityDocument {
  id: string;
  text: string;
  /** The part of the text to compare (character offsets, end exclusive); the whole text without it. */
  span?: { start: number; end: number };
}

export interface SimilarPair {
  /** The document listed first in the input. */
  aId: string;
  bId: string;
  similarity: number;
  matches: MatchingPassage[];
}

/**
 * Pairs of documents whose overlap is above thresholdPercent (strictly, like the auto-accept threshold), highest
 * first. Shared hashes are counted through an inverted index, so only documents that share something are ever
 * paired, and only pairs above the threshold get the full passage comparison.
 */
export function findSimilarPairs(
  documents: SimilarityDocument[],
  thresholdPercent: number,
  options: FingerprintOptions = {},
): SimilarPair[] {
  const ids = new Set(documents.map((d) => d.id));
  if (ids.size !== documents.length) throw new RangeError("Each document needs its own id.");

  const fingerprints: Fingerprint[] = documents.map((d) => fingerprint(d.text, options, d.span));
  const hashSets = fingerprints.map(distinctHashes);
  const postings = new Map<number, number[]>();
  const pairs: SimilarPair[] = [];

  hashSets.forEach((hashes, later) => {
    // Only earlier documents are in the index yet: no document meets itself and no pair is counted twice.
    const sharedWithEarlier = new Map<number, number>();
    for (const hash of hashes) {
      const holders = postings.get(hash);
      if (!holders) {
        postings.set(hash, [later]);
        continue;
      }
      for (const earlier of holders) sharedWithEarlier.set(earlier, (sharedWithEarlier.get(earlier) ?? 0) + 1);
      holders.push(later);
    }
    for (const [earlier, shared] of sharedWithEarlier) {
      if (overlapPercent(shared, hashSets[earlier]!.size, hashes.size) <= thresholdPercent) continue;
      const { similarity, matches } = compareFingerprints(fingerprints[earlier]!, fingerprints[later]!);
      pairs.push({ aId: documents[earlier]!.id, bId: documents[later]!.id, similarity, matches });
    }
  });

  return pairs.sort(
    (x, y) => y.similarity - x.similarity || x.aId.localeCompare(y.aId) || x.bId.localeCompare(y.bId),
  );
}
