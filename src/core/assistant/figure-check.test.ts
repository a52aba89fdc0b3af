import { describe, expect, it } from "vitest";
import { figuresNotIn, uncheckedFiguresNote } from "./figure-check";

const toolAnswer = "Class results:\n\u2022 \u201cPersuasive Essay\u201d: average 13.9 of 20 (70%), median 14, over 24 graded essays";

describe("figures a model wrote without a source", () => {
  it("finds a share that no source holds", () => {
    expect(figuresNotIn("Your class averaged 97% on the essay.", [toolAnswer])).toEqual(["97%"]);
  });

  it("accepts figures from the sources, rounded or worked out from a score", () => {
    expect(figuresNotIn("The class averaged 13.9 of 20, about 70 percent, across 24 essays.", [toolAnswer])).toEqual([]);
    // 13.9 of 20 is 69.5%: a model writing 69.5% or 70% has it right.
    expect(figuresNotIn("That is 69.5%.", ["average 13.9 of 20"])).toEqual([]);
  });

  it("finds invented scores and counts of students, not the model's own small words", () => {
    expect(figuresNotIn("Maya got 18/20 and 5 students were late. Here are 3 tips.", [toolAnswer, "Maya Chen: 16 of 20"])).toEqual(["18/20", "5 students"]);
  });

  it("leaves a drafted rubric's weights alone", () => {
    expect(figuresNotIn("Thesis (25%): a clear claim.\nEvidence 30%: quotes explained.", [])).toEqual([]);
  });

  it("leaves dates and times alone", () => {
    expect(figuresNotIn("It was submitted on 2026-11-20 at 9:30, or 20/11/2026.", [])).toEqual([]);
  });

  it("names the figures for the teacher to check", () => {
    expect(uncheckedFiguresNote(["97%"])).toBe("I could not find \u201c97%\u201d in your classes' data: check it in the gradebook before relying on it.");
    expect(uncheckedFiguresNote(["97%", "5 students"])).toContain("\u201c97%\u201d and \u201c5 students\u201d");
  });
});
