import { and, eq } from "drizzle-orm";
import type { ResetAllAttemptsResult, ResetAttemptsResult } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { practiceAttempts, practiceAttemptStarts } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { normaliseText } from "./engine";
import { findQuizRow } from "./records";

/**
 * Gives a student their attempts back: every attempt stored under their name (folded as attempts are counted) is
 * deleted, answers and scores with it. Students have no accounts, so a classmate who writes their name can use them
 * up; the teacher, who knows the class, puts that right. The quiz's row is locked as a submission locks it, so an
 * attempt stored at the same moment is counted against the attempts given back, not lost between the two.
 */
export async function resetStudentAttempts(db: Db, teacherId: string, id: string, studentName: string): Promise<ResetAttemptsResult> {
  return db.transaction(async (tx) => {
    const row = await findQuizRow(tx, teacherId, id, { forUpdate: true });
    const deleted = await tx
      .delete(practiceAttempts)
      .where(and(eq(practiceAttempts.practiceSetId, row.id), eq(practiceAttempts.studentKey, normaliseText(studentName))))
      .returning({ name: practiceAttempts.studentName });
    if (!deleted.length) throw new AppError("not_found", `${studentName} has no attempts at this quiz to reset. Use the name as the results show it.`);
    // An attempt left open has a number counted from the attempts just deleted: it starts afresh with the next opening.
    await tx.delete(practiceAttemptStarts).where(and(eq(practiceAttemptStarts.practiceSetId, row.id), eq(practiceAttemptStarts.studentKey, normaliseText(studentName))));
    return { studentName: deleted[0]!.name, deletedAttempts: deleted.length };
  });
}

/**
 * Every attempt at the quiz deleted, for a link that got out of the class and filled the results with strangers'
 * names (the quiz keeps 1,000 at most): every student can take it again. Locked as above; none to delete is no error.
 */
export async function resetAllAttempts(db: Db, teacherId: string, id: string): Promise<ResetAllAttemptsResult> {
  return db.transaction(async (tx) => {
    const row = await findQuizRow(tx, teacherId, id, { forUpdate: true });
    const deleted = await tx.delete(practiceAttempts).where(eq(practiceAttempts.practiceSetId, row.id)).returning({ id: practiceAttempts.id });
    await tx.delete(practiceAttemptStarts).where(eq(practiceAttemptStarts.practiceSetId, row.id));
    return { deletedAttempts: deleted.length };
  });
}
