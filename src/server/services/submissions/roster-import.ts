import { and, asc, eq, isNull } from "drizzle-orm";
import { matchStudent } from "../../../core/submissions";
import { rosterStudents, submissions } from "../../db/schema";
import type { Queryable } from "../teacher-profiles";
import { rosterForMatching } from "./roster";

/** A student read from a course on another system (LTI platform, Google Classroom): `key` is their id there. */
export interface ImportedStudent {
  key: string;
  name: string;
  email: string | null;
  identifier: string | null;
}

/**
 * Adds a course's students to the assignment's roster, or updates the roster student each already is: the one linked
 * to their key before (`linked`), else one with the same e-mail, school id or name that no other key claims. Run it
 * inside the import's transaction; it answers which roster student each key now is.
 */
export async function mergeImportedStudents(tx: Queryable, assignmentId: string, teacherId: string, students: ImportedStudent[], linked: ReadonlyMap<string, string>) {
  const roster = await tx.select().from(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId)).orderBy(asc(rosterStudents.position));
  const claimed = new Set(linked.values());
  const rosterIdByKey = new Map<string, string>();
  let position = roster.reduce((max, row) => Math.max(max, row.position), -1);
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  for (const student of students) {
    const free = roster.filter((row) => !claimed.has(row.id) || row.id === linked.get(student.key));
    const email = student.email?.toLowerCase();
    const existingId =
      linked.get(student.key) ??
      (email ? free.find((row) => row.email?.toLowerCase() === email)?.id : undefined) ??
      matchStudent(rosterForMatching(free), { name: student.name, ...(student.identifier ? { identifier: student.identifier } : {}) });
    const existing = existingId ? roster.find((row) => row.id === existingId) : undefined;
    let rosterStudentId: string;
    if (existing) {
      const next = { name: student.name, email: student.email ?? existing.email, identifier: existing.identifier ?? student.identifier ?? null };
      rosterStudentId = existing.id;
      // A student imported again as they are is unchanged, not "updated": the teacher reads the count as what moved.
      if (next.name === existing.name && next.email === existing.email && next.identifier === existing.identifier) {
        unchanged += 1;
      } else {
        await tx.update(rosterStudents).set(next).where(eq(rosterStudents.id, existing.id));
        updated += 1;
      }
    } else {
      position += 1;
      const [row] = await tx.insert(rosterStudents).values({ assignmentId, teacherId, name: student.name, email: student.email, identifier: student.identifier, position }).returning();
      roster.push(row!);
      rosterStudentId = row!.id;
      added += 1;
    }
    claimed.add(rosterStudentId);
    rosterIdByKey.set(student.key, rosterStudentId);
  }
  return { added, updated, unchanged, rosterIdByKey };
}

/** Matches the assignment's submissions that name no roster student against the roster as it is now; answers how many matched. */
export async function matchUnmatchedSubmissions(tx: Queryable, assignmentId: string): Promise<number> {
  const current = await tx.select().from(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId));
  const unmatched = await tx
    .select({ id: submissions.id, name: submissions.studentName, identifier: submissions.studentIdentifier })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), isNull(submissions.rosterStudentId)));
  let matched = 0;
  for (const item of unmatched) {
    const match = matchStudent(rosterForMatching(current), { name: item.name, ...(item.identifier ? { identifier: item.identifier } : {}) });
    if (!match) continue;
    await tx.update(submissions).set({ rosterStudentId: match }).where(eq(submissions.id, item.id));
    matched += 1;
  }
  return matched;
}
