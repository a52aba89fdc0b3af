import { sql } from "drizzle-orm";
import type { GradeEventSnapshot } from "../../../contracts/submissions";
import type { gradeEventKinds } from "../../../contracts/submissions";
import { gradeEvents } from "../../db/schema";
import type { Queryable } from "../teacher-profiles";
import type { SubmissionRow } from "./records";

export type GradeEventKind = (typeof gradeEventKinds)[number];

/** Who acted: a teacher (their id and name) or the grading engine. */
export type Actor = { id: string; name: string } | "engine";
export const engineActorName = "Markwise grader";

export function snapshotOf(row: Pick<SubmissionRow, "status" | "criteriaScores" | "overallScore" | "feedback">): GradeEventSnapshot {
  return { status: row.status, criteriaScores: row.criteriaScores, overallScore: row.overallScore, feedback: row.feedback };
}

export async function recordGradeEvent(
  db: Queryable,
  event: { submissionId: string; teacherId: string; actor: Actor; kind: GradeEventKind; before?: GradeEventSnapshot | null; after?: GradeEventSnapshot | null; note?: string },
): Promise<void> {
  const isEngine = event.actor === "engine";
  await db.insert(gradeEvents).values({
    submissionId: event.submissionId,
    teacherId: event.teacherId,
    actorId: isEngine ? null : (event.actor as { id: string }).id,
    actorName: isEngine ? engineActorName : (event.actor as { name: string }).name,
    kind: event.kind,
    isAutomatic: isEngine,
    before: event.before ?? null,
    after: event.after ?? null,
    note: event.note ?? null,
    // The column's default, now(), is the transaction's start: events written together would tie and the
    // history could list "sent to review" before "graded". The clock keeps them in the order they happened, and
    // where it cannot tell them apart (PGlite's clock can give two inserts the same time), the event after the
    // submission's latest still comes after it.
    createdAt: sql`greatest(clock_timestamp(), (select max(${gradeEvents.createdAt}) + interval '1 microsecond' from ${gradeEvents} where ${gradeEvents.submissionId} = ${event.submissionId}))`,
  });
}
