import type { SubmissionDetail, SubmissionSummary } from "../../../../contracts/submissions";

/**
 * A list's entry once a review action answered with the submission's detail: every part of the grade the action can
 * change, so the queue never shows the old scale (a grade reviewed again leaves its earlier rubric; an undo may
 * bring it back) or the old late-adjusted score until the list is read again.
 */
export function settledSummary(entry: SubmissionSummary, detail: SubmissionDetail): SubmissionSummary {
  const { status, criteriaScores, overallScore, confidence, gradeSource, reviewReason, earlierRubric, late } = detail;
  return { ...entry, status, criteriaScores, overallScore, confidence, gradeSource, reviewReason, earlierRubric, late };
}
