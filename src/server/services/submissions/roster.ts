import { asc, eq, inArray } from "drizzle-orm";
import type { RosterView } from "../../../contracts/submissions";
import { matchStudent, parseRoster, type RosterStudent } from "../../../core/submissions";
import type { Db } from "../../db/client";
import { rosterStudents, submissions } from "../../db/schema";
import { findAssignmentRow } from "../assignments";
import type { Queryable } from "../teacher-profiles";

type RosterRow = typeof rosterStudents.$inferSelect;

export function rosterForMatching(rows: RosterRow[]): RosterStudent[] {
  return rows.map((row) => ({ id: row.id, name: row.name, ...(row.identifier ? { identifier: row.identifier } : {}) }));
}

/**
 * Replaces the class list (pasted lines or CSV) and matches every submission of the assignment against it again, in
 * one transaction. Problems (duplicates, over-long names) are reported beside the list, not instead of it.
 */
export async function replaceRoster(db: Db, teacherId: string, assignmentId: string, text: string): Promise<RosterView> {
  const parsed = parseRoster(text);
  await db.transaction(async (tx) => {
    await findAssignmentRow(tx, teacherId, assignmentId);
    await tx.update(submissions).set({ rosterStudentId: null }).where(eq(submissions.assignmentId, assignmentId));
    await tx.delete(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId));
    const rows = parsed.students.length
      ? await tx
          .insert(rosterStudents)
          .values(parsed.students.map((student, position) => ({ assignmentId, teacherId, name: student.name, identifier: student.identifier ?? null, email: student.email ?? null, position })))
          .returning()
      : [];
    const roster = rosterForMatching(rows);
    const work = await tx.select({ id: submissions.id, name: submissions.studentName, identifier: submissions.studentIdentifier }).from(submissions).where(eq(submissions.assignmentId, assignmentId));
    for (const item of work) {
      const match = matchStudent(roster, { name: item.name, ...(item.identifier ? { identifier: item.identifier } : {}) });
      if (match) await tx.update(submissions).set({ rosterStudentId: match }).where(eq(submissions.id, item.id));
    }
  });
  return { ...(await findRoster(db, teacherId, assignmentId)), problems: parsed.problems };
}

export async function findRoster(db: Queryable, teacherId: string, assignmentId: string): Promise<RosterView> {
  await findAssignmentRow(db, teacherId, assignmentId);
  const rows = await db.select().from(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId)).orderBy(asc(rosterStudents.position));
  const work = await db.select({ id: submissions.id, studentName: submissions.studentName, rosterStudentId: submissions.rosterStudentId }).from(submissions).where(eq(submissions.assignmentId, assignmentId));
  const byStudent = new Map(work.filter((item) => item.rosterStudentId).map((item) => [item.rosterStudentId!, item.id]));
  const students = rows.map((row) => ({ id: row.id, name: row.name, identifier: row.identifier, email: row.email, submissionId: byStudent.get(row.id) ?? null }));
  return {
    students,
    missing: students.filter((student) => !student.submissionId),
    unmatched: rows.length ? work.filter((item) => !item.rosterStudentId).map((item) => ({ submissionId: item.id, studentName: item.studentName })) : [],
    problems: [],
  };
}

/** The roster entry a (renamed) submission belongs to now. */
export async function matchRosterStudent(db: Queryable, assignmentId: string, student: { name: string; identifier?: string }): Promise<string | null> {
  const rows = await db.select().from(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId));
  return matchStudent(rosterForMatching(rows), student) ?? null;
}

/** Roster students' names by id: who a grade sent to a platform went to, once the work is someone else's. */
export async function rosterNamesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: rosterStudents.id, name: rosterStudents.name }).from(rosterStudents).where(inArray(rosterStudents.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
