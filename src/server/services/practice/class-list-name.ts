import { eq } from "drizzle-orm";
import { practiceMessages } from "../../../contracts/practice";
import { rosterStudents } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { Queryable } from "../teacher-profiles";

/**
 * A name as a student may type it: case, accents, punctuation and order left out, so "ava martinez", "Martínez, Ava"
 * and "Ava  Martinez" are the class list's "Ava Martinez".
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(" ");
}

/** Whether a class's quiz has a class list: students then write a name on it. */
export async function hasClassList(db: Queryable, assignmentId: string | null): Promise<boolean> {
  if (!assignmentId) return false;
  const [first] = await db.select({ id: rosterStudents.id }).from(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId)).limit(1);
  return Boolean(first);
}

/**
 * The class list's spelling of the name a student wrote, so results line up with the gradebook; the name as written
 * when the quiz has no class list. A name not on the list is refused with what to write: the list itself is never
 * sent to someone holding only the link.
 */
export async function nameOnClassList(db: Queryable, assignmentId: string | null, written: string): Promise<string> {
  if (!assignmentId) return written;
  const names = (await db.select({ name: rosterStudents.name }).from(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId))).map((row) => row.name);
  if (!names.length) return written;
  const key = nameKey(written);
  const exact = names.find((name) => nameKey(name) === key);
  if (exact) return exact;
  // "Ava Martinez" for the list's "Ava Maria Martinez": a first and a last name that fit one student only.
  const parts = key.split(" ");
  const fitting = parts.length >= 2 ? names.filter((name) => parts.every((part) => nameKey(name).split(" ").includes(part))) : [];
  if (fitting.length === 1) return fitting[0]!;
  throw new AppError("validation_failed", practiceMessages.notOnClassList, { studentName: practiceMessages.notOnClassList });
}
