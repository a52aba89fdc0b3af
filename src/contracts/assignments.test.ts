import { describe, expect, it } from "vitest";
import { reviewRubricMismatch, sampleRubricMismatch } from "./assignments";

const criteria = [
  { id: "thesis", name: "Thesis", maxPoints: 5 },
  { id: "evidence", name: "Evidence", maxPoints: 10 },
];

describe("work scored on an earlier rubric", () => {
  it("names the total or the criterion this rubric cannot hold, with what to do for a sample", () => {
    expect(sampleRubricMismatch(criteria, { score: 16, criteriaScores: {} })).toBe("Scored 16, above this rubric's total of 15 points. Remove it and upload it again with a score out of 15.");
    expect(sampleRubricMismatch(criteria, { score: 12, criteriaScores: { thesis: 7, evidence: 5 } })).toBe(
      "Its Thesis score (7) is above that criterion's 5 points. Remove it and upload it again with scores for this rubric.",
    );
  });

  it("lets a fitting grade through, a 0 and scores for criteria the rubric no longer has included", () => {
    expect(sampleRubricMismatch(criteria, { score: 0, criteriaScores: { thesis: 0, gone: 30 } })).toBeNull();
    expect(reviewRubricMismatch(criteria, { overallScore: 15, criteriaScores: { thesis: 5, evidence: 10 } })).toBeNull();
    expect(reviewRubricMismatch(criteria, { overallScore: null, criteriaScores: null })).toBeNull();
  });

  it("tells a reviewed grade it teaches nothing until edited", () => {
    expect(reviewRubricMismatch(criteria, { overallScore: 12, criteriaScores: { thesis: 9, evidence: 3 } })).toBe(
      "Its Thesis score (9) is above that criterion's 5 points. It was scored on an earlier rubric, so it does not calibrate the grades that follow until you edit it.",
    );
  });
});
