import type { ClassroomGradesResult, ClassroomRosterResult, ClassroomSubmissionsResult } from "../../../contracts/google-classroom";
import { plural } from "../assignments/format";

export function rosterSummary(result: ClassroomRosterResult): string {
  const parts = [`${plural(result.added, "student")} added`, `${result.updated} updated`];
  if (result.unchanged) parts.push(`${result.unchanged} unchanged`);
  if (result.matchedSubmissions) parts.push(`${plural(result.matchedSubmissions, "submission")} matched`);
  return `Roster imported from ${result.courseName}: ${parts.join(", ")}.`;
}

export function submissionsSummary(result: ClassroomSubmissionsResult): string {
  const parts = [`${plural(result.imported, "submission")} imported`];
  if (result.alreadyImported) parts.push(`${result.alreadyImported} already here`);
  if (result.notTurnedIn.length) parts.push(`${result.notTurnedIn.length} not turned in`);
  return `${parts.join(", ")}.`;
}

export function gradesSummary(result: ClassroomGradesResult): string {
  const parts = [`${plural(result.sent, "grade")} ${result.returned ? "returned" : "sent as drafts"}`];
  if (result.unchanged) parts.push(`${result.unchanged} unchanged`);
  if (result.notReviewed) parts.push(`${result.notReviewed} waiting for review (not sent)`);
  // A paper put under another student since: the former student's grade was cleared, and the teacher is told whose.
  const withdrawn = result.withdrawn.length ? ` Took back the grade sent to ${result.withdrawn.join(", ")}: that work is now under another student.` : "";
  return `${result.courseName}: ${parts.join(", ")}.${withdrawn}`;
}
