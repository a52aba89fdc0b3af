import { and, eq, isNotNull } from "drizzle-orm";
import type { AgreementGrowth } from "../../../contracts/submissions";
import { agreementByReviewOrder, agreementStats, type ScorePair } from "../../../core/grading-gate";
import { toleranceFor } from "../../../core/grading";
import { submissions } from "../../db/schema";
import { findAssignmentRow } from "../assignments";
import type { Queryable } from "../teacher-profiles";
import { maxScoreOf } from "./records";

/** Reviews per group of "how it has grown", and the fewest for a QWK worth showing. */
export const agreementGroupSize = 10;

/**
 * Agreement between the grade the grader proposed and the teacher's final grade, over every review so far and in
 * runs of ten in the order they were made. The grader's proposal is kept with each review (teacherReview's
 * engineOverallScore, written when the teacher accepts or edits), so a later regrade does not change it.
 */
export async function agreementGrowthFor(db: Queryable, teacherId: string, assignmentId: string): Promise<AgreementGrowth> {
  const assignment = await findAssignmentRow(db, teacherId, assignmentId);
  const rows = await db
    .select({ review: submissions.teacherReview, id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignment.id), isNotNull(submissions.teacherReview)));
  const reviews = rows
    .flatMap(({ review, id }) => (review && review.engineOverallScore !== null ? [{ id, at: review.reviewedAt, engine: review.engineOverallScore, teacher: review.overallScore }] : []))
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const pairs: ScorePair[] = reviews.map(({ engine, teacher }) => ({ engine, teacher }));
  const range: [number, number] = [0, maxScoreOf(assignment)];
  const groups = agreementByReviewOrder(pairs, range, agreementGroupSize);
  const stats = agreementStats(pairs, range);
  return {
    reviewedCount: pairs.length,
    withinTolerance: groups.reduce((sum, group) => sum + group.withinTolerance, 0),
    exact: groups.reduce((sum, group) => sum + group.exact, 0),
    tolerance: toleranceFor(range),
    qwk: pairs.length >= agreementGroupSize ? stats.qwk : null,
    groupSize: agreementGroupSize,
    groups,
  };
}
