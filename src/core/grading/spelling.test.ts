import { describe, expect, it } from "vitest";
import { createCachedSpellChecker } from "./spelling.js";

describe("cached spell checker", () => {
  it("asks the dictionary once per distinct word", () => {
    let calls = 0;
    const checker = createCachedSpellChecker({ correct: (w) => (calls++, w !== "teh") });
    for (let i = 0; i < 5; i++) {
      expect(checker.correct("the")).toBe(true);
      expect(checker.correct("teh")).toBe(false);
    }
    expect(calls).toBe(2);
  });

  it("accepts a capitalised word the dictionary knows in lower case, and curly apostrophes", () => {
    const known = new Set(["house", "don't"]);
    const checker = createCachedSpellChecker({ correct: (w) => known.has(w) });
    expect(checker.correct("House")).toBe(true);
    expect(checker.correct("don’t")).toBe(true);
    // A backtick or an accent typed for the apostrophe, as keyboards and phones do.
    expect(checker.correct("don`t")).toBe(true);
    expect(checker.correct("Don´t")).toBe(true);
    expect(checker.correct("Hous")).toBe(false);
  });

  it("accepts a British spelling whose American one the dictionary knows, and nothing else by it", () => {
    const known = new Set(["favorable", "organize", "organized", "center", "catalog", "defense", "traveled", "program", "gray", "color"]);
    const checker = createCachedSpellChecker({ correct: (w) => known.has(w) });
    for (const word of ["favourable", "organise", "organised", "centre", "catalogue", "defence", "travelled", "programme", "grey", "Colour"]) expect(checker.correct(word), word).toBe(true);
    for (const word of ["favourible", "organse", "centr", "colr"]) expect(checker.correct(word), word).toBe(false);
    // Misspellings that look British are still slips.
    const slips = createCachedSpellChecker({ correct: (w) => ["expense", "suspense", "nonsense", "intense", "size", "prize", "come", "enter", "sense"].includes(w) });
    for (const word of ["expence", "suspence", "nonsence", "intence", "sise", "prise", "comme", "entre", "sence"]) expect(slips.correct(word), word).toBe(false);
  });
});
