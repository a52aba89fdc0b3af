/** How two texts are compared when deciding whether they say the same: case, runs of spaces and curly quotes aside. */
export function normaliseText(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim().toLowerCase();
}

/** An answer as a student's typed one is compared with it: also without final punctuation. */
export function normaliseAnswer(text: string): string {
  return normaliseText(text).replace(/[.!?,;:]+$/, "").trim();
}

/** Counts words the way the minimum-length messages do: runs of letters or digits. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)?.length ?? 0;
}

/** Share of the shorter text's distinct words that the other has too: 1 for a passage copied from the other. */
export function wordOverlap(a: string, b: string): number {
  const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const [x, y] = [wordsOf(a), wordsOf(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const word of small) if (large.has(word)) shared++;
  return shared / small.size;
}
