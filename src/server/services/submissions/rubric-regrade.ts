import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { gradedCriteria, type RubricChange } from "../../../contracts/assignments";
import { describeRubric, earlierRubricOf, type EarlierRubric } from "../../../contracts/earlier-rubric";
import { submissions } from "../../db/schema";
import type { Queryable } from "../teacher-profiles";
import { recordGradeEvent, snapshotOf, type Actor } from "./audit";

type Criteria = { id: string; name: string; maxPoints: number }[];

/** What a grade's scale is made of: the criteria's ids and points (the names and descriptors do not move a score). */
function scoringOf(criteria: Criteria): string {
  return JSON.stringify(gradedCriteria(criteria).map((item) => [item.id, item.maxPoints]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

export function isScoringChanged(before: Criteria, after: Criteria): boolean {
  return scoringOf(before) !== scoringOf(after);
}

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

export function rubricChangeMessage(regrading: number, keptReviewed: number): string {
  const parts = [];
  if (regrading) parts.push(`${plural(regrading, "grade is", "grades are")} being regraded on the new rubric (the grader's, not yet reviewed by you)`);
  if (keptReviewed) {
    parts.push(
      `${plural(keptReviewed, "grade", "grades")} you reviewed keep${keptReviewed === 1 ? "s its" : " their"} scores and feedback, given on the earlier rubric: edit or regrade ${keptReviewed === 1 ? "it" : "them"} in review to score ${keptReviewed === 1 ? "it" : "them"} on the new one`,
    );
  }
  const sentence = parts.join("; ");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * The rubric a reviewed grade stands on after a change from `before` to `after`: the one it was already kept on, or
 * `before`; none once the rubric is back to the scoring it was given on.
 */
export function earlierRubricAfterChange(kept: EarlierRubric | null | undefined, before: Criteria, after: Criteria): EarlierRubric | null {
  const givenOn = kept ?? earlierRubricOf(before);
  return isScoringChanged(givenOn.criteria, after) ? givenOn : null;
}

/**
 * Every teacher review kept beside a grade (for Undo, even under a regrade) remembers the rubric it was given on, so
 * restoring it later brings back its scale with it.
 */
async function keepReviewsOnTheirRubric(tx: Queryable, assignmentId: string, before: Criteria, after: Criteria): Promise<void> {
  const rows = await tx
    .select({ id: submissions.id, teacherReview: submissions.teacherReview })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), isNotNull(submissions.teacherReview)));
  for (const { id, teacherReview } of rows) {
    if (!teacherReview) continue;
    const { earlierRubric: kept, ...review } = teacherReview;
    const earlierRubric = earlierRubricAfterChange(kept, before, after);
    await tx.update(submissions).set({ teacherReview: earlierRubric ? { ...review, earlierRubric } : review }).where(eq(submissions.id, id));
  }
}

/**
 * A reviewed grade sent to be graded again (still queued, or failed) is shown as it stands until a new grade comes:
 * its scores keep the scale they were given on, as a graded one's do.
 */
async function keepScaleUnderRegrade(tx: Queryable, assignmentId: string, before: Criteria, after: Criteria): Promise<void> {
  const rows = await tx
    .select({ id: submissions.id, earlierRubric: submissions.earlierRubric })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.gradeSource, "reviewed"), isNotNull(submissions.overallScore), inArray(submissions.status, ["queued", "failed"])));
  for (const row of rows) {
    await tx.update(submissions).set({ earlierRubric: earlierRubricAfterChange(row.earlierRubric, before, after) }).where(eq(submissions.id, row.id));
  }
}

/**
 * The rubric's scoring changed (a criterion added or removed, other points) on an assignment with grades: a grade on
 * the old scale reads wrongly on the new one ("2 / 10" beside feedback saying "0/6"). The grader's grades, which no
 * one has read, are graded again on the new rubric; the teacher's reviewed grades are theirs and are kept, each
 * marked in its history as given on the earlier rubric. Returns the ids to queue once the caller's transaction
 * commits, and what to tell the teacher; null when there was nothing graded (the reviews kept for Undo are still
 * marked).
 */
