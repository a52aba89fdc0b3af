import { describe, expect, it } from "vitest";
import type { SubmissionDetail, SubmissionSummary } from "../../../../contracts/submissions";
import { settledSummary } from "./settled-summary";

const earlier = { criteria: [{ id: "c1", name: "Thesis", maxPoints: 20 }], totalPoints: 20 };
const entry: SubmissionSummary = {
  id: "s1",
  assignmentId: "a1",
  studentName: "Ana Ruiz",
  studentIdentifier: null,
  rosterStudentId: null,
  originalName: null,
  wordCount: 300,
  isOcr: false,
  submittedAt: "2026-11-01T10:00:00.000Z",
  status: "accepted",
  attempts: 1,
  failureReason: null,
  criteriaScores: { c1: 14 },
  overallScore: 14,
  confidence: 80,
  gradeSource: "reviewed",
  earlierRubric: earlier,
  reviewReason: null,
  textConcerns: [],
  late: { daysLate: 1, penalty: 1.4, finalScore: 12.6, beyondMaxLateDays: false, explanation: "1 day late: -10%" },
  topSimilarity: null,
  createdAt: "2026-11-01T10:00:00.000Z",
};

describe("settledSummary", () => {
  it("takes the reviewed grade's scale and late-adjusted score from the answer, keeping what a review does not change", () => {
    const late = { daysLate: 1, penalty: 2.7, finalScore: 24.3, beyondMaxLateDays: false, explanation: "1 day late: -10%" };
    const detail = { ...entry, criteriaScores: { c1: 27 }, overallScore: 27, earlierRubric: null, late, content: "The essay.", studentName: "Changed elsewhere" } as unknown as SubmissionDetail;
    expect(settledSummary(entry, detail)).toEqual({ ...entry, criteriaScores: { c1: 27 }, overallScore: 27, earlierRubric: null, late });
  });

  it("brings the earlier rubric back with an undo", () => {
    const onCurrent = { ...entry, earlierRubric: null };
    const detail = { ...entry, content: "The essay." } as unknown as SubmissionDetail;
    expect(settledSummary(onCurrent, detail).earlierRubric).toEqual(earlier);
  });
});
