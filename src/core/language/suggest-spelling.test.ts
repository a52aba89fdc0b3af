import { describe, expect, it } from "vitest";
import { suggestSpelling } from "./suggest-spelling.js";

describe("the word a misspelling stands for", () => {
  it("guesses common slips and contractions", () => {
    expect(suggestSpelling("troble")).toBe("trouble");
    expect(suggestSpelling("thier")).toBe("their");
    expect(suggestSpelling("dont")).toBe("don't");
    expect(suggestSpelling("Alot")).toBe("A lot");
  });

  it("reads a consonant + y plural written with -ys as -ies, not as the singular", () => {
    expect(suggestSpelling("familys")).toBe("families");
    expect(suggestSpelling("Citys")).toBe("Cities");
  });

  it("makes no guess when a less likely slip gives a commoner word", () => {
    // "digest" with a letter left out, or "diet" (commoner) with one added: "diet tips" was corrected to "digest".
    expect(suggestSpelling("diest")).toBeUndefined();
    // "which" with its h left out, or the commoner "with": no guess rather than a wrong one.
    expect(suggestSpelling("wich")).toBeUndefined();
    expect(suggestSpelling("trafic")).toBe("traffic");
  });

  it("makes no guess for a word of three letters or fewer, mostly abbreviations and slang", () => {
    for (const word of ["idk", "pta", "ok", "py", "teh"]) expect(suggestSpelling(word), word).toBeUndefined();
    expect(suggestSpelling("im")).toBe("I'm");
  });

  it("gives an irregular verb's past for a regular -ed, never a word one letter away", () => {
    expect(suggestSpelling("finded")).toBe("found");
    expect(suggestSpelling("Teached")).toBe("Taught");
  });

  it("makes no guess when a stray first letter may stand before a common word", () => {
    // "twhen": "then" with a letter changed, or "when" after a stray "t".
    expect(suggestSpelling("twhen")).toBeUndefined();
  });
});