export async function regradeForNewRubric(
  tx: Queryable,
  assignment: { id: string; teacherId: string },
  before: Criteria,
  after: Criteria,
  actor: Actor,
): Promise<{ queue: string[]; change: RubricChange } | null> {
  // Work being graded now read the old rubric: its claim is taken back (status and claim cleared), so the attempt's
  // conditional write finds no claim and is dropped, and the work is graded again on the new rubric.
  const inFlight = await tx
    .update(submissions)
    .set({ status: "queued", claimedAt: null, updatedAt: new Date() })
    .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.status, "grading")))
    .returning({ id: submissions.id });
  // Before anything may return: a review under a regrade still queued (or failed, or taken back just now) has no
  // graded row, and it and its Undo must still stand on the scale it was given on.
  await keepReviewsOnTheirRubric(tx, assignment.id, before, after);
  await keepScaleUnderRegrade(tx, assignment.id, before, after);
  const graded = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignment.id), inArray(submissions.status, ["needs_review", "accepted"]), isNotNull(submissions.overallScore)));
  if (!graded.length && !inFlight.length) return null;
  const unreviewed = graded.filter((row) => row.gradeSource !== "reviewed");
  const reviewed = graded.filter((row) => row.gradeSource === "reviewed");
  const now = new Date();
  // Conditional on the status read just now: a grade the teacher accepts at this moment is not sent away unread.
  const queued = unreviewed.length
    ? await tx
        .update(submissions)
        .set({ status: "queued", attempts: 0, failureReason: null, updatedAt: now })
        .where(and(inArray(submissions.id, unreviewed.map((row) => row.id)), inArray(submissions.status, ["needs_review", "accepted"]), eq(submissions.gradeSource, "automatic")))
        .returning({ id: submissions.id })
    : [];
  const queuedIds = new Set(queued.map((row) => row.id));
  const rubricWas = describeRubric(before);
  for (const row of unreviewed.filter((item) => queuedIds.has(item.id))) {
    await recordGradeEvent(tx, {
      submissionId: row.id,
      teacherId: assignment.teacherId,
      actor,
      kind: "regrade_requested",
      before: snapshotOf(row),
      after: snapshotOf({ ...row, status: "queued" }),
      note: `The rubric's scoring changed (it was ${rubricWas}): graded again on the new rubric.`,
    });
  }
  for (const row of reviewed) {
    // The scale goes with the grade, so no list, export or send reads its scores against the new rubric.
    const earlierRubric = earlierRubricAfterChange(row.earlierRubric, before, after);
    await tx.update(submissions).set({ earlierRubric, updatedAt: now }).where(eq(submissions.id, row.id));
    await recordGradeEvent(tx, {
      submissionId: row.id,
      teacherId: assignment.teacherId,
      actor,
      kind: "rubric_changed",
      note: earlierRubric
        ? `Your reviewed grade is kept as you left it, given on the earlier rubric (${describeRubric(earlierRubric.criteria)}). Edit it, or Regrade, to score it on the new one.`
        : `The rubric is back to the scoring your reviewed grade was given on (${describeRubric(after)}): it stands on the current rubric again.`,
    });
  }
  for (const row of inFlight) {
    await recordGradeEvent(tx, { submissionId: row.id, teacherId: assignment.teacherId, actor, kind: "regrade_requested", note: `The rubric's scoring changed while this work was being graded (it was ${rubricWas}): graded again on the new rubric.` });
  }
  const queue = [...queuedIds, ...inFlight.map((row) => row.id)];
  return { queue, change: { regrading: queue.length, keptReviewed: reviewed.length, message: rubricChangeMessage(queue.length, reviewed.length) } };
}
