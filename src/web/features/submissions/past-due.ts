import type { Assignment } from "../../../contracts/assignments";
import { dueMomentFor } from "../../../core/late-policy";
import { formatCardDate } from "../assignments/format";

/**
 * What an upload's blank Submitted means once the due date has passed: the work counts as handed in now, late. An
 * audit's teacher uploaded a class's paper essays nine days after the due date, Submitted left blank, and every
 * student's feedback said "You handed this in 9 days late" with half the points gone. Said before the upload.
 */
export function pastDueNotice(assignment: Pick<Assignment, "dueDate" | "gradingSettings">, now: Date, timeZone: string): string | null {
  if (!assignment.dueDate) return null;
  let due: Date;
  try {
    due = dueMomentFor(assignment.dueDate, timeZone);
  } catch {
    return null;
  }
  if (now.getTime() <= due.getTime()) return null;
  const penalty = assignment.gradingSettings.latePolicyType === "none" ? "" : ", and this assignment's late penalty applies";
  return `The due date (${formatCardDate(assignment.dueDate)}) has passed: work with Submitted left blank counts as handed in now, late${penalty}. Set Submitted for work that was handed in on time.`;
}
