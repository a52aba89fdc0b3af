import { describe, expect, it } from "vitest";
import { defaultAssignmentSettings } from "../../contracts/assignments";
import { toGradingInput } from "./grading-input";

const assignment = {
  prompt: "Argue for or against school uniforms.",
  criteria: [
    { id: "thesis", name: "Thesis", maxPoints: 5, descriptors: [] },
    { id: "evidence", name: "Evidence", maxPoints: 5, descriptors: [] },
  ],
  gradingSettings: defaultAssignmentSettings,
};
const sample = (id: string, score: number, criteriaScores: Record<string, number> = {}) => ({ id, text: "An essay.", score, criteriaScores, feedback: "" });

describe("the samples the grader learns from", () => {
  it("keeps every grade the rubric can hold, a reviewed 0 included, and leaves out what it cannot", () => {
    const input = toGradingInput(assignment, [
      sample("review:zero", 0, { thesis: 0, evidence: 0 }),
      sample("fits", 7, { thesis: 4, evidence: 3 }),
      sample("old-criteria", 6, { "criterion-1": 30 }),
      sample("over-total", 30),
      sample("over-criterion", 8, { thesis: 6, evidence: 2 }),
    ]);
    expect(input.samples.map((kept) => kept.id)).toEqual(["review:zero", "fits", "old-criteria"]);
  });
});
