import { readFailedSaves } from "./failed-saves";
import { clearDraft, readDraftNames } from "./grade-drafts";

export interface UnsavedGrade {
  id: string;
  /** "" when the tab kept no name for it. */
  studentName: string;
}

/** Every grade edit this tab keeps unsaved, in any assignment: the kept drafts and any failed save's mark. */
export function readUnsavedGrades(): UnsavedGrade[] {
  const failed = readFailedSaves();
  const drafts = readDraftNames();
  return [...new Set([...failed.keys(), ...drafts.keys()])].sort().map((id) => ({ id, studentName: failed.get(id) || drafts.get(id) || "" }));
}

/**
 * Drops every kept edit and failed save's mark of this tab. On sign out: what one teacher typed must not wait in the
 * tab for whoever signs in next (the tab's session storage lasts until the tab closes).
 */
export function forgetUnsavedGrades(): void {
  for (const { id } of readUnsavedGrades()) clearDraft(id);
}
