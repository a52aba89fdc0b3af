import { describe, expect, it } from "vitest";
import { cosineSimilarity, findMostSimilar } from "./similarity.js";

const bag = (words: string) => {
  const m = new Map<string, number>();
  for (const w of words.split(" ")) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
};

describe("closeness to the graded samples", () => {
  it("is 1 for the same words, 0 for none shared", () => {
    expect(cosineSimilarity(bag("cat dog"), bag("dog cat"))).toBeCloseTo(1, 9);
    expect(cosineSimilarity(bag("cat dog"), bag("fish bird"))).toBe(0);
    expect(cosineSimilarity(new Map(), bag("cat"))).toBe(0);
  });

  it("finds the sample that shares the most wording", () => {
    const nearest = findMostSimilar(bag("computer family call grandmother"), [bag("game strategy fun"), bag("family grandmother visit")]);
    expect(nearest?.index).toBe(1);
  });
});
