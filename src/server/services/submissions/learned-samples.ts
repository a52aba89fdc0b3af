import { and, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import type { GradingSample } from "../../../core/grading";
import type { Db } from "../../db/client";
import { submissions } from "../../db/schema";

/** The most recent reviews used: enough for the calibration to follow the teacher, few enough to prepare quickly. */
export const maxLearnedReviews = 200;

export interface LearnedReviews {
  /** The reviewed submissions to learn from, newest first. */
  ids: string[];
  /** Changes whenever the set of reviews used changes: part of the prepared-assignment cache key. */
  key: string;
}

/**
 * Every grade the teacher reviewed (accepted after reading, or edited) is a graded sample for the grades that
 * follow, unless the teacher excluded it; grades accepted automatically never count, nor one given on an earlier rubric,
 * nor does the submission being graded (a regrade of a reviewed essay must not be graded by its own review). Only ids
 * are read here, on every grading job; the texts are read when the preparation is rebuilt (loadLearnedSamples).
 */
export async function learnedReviewsOf(db: Db, assignmentId: string, except: string): Promise<LearnedReviews> {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.assignmentId, assignmentId),
        eq(submissions.gradeSource, "reviewed"),
        eq(submissions.excludedFromLearning, false),
        isNotNull(submissions.overallScore),
        // Scores on an earlier rubric's scale would calibrate the current one wrongly (decision 012).
        isNull(submissions.earlierRubric),
        ne(submissions.id, except),
      ),
    )
    .orderBy(desc(submissions.reviewedAt), desc(submissions.id))
    .limit(maxLearnedReviews);
  const ids = rows.map((row) => row.id);
  return { ids, key: `reviews:${ids.join(",")}` };
}

/** The reviews as graded samples, leaving out any already among the assignment's samples (added by hand). */
export async function loadLearnedSamples(db: Db, reviews: LearnedReviews, sampleTexts: Set<string>): Promise<GradingSample[]> {
  if (reviews.ids.length === 0) return [];
  const rows = await db
    .select({ id: submissions.id, content: submissions.content, overallScore: submissions.overallScore, criteriaScores: submissions.criteriaScores, feedback: submissions.feedback })
    .from(submissions)
    .where(inArray(submissions.id, reviews.ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return reviews.ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row || row.overallScore === null || sampleTexts.has(row.content)) return [];
    return [
      {
        id: `review:${row.id}`,
        text: row.content,
        score: row.overallScore,
        ...(row.criteriaScores ? { criteriaScores: row.criteriaScores } : {}),
        ...(row.feedback ? { feedback: row.feedback } : {}),
      },
    ];
  });
}
