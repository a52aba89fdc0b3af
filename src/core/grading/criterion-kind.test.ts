import { describe, expect, it } from "vitest";
import { asksForCorrectness, classifyCriterion, conventionsFocus } from "./criterion-kind.js";

describe("classifyCriterion", () => {
  it.each([
    ["Conventions", "conventions"],
    ["Grammar", "conventions"],
    ["Spelling and punctuation", "conventions"],
    ["Sentence Fluency", "fluency"],
    ["Syntax", "fluency"],
    ["Word Choice", "language"],
    ["Vocabulary", "language"],
    ["Organization", "organization"],
    ["Cohesion", "organization"],
    ["Narrativity", "organization"],
    ["Ideas & Content", "content"],
    ["Prompt Adherence", "content"],
  ])("maps the criterion %s to %s", (name, kind) => {
    expect(classifyCriterion(name)).toBe(kind);
  });

  it("falls back to the descriptors, then to a holistic criterion", () => {
    expect(classifyCriterion("Part A", ["Many spelling and punctuation errors", "Spelling is correct"])).toBe("conventions");
    expect(classifyCriterion("Part B", ["Meh", "Great"])).toBe("overall");
  });
});

describe("criteria that ask whether the work is right", () => {
  it("finds correctness, accuracy and calculations by name or by a descriptor, not an answer to the prompt", () => {
    for (const name of ["Correct Answers", "Historical accuracy", "Calculations"]) expect(asksForCorrectness(name), name).toBe(true);
    // How the work is written, which the grader does read.
    for (const name of ["Grammar and Correctness", "Correct use of punctuation", "Problem and Solution", "Accurate Citations (MLA)"]) expect(asksForCorrectness(name), name).toBe(false);
    expect(asksForCorrectness("Work shown", ["Steps missing.", "Every step shown and all answers are correct."])).toBe(true);
    for (const name of ["Answers the prompt", "Thesis", "Use of evidence", "Conventions"]) expect(asksForCorrectness(name, ["Clear and complete."]), name).toBe(false);
  });
});

describe("what a conventions criterion is about", () => {
  it.each([
    ["Spelling", "spelling"],
    ["Grammar and punctuation", "not-spelling"],
    ["Grammar", "grammar"],
    ["Usage", "grammar"],
    ["Capitalization", "not-spelling"],
    ["Conventions", "all"],
    ["Mechanics", "all"],
    ["Spelling and grammar", "all"],
    ["Conventions: spelling", "all"],
  ] as const)("reads %s as %s", (name, focus) => {
    expect(conventionsFocus(name)).toBe(focus);
  });
});
