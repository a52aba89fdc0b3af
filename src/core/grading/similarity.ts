/** Cosine similarity of two bags of content-word stems (0 = nothing shared, 1 = same proportions). */
export function cosineSimilarity(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of a) {
    na += v * v;
    const w = b.get(k);
    if (w !== undefined) dot += v * w;
  }
  for (const v of b.values()) nb += v * v;
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

export function findMostSimilar(target: Map<string, number>, candidates: Array<Map<string, number>>): { index: number; similarity: number } | undefined {
  let best: { index: number; similarity: number } | undefined;
  candidates.forEach((c, index) => {
    const similarity = cosineSimilarity(target, c);
    if (!best || similarity > best.similarity) best = { index, similarity };
  });
  return best;
}
