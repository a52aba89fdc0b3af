import { plural } from "../language/plural.js";

/**
 * The late penalty in a student's words, for their feedback page and their printed sheet. The gradebook's
 * explanation is the teacher's ("…penalty capped at 5 days…; flagged for you to decide"), and a student read "you"
 * as themselves.
 */
export function lateNoteForStudent(late: { daysLate: number; penalty: number }): string {
  const handedIn = `You handed this in ${plural(late.daysLate, "day")} late`;
  return late.penalty > 0 ? `${handedIn}, so ${plural(late.penalty, "point")} came off for lateness.` : `${handedIn}; no points came off.`;
}
