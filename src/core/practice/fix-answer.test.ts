import { describe, expect, it } from "vitest";
import { fakeSpellChecker } from "../grading/test-fixtures.js";
import { isFixAccepted } from "./fix-answer.js";

const spell = fakeSpellChecker(["oponion", "purpuses", "im", "alot"]);
const spelling = { original: "My oponion is computers should be used for many different purpuses.", answer: "My opinion is computers should be used for many different purposes." };
const capital = { original: "secondly computers have a way of helping people.", answer: "Secondly computers have a way of helping people." };
const splice = { original: "Many teenagers go to bed late, I cannot fall asleep before eleven.", answer: "Many teenagers go to bed late. I cannot fall asleep before eleven." };
const keepsOthers = { original: "First, computers teach hand eye coordination and im sure it helps alot.", answer: "First, computers teach hand eye coordination and I'm sure it helps alot." };

describe("a corrected sentence", () => {
  it("is right without its final full stop, with other spacing or another case of a first letter the key did not change", () => {
    expect(isFixAccepted(spelling, "My opinion is computers should be used for many different purposes", spell)).toBe(true);
    expect(isFixAccepted(spelling, "  my opinion is computers  should be used for many different purposes . ", spell)).toBe(true);
    expect(isFixAccepted(spelling, "My opinion is computers should be used for many different purposes!", spell)).toBe(true);
  });

  it("is right with an extra correct fix: a comma, a hyphen, another misspelling or a further split", () => {
    expect(isFixAccepted(capital, "Secondly, computers have a way of helping people.", spell)).toBe(true);
    expect(isFixAccepted(keepsOthers, "First, computers teach hand-eye coordination and I'm sure it helps a lot.", spell)).toBe(true);
    expect(isFixAccepted(keepsOthers, "First, computers teach hand-eye coordination. I'm sure it helps a lot.", spell)).toBe(true);
  });

  it("is wrong when the named slip stays, even where the rest is lenient", () => {
    expect(isFixAccepted(spelling, spelling.original, spell)).toBe(false);
    expect(isFixAccepted(spelling, "My opinion is computers should be used for many different purpuses", spell)).toBe(false);
    expect(isFixAccepted(capital, capital.original, spell)).toBe(false);
    expect(isFixAccepted(capital, "secondly, computers have a way of helping people", spell)).toBe(false);
    expect(isFixAccepted(splice, splice.original, spell)).toBe(false);
    expect(isFixAccepted(keepsOthers, keepsOthers.original, spell)).toBe(false);
  });

  it("is wrong when it makes something else worse", () => {
    // A correct word changed, dropped or added; a split without its capital; a capital taken off.
    expect(isFixAccepted(spelling, "My opinion is phones should be used for many different purposes.", spell)).toBe(false);
    expect(isFixAccepted(spelling, "My opinion is computers should be used for different purposes.", spell)).toBe(false);
    expect(isFixAccepted(spelling, "My opinion is that computers should be used for many different purposes.", spell)).toBe(false);
    expect(isFixAccepted(spelling, "My opinion is computers. should be used for many different purposes.", spell)).toBe(false);
    expect(isFixAccepted(splice, "Many teenagers go to bed late. I cannot fall asleep before eleven in the evening.", spell)).toBe(false);
    // A misspelling put right the key did not know of needs the dictionary to say so.
    expect(isFixAccepted(keepsOthers, "First, computers teach hand eye coordination and I'm sure it helps a lot.")).toBe(false);
  });

  // A review of the scorer found these four ways through it.
  it("needs the key's end mark when that mark is the correction", () => {
    const question = { original: "Are you going to the game.", answer: "Are you going to the game?" };
    expect(isFixAccepted(question, question.original, spell)).toBe(false);
    expect(isFixAccepted(question, "Are you going to the game", spell)).toBe(false);
    expect(isFixAccepted(question, "are you going to the game?", spell)).toBe(true);
  });

  it("takes no word for a misspelled one unless it is near it, and no run-on or cut for a further fix", () => {
    const named = { original: "Ethan went home quikly.", answer: "Ethan went home quickly." };
    const withNames = fakeSpellChecker(["ethan", "quikly"]);
    expect(isFixAccepted(named, "Bob went home quickly.", withNames)).toBe(false);
    expect(isFixAccepted(named, "Ethan went home quickly.", withNames)).toBe(true);
    const twoSentences = { original: "I like it. I like dogs alot.", answer: "I like it. I like dogs a lot." };
    expect(isFixAccepted(twoSentences, "I like it, I like dogs a lot.", spell)).toBe(false);
    expect(isFixAccepted(twoSentences, "I like it. I like. Dogs a lot.", spell)).toBe(false);
    expect(isFixAccepted(twoSentences, "I like it. I like dogs a lot.", spell)).toBe(true);
  });
});
