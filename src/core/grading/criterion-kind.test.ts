import { describe, expect, it } from "vitest";
import { classifyCriterion } from "./criterion-kind.js";

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
