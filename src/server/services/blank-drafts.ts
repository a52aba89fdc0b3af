import { and, eq, lt, not, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { assignmentSamples, assignments } from "../db/schema";
import type { Queryable } from "./teacher-profiles";

/**
 * The specification has /assignments/new create its assignment on the server as the page loads; the teacher expects
 * a visit that enters nothing to leave nothing behind. Both hold: a draft nobody has saved anything into is "blank",
 * lists never show it, the wizard discards it when the teacher leaves, and a new visit clears older ones.
 */
export function isBlankDraft(db: Queryable): SQL {
  return and(
    eq(assignments.status, "draft"),
    eq(assignments.title, ""),
    eq(assignments.prompt, ""),
    sql`${assignments.criteria} = '[]'::jsonb`,
    // Every save sets updatedAt; a blank draft still has the time it was created.
    eq(assignments.updatedAt, assignments.createdAt),
    notExists(db.select({ one: sql`1` }).from(assignmentSamples).where(eq(assignmentSamples.assignmentId, assignments.id))),
  )!;
}

export function isNotBlankDraft(db: Queryable): SQL {
  return not(isBlankDraft(db));
}

/**
 * Deletes the teacher's draft if nothing was ever saved into it. "missing" when the teacher has no assignment by that
 * id (none at all, or another teacher's), so the route answers 404 as for any other teacher's data.
 */
export async function discardIfBlank(db: Db, teacherId: string, id: string): Promise<"deleted" | "kept" | "missing"> {
  const owned = and(eq(assignments.id, id), eq(assignments.teacherId, teacherId));
  const deleted = await db.delete(assignments).where(and(owned, isBlankDraft(db))).returning({ id: assignments.id });
  if (deleted.length) return "deleted";
  const [kept] = await db.select({ id: assignments.id }).from(assignments).where(owned);
  return kept ? "kept" : "missing";
}

/** Blank drafts of earlier visits whose page never said goodbye (a closed laptop, a lost connection). */
export async function clearStaleBlankDrafts(db: Db, teacherId: string, olderThanMinutes = 60): Promise<void> {
  await db
    .delete(assignments)
    .where(and(eq(assignments.teacherId, teacherId), isBlankDraft(db), lt(assignments.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`)));
}
