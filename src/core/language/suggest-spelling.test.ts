import { describe, expect, it } from "vitest";
import { suggestSpelling } from "./suggest-spelling.js";

describe("the word a misspelling stands for", () => {
  it("guesses common slips and contractions", () => {
    expect(suggestSpelling("troble")).toBe("trouble");
    expect(suggestSpelling("thier")).toBe("their");
    expect(suggestSpelling("dont")).toBe("don't");
    expect(suggestSpelling("Alot")).toBe("A lot");
  });

  it("makes no guess for a word of three letters or fewer, mostly abbreviations and slang", () => {
    for (const word of ["idk", "pta", "ok", "py", "teh"]) expect(suggestSpelling(word), word).toBeUndefined();
    expect(suggestSpelling("im")).toBe("I'm");
  });
});
