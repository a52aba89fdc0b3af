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
