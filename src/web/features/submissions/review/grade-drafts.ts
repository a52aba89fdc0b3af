import { scoresOnCurrentRubric } from "../../../../contracts/earlier-rubric";
import type { SubmissionDetail } from "../../../../contracts/submissions";
import { forgetFailedSave } from "./failed-saves";
import { scoreOf, type ReviewCriterion } from "./review-criteria";

/**
 * A grade edit not saved yet, kept in the tab's session storage as it is typed: moving to another student, leaving
 * the page or reloading it brings it back instead of losing it. `basedOn` is the grade's version the edit began on
 * (the newest event of its history), sent with the save so a grade changed meanwhile is not overwritten unseen.
 */
export interface GradeDraft {
  basedOn: string | undefined;
  scores: Record<string, string>;
  overall: string;
  feedback: string;
}

const keyPrefix = "markwise:grade-draft:";
const keyOf = (submissionId: string) => `${keyPrefix}${submissionId}`;

/** The version of the grade as this page shows it: the id of its newest history event. */
export const versionOf = (detail: SubmissionDetail): string | undefined => detail.history.at(-1)?.id;

/** The grade as it stands, in the form's terms: where an edit starts, and what "unchanged" means. */
export function draftFrom(detail: SubmissionDetail, criteria: ReviewCriterion[]): GradeDraft {
  // A grade given on an earlier rubric starts the edit with the scores the current rubric kept as they were (same
  // criterion, same points); a new or re-pointed criterion, and the total, are the teacher's to give.
  const kept = detail.earlierRubric ? scoresOnCurrentRubric(criteria, detail.earlierRubric, detail.criteriaScores) : null;
  const startOf = (criterion: ReviewCriterion) => (kept ? kept[criterion.id] : scoreOf(criterion, detail));
  return {
    basedOn: versionOf(detail),
    scores: Object.fromEntries(criteria.map((criterion) => [criterion.id, startOf(criterion)?.toString() ?? ""])),
    overall: kept ? "" : (detail.overallScore?.toString() ?? ""),
    feedback: detail.feedback ?? "",
  };
}

export function isSameEdit(a: GradeDraft, b: GradeDraft): boolean {
  return a.feedback === b.feedback && a.overall === b.overall && Object.keys({ ...a.scores, ...b.scores }).every((id) => (a.scores[id] ?? "") === (b.scores[id] ?? ""));
}

/** Storage can be full or switched off (private modes): a draft then lives as long as the page, as it did before. */
function safely<T>(use: () => T, fallback: T): T {
  try {
    return use();
  } catch {
    return fallback;
  }
}

export function loadDraft(submissionId: string): GradeDraft | undefined {
  return safely(() => {
    const stored = sessionStorage.getItem(keyOf(submissionId));
    const draft: unknown = stored ? JSON.parse(stored) : undefined;
    if (isDraft(draft)) return draft;
    // Written by another version of the page, or by hand: dropped rather than opened as a broken form.
    if (stored) sessionStorage.removeItem(keyOf(submissionId));
    return undefined;
  }, undefined);
}

function isDraft(value: unknown): value is GradeDraft {
  if (typeof value !== "object" || value === null) return false;
  const draft = value as Record<string, unknown>;
  const scores = draft.scores as Record<string, unknown> | null;
  return (
    (draft.basedOn === undefined || typeof draft.basedOn === "string") &&
    typeof draft.overall === "string" &&
    typeof draft.feedback === "string" &&
    typeof scores === "object" &&
    scores !== null &&
    Object.values(scores).every((score) => typeof score === "string")
  );
}

/** The ids of the submissions whose edit this tab keeps. */
function keptIds(): string[] {
  return safely(
    () =>
      Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i) ?? "")
        .filter((key) => key.startsWith(keyPrefix))
        .map((key) => key.slice(keyPrefix.length)),
    [],
  );
}

/** Whether this tab keeps any unsaved grade edit (closing the tab would lose it). */
export function hasAnyDraft(): boolean {
  return keptIds().length > 0;
}

/**
 * The kept edits, by submission id with the student's name ("" for one kept before names were): Sign out, on a page
 * that has no list of students, names them.
 */
export function readDraftNames(): ReadonlyMap<string, string> {
  return new Map(
    keptIds().map((id) => {
      const name = safely(() => (JSON.parse(sessionStorage.getItem(keyOf(id)) ?? "{}") as { studentName?: unknown }).studentName, undefined);
      return [id, typeof name === "string" ? name : ""];
    }),
  );
}

/** The student's name is kept beside the edit (not part of it: the form never reads it back). */
export function storeDraft(submissionId: string, draft: GradeDraft, studentName: string): void {
  safely(() => sessionStorage.setItem(keyOf(submissionId), JSON.stringify({ ...draft, studentName })), undefined);
}

/** Drops the kept edit, and with it any mark that its save failed: nothing is left unsaved. */
export function clearDraft(submissionId: string): void {
  safely(() => sessionStorage.removeItem(keyOf(submissionId)), undefined);
  forgetFailedSave(submissionId);
}
