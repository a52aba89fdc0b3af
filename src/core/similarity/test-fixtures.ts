/** Hand-written paragraphs for the similarity tests: different topics, so unrelated pairs share no five-word run. */
export const paragraphs = {
  river:
    "The river behind our school floods every spring, and the town has argued for years about building a wall. " +
    "Farmers downstream say a wall would only push the water onto their fields, while shop owners want protection now.",
  library:
    "Public libraries still matter because they give everyone quiet space, free books and help from trained staff. " +
    "When my grandmother moved here she learned English in the reading room on Tuesday evenings.",
  robots:
    "Factory robots have changed how cars are assembled, replacing dangerous welding jobs with machines that never tire. " +
    "Workers who once welded now program and repair those machines, which requires new training.",
  gatsby:
    "In The Great Gatsby, the green light across the bay stands for a future that Gatsby can see but never reach. " +
    "Fitzgerald returns to it in the last page to suggest that every reader chases something similar.",
};

/** Deterministic filler: distinct made-up words, so it never overlaps the paragraphs or itself by accident. */
export function filler(words: number, seed: number): string {
  let state = seed >>> 0 || 1;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out.push(`w${(state >>> 8).toString(36)}`);
  }
  return out.join(" ");
}
