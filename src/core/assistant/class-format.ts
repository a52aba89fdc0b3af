/**
 * How answers about the teacher's classes are written: titles in quotes, figures rounded, links to the pages where
 * each figure can be acted on, and lists kept short unless the teacher asked to see everything.
 */
import { link, markdownText } from "./links";
import { listInProse } from "./text";
import type { ClassAssignment, ClassSubmission } from "./class-data";

/** Assignments listed in one answer, and names on one line, before the rest is left for "show all". */
export const listLimit = 10;
export const namesShown = 12;

/** What a shortened list says, so a teacher knows how to see the rest (chat.ts answers "show all" with every name). */
export const showAllHint = "say \u201cshow all\u201d to see every name";

export const quote = (title: string) => `\u201c${markdownText(title)}\u201d`;
export const round1 = (value: number) => String(Math.round(value * 10) / 10);
export const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "-");

export const assignmentPath = (a: ClassAssignment) => `/assignments/${encodeURIComponent(a.id)}`;
export const reviewPath = (a: ClassAssignment, submission?: ClassSubmission) =>
  `${assignmentPath(a)}/review${submission ? `?submission=${encodeURIComponent(submission.id)}` : ""}`;
export const gradebookPath = (a: ClassAssignment) => `${assignmentPath(a)}/gradebook`;

/** One line per assignment; past `listLimit` the rest are on the Assignments page, or all of them when asked. */
export function bullets(lines: string[], showAll = false): string {
  const shown = (showAll ? lines : lines.slice(0, listLimit)).map((line) => `\u2022 ${line}`);
  if (shown.length < lines.length) shown.push(`\u2026and ${lines.length - listLimit} more on the ${link("Assignments page", "/assignments")} (or ${showAllHint}).`);
  return shown.join("\n");
}

/**
 * Students named on one line: all of them when asked or when few, else the first `namesShown` and how many more,
 * with the words that show the rest. A teacher chasing missing work needs every name, not a count.
 */
export function listNames(names: string[], showAll: boolean, join: (items: string[]) => string = listInProse): string {
  if (showAll || names.length <= namesShown) return join(names);
  return `${names.slice(0, namesShown).join(", ")} and ${names.length - namesShown} more (${showAllHint})`;
}
