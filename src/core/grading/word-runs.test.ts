import { describe, expect, it } from "vitest";
import { runHashes, shareFound, shareRepeated, wordHashesOf } from "./word-runs.js";

const runsOf = (text: string, n: number) => runHashes(wordHashesOf(text), n);

describe("word runs", () => {
  it("find copied words whatever the case and punctuation around them, and count a copied passage whole", () => {
    const source = new Set(runsOf("The sun was beginning to beat down on the road.", 3));
    expect(shareFound(runsOf("THE SUN WAS BEGINNING to beat, down!", 3), 3, source)).toBe(1);
    // Two copies side by side: the runs across the join are not in the source, but every word is copied.
    expect(shareFound(runsOf("the sun was beginning the sun was beginning", 3), 3, source)).toBe(1);
    // Four of eight words: "the sun was beginning".
    expect(shareFound(runsOf("the sun was beginning over our quiet town", 3), 3, source)).toBe(0.5);
    expect(shareFound(runsOf("a rainy morning in town", 3), 3, source)).toBe(0);
  });

  it("count the words that repeat an earlier passage, not the passage's first time", () => {
    // "a b c" then "a b c" again: the second three of six words.
    expect(shareRepeated(runsOf("a b c a b c", 3), 3)).toBe(0.5);
    expect(shareRepeated(runsOf("one two three four", 3), 3)).toBe(0);
    expect(shareRepeated([], 3)).toBe(0);
  });
});
