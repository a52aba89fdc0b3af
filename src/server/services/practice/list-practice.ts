import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { PracticeKind, PracticeSummary } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { assignments, practiceAttempts, practiceSets } from "../../db/schema";
import { toPracticeSummary } from "./records";

/** The teacher's quizzes or decks, newest first, with how many attempts each has and the class it came from. */
export async function listPractice(db: Db, publicUrl: string, teacherId: string, kind: PracticeKind): Promise<PracticeSummary[]> {
  const rows = await db
    .select({ set: practiceSets, assignmentTitle: assignments.title })
    .from(practiceSets)
    .leftJoin(assignments, eq(assignments.id, practiceSets.assignmentId))
    .where(and(eq(practiceSets.teacherId, teacherId), eq(practiceSets.kind, kind), isNull(practiceSets.deletedAt)))
    .orderBy(desc(practiceSets.createdAt));
  const ids = rows.map((row) => row.set.id);
  const counts = ids.length
    ? await db.select({ id: practiceAttempts.practiceSetId, value: count() }).from(practiceAttempts).where(inArray(practiceAttempts.practiceSetId, ids)).groupBy(practiceAttempts.practiceSetId)
    : [];
  const byId = new Map(counts.map((row) => [row.id, row.value]));
  return rows.map((row) =>
    toPracticeSummary(row.set, { publicUrl, attemptCount: byId.get(row.set.id) ?? 0, assignmentTitle: row.assignmentTitle === null ? null : row.assignmentTitle.trim() || "Untitled assignment" }),
  );
}
