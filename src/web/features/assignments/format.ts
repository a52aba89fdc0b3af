import { format, isValid, parse } from "date-fns";
import { assignmentTypeLabels, assignmentTypes, type Assignment, type AssignmentType } from "../../../contracts/assignments";

const isoDay = "yyyy-MM-dd";

/** A "YYYY-MM-DD" due date as a local calendar day (never UTC midnight, which shows the day before in the Americas). */
export function parseDueDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = parse(value, isoDay, new Date());
  return isValid(date) ? date : undefined;
}

export function toDueDate(date: Date | undefined): string | null {
  return date ? format(date, isoDay) : null;
}

/** Cards: like "Mar 5, 2025" (spec section 9). */
export function formatCardDate(value: string | null | undefined): string | undefined {
  const date = parseDueDate(value);
  return date ? format(date, "MMM d, yyyy") : undefined;
}

/** The wizard's date button: the long date format, like "March 5th, 2025". */
export function formatLongDate(date: Date): string {
  return format(date, "PPP");
}

/** The type's label; an unknown value shows with its underscores as spaces. */
export function typeLabel(type: string): string {
  return (assignmentTypes as readonly string[]).includes(type) ? assignmentTypeLabels[type as AssignmentType] : type.replaceAll("_", " ");
}

/** Performance level descriptors typed one per line, blank lines dropped. */
export function descriptorLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

export function totalPoints(criteria: readonly { maxPoints: number }[]): number {
  return criteria.reduce((sum, item) => sum + (Number.isFinite(item.maxPoints) ? item.maxPoints : 0), 0);
}

/** Spec section 9: a sample's overall score goes up to the rubric total, or 100 without a rubric. */
export function maxSampleScore(criteria: readonly { maxPoints: number }[]): number {
  return criteria.length ? totalPoints(criteria) : 100;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Scores keep at most two decimals on screen. */
export function formatScore(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function displayTitle(assignment: Pick<Assignment, "title">): string {
  return assignment.title.trim() || "Untitled assignment";
}
