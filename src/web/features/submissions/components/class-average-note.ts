import { plural } from "../../assignments/format";

/**
 * What the gradebook's class average is over: the students graded on the current rubric, with those on an earlier
 * rubric left out (their scores are on another scale). With nobody graded on the current rubric there is no average
 * to describe, and "over 0 graded students" read as an average of nothing.
 */
export function classAverageNote(gradedOnCurrent: number, onEarlier: number): string {
  const leftOut = onEarlier ? `${onEarlier} on the earlier rubric left out` : "";
  if (gradedOnCurrent === 0) return onEarlier ? `No grade on the current rubric yet; ${leftOut}` : "No graded students yet";
  return `over ${plural(gradedOnCurrent, "graded student")}${leftOut ? `; ${leftOut}` : ""}`;
}
