import { describe, expect, it } from "vitest";
import { countPlaceholders, countWords, findParagraphs, findSentences, findWords, stemWord } from "./text.js";

describe("text utilities", () => {
  it("finds words with apostrophes and skips anonymisation tokens", () => {
    const words = findWords("Don't tell @PERSON1 that it's late.").map((w) => w.text);
    expect(words).toEqual(["Don't", "tell", "that", "it's", "late"]);
    expect(findWords("the teacher didn`t say, I´m sure").map((w) => w.text)).toEqual(["the", "teacher", "didn`t", "say", "I´m", "sure"]);
    expect(countPlaceholders("Dear @CAPS1 and @PERSON2,")).toBe(2);
  });

  it("counts the words findWords finds, with or without placeholders, in any script", () => {
    for (const text of ["Don't tell @PERSON1 that it's late.", "email me@home.org or @CAPS", "", "— 12 3.5 —", "Ça va? Très bien, naïve café.", "x@y"]) {
      expect(countWords(text), text).toBe(findWords(text).length);
    }
    expect(countWords("Dear @CAPS1, thank you.")).toBe(3);
  });

  it("splits sentences on end punctuation and keeps offsets into the original text", () => {
    const text = "It rained. Did we care?  No!";
    const sentences = findSentences(text);
    expect(sentences.map((s) => s.text)).toEqual(["It rained.", "Did we care?", "No!"]);
    for (const s of sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it("counts paragraphs separated by blank lines", () => {
    expect(findParagraphs("One.\nStill one.\n\nTwo.\n\n\nThree.")).toHaveLength(3);
  });

  it("stems plural and -ing forms to the same root", () => {
    expect(stemWord("computers")).toBe(stemWord("computer"));
    expect(stemWord("docking")).toBe("dock");
    expect(stemWord("studies")).toBe("study");
  });

});
