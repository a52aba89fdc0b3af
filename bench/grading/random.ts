/** Seeded randomness for reproducible sample draws (mulberry32). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function drawIndices(count: number, k: number, random: () => number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(k, count)) picked.add(Math.floor(random() * count));
  return [...picked].sort((a, b) => a - b);
}
