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

/** Distinct words the two texts share, over the distinct words of both (Jaccard): 1 for the same words. */
export function wordOverlap(a: string, b: string): number {
  const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const [x, y] = [wordsOf(a), wordsOf(b)];
  let shared = 0;
  for (const word of x) if (y.has(word)) shared++;
  const all = x.size + y.size - shared;
  return all ? shared / all : 0;
}
