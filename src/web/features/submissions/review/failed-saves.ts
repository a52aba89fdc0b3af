import { useMemo, useSyncExternalStore } from "react";

/**
 * Kept edits whose save failed. A save can fail after the teacher moved to another student, told by a toast that the
 * next toast replaces (spec: one visible at a time), while the edit stays kept (grade-drafts.ts) and nothing else
 * says it was never saved. The mark lives in the tab's session storage beside the draft, so it lasts as long as the
 * draft does: clearDraft drops both (a save that succeeds, a discard, an edit typed back to the grade).
 */
const keyPrefix = "markwise:grade-save-failed:";
const keyOf = (submissionId: string) => `${keyPrefix}${submissionId}`;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Storage can be full or switched off (private modes): then the toast is all there is, as before. */
function safely<T>(use: () => T, fallback: T): T {
  try {
    return use();
  } catch {
    return fallback;
  }
}

/**
 * For a submission whose edit is kept: its save was refused or lost. The student's name is kept with the mark, so a
 * page of another assignment (whose list does not hold this student) can still say whose grade it is.
 */
export function markSaveFailed(submissionId: string, studentName: string): void {
  safely(() => sessionStorage.setItem(keyOf(submissionId), studentName), undefined);
  notify();
}

export function forgetFailedSave(submissionId: string): void {
  const had = safely(() => sessionStorage.getItem(keyOf(submissionId)) !== null, false);
  safely(() => sessionStorage.removeItem(keyOf(submissionId)), undefined);
  if (had) notify();
}

/**
 * The marks as one sorted string of "id<TAB>name" lines: the store's snapshot then compares by value, not by a new
 * array each read. A mark written before names were kept reads "1" as its value; it shows no name.
 */
function snapshot(): string {
  return safely(() => {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i) ?? "");
    return keys
      .filter((key) => key.startsWith(keyPrefix))
      .map((key) => `${key.slice(keyPrefix.length)}\t${(sessionStorage.getItem(key) ?? "").replace(/[\t\n]/g, " ")}`)
      .sort()
      .join("\n");
  }, "");
}

/** Whether this tab keeps an edit the teacher may believe saved. */
export function hasAnyFailedSave(): boolean {
  return snapshot() !== "";
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function parse(lines: string): Map<string, string> {
  return new Map(
    (lines ? lines.split("\n") : []).map((line) => {
      const [id = "", name = ""] = line.split("\t");
      return [id, name === "1" ? "" : name];
    }),
  );
}

/** The marks as they are now, by submission id with the student's name ("" when unknown). */
export function readFailedSaves(): ReadonlyMap<string, string> {
  return parse(snapshot());
}

/**
 * The submissions whose kept edit failed to save, by id with the student's name ("" when unknown), in every assignment
 * of this tab; updated as saves fail, succeed or are discarded.
 */
export function useFailedSaves(): ReadonlyMap<string, string> {
  const lines = useSyncExternalStore(subscribe, snapshot, () => "");
  return useMemo(() => parse(lines), [lines]);
}
