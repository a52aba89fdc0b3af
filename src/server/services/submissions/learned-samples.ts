import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { GradingSample } from "../../../core/grading";
import type { Db } from "../../db/client";
import { submissions } from "../../db/schema";

/** The most recent reviews used: enough for the calibration to follow the teacher, few enough to prepare quickly. */
export const maxLearnedReviews = 200;

export interface LearnedSamples {
  samples: GradingSample[];
  /** Changes whenever the set of reviews used changes: part of the prepared-assignment cache key. */
  key: string;
}

/**
 * Every grade the teacher reviewed (accepted after reading, or edited) is a graded sample for the grades that
 * follow, unless the teacher excluded it; grades accepted automatically never count, nor does the submission being
 * graded (a regrade of a reviewed essay must not be graded by its own review), nor a review already added to the
 * assignment's samples by hand.
 */
export async function learnedSamplesOf(db: Db, assignmentId: string, options: { except: string; sampleTexts: Set<string> }): Promise<LearnedSamples> {
  const rows = await db
    .select({ id: submissions.id, content: submissions.content, overallScore: submissions.overallScore, criteriaScores: submissions.criteriaScores, feedback: submissions.feedback, reviewedAt: submissions.reviewedAt })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.gradeSource, "reviewed"), eq(submissions.excludedFromLearning, false), isNotNull(submissions.overallScore)))
    .orderBy(desc(submissions.reviewedAt))
    .limit(maxLearnedReviews + 1);
  const used = rows.filter((row) => row.id !== options.except && !options.sampleTexts.has(row.content)).slice(0, maxLearnedReviews);
  return {
    samples: used.map((row) => ({
      id: `review:${row.id}`,
      text: row.content,
      score: row.overallScore!,
      ...(row.criteriaScores ? { criteriaScores: row.criteriaScores } : {}),
      ...(row.feedback ? { feedback: row.feedback } : {}),
    })),
    key: `reviews:${used.length}:${used[0]?.reviewedAt?.toISOString() ?? "-"}:${used.map((row) => row.id.slice(0, 8)).join(",")}`,
  };
}
