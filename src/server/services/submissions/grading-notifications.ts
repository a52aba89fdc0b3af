import { and, count, eq, isNull } from "drizzle-orm";
import { assignments, notifications, submissionBatches, submissions } from "../../db/schema";
import type { Queryable } from "../teacher-profiles";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A finished grading run tells the teacher what happened to it; when grades wait for review, one notice per
 * assignment says how many wait in all (an older unread one is replaced rather than piled up).
 */
export async function notifyFinishedBatch(db: Queryable, batch: typeof submissionBatches.$inferSelect): Promise<void> {
  const [assignment] = await db.select({ title: assignments.title }).from(assignments).where(eq(assignments.id, batch.assignmentId));
  if (!assignment) return;
  const byStatus = await db
    .select({ status: submissions.status, n: count() })
    .from(submissions)
    .where(eq(submissions.batchId, batch.id))
    .groupBy(submissions.status);
  const countOf = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const total = byStatus.reduce((sum, row) => sum + row.n, 0);
  const title = assignment.title || "Untitled assignment";
  const failed = countOf("failed");
  const parts = [`${plural(countOf("accepted"), "grade")} accepted automatically`, `${countOf("needs_review")} waiting for your review`];
  if (failed) parts.push(`${failed} could not be graded`);
  await db.insert(notifications).values({
    teacherId: batch.teacherId,
    assignmentId: batch.assignmentId,
    kind: failed ? "grading_failed" : "grading_finished",
    title: `Grading finished: ${title}`,
    body: `${plural(total, "submission")} graded: ${parts.join(", ")}.`,
  });

  const [waiting] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, batch.assignmentId), eq(submissions.status, "needs_review")));
  await db
    .delete(notifications)
    .where(and(eq(notifications.assignmentId, batch.assignmentId), eq(notifications.kind, "review_waiting"), isNull(notifications.readAt)));
  if (waiting && waiting.n > 0) {
    await db.insert(notifications).values({
      teacherId: batch.teacherId,
      assignmentId: batch.assignmentId,
      kind: "review_waiting",
      title: `Review waiting: ${title}`,
      body: `${plural(waiting.n, "grade")} in ${title} ${waiting.n === 1 ? "waits" : "wait"} for your review, lowest confidence first.`,
    });
  }
}
