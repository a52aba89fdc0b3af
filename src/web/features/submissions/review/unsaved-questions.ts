import type { UnsavedGrade } from "./unsaved-grades";

/** What a ConfirmDialog asking before unsaved grades are left behind says. */
export interface UnsavedQuestion {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
}

/** "Ivy Park", "Ivy Park and Jon Reyes", "Ivy Park, Jon Reyes and Kai Wong". */
const listNames = (names: string[]) => (names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** "Leave with Ivy Park's grade not saved?" or "Leave with 2 grades not saved?" (a student when no name is kept). */
const titleOf = (verb: string, unsaved: UnsavedGrade[]) =>
  unsaved.length > 1 ? `${verb} with ${unsaved.length} grades not saved?` : `${verb} with ${unsaved[0]?.studentName || "a student"}'s grade not saved?`;

/** "Ivy Park's grade was not saved." or "The grades of Ivy Park and Jon Reyes were not saved." */
const notSaved = (unsaved: UnsavedGrade[]) =>
  unsaved.length > 1
    ? `The grades of ${listNames(unsaved.map((item) => item.studentName || "a student"))} were not saved.`
    : `${unsaved[0]?.studentName || "A student"}'s grade was not saved.`;

/** A link, Back or Forward off the review page while saves have failed: the edits stay kept in the tab. */
export function leaveQuestion(unsaved: UnsavedGrade[]): UnsavedQuestion {
  return {
    title: titleOf("Leave", unsaved),
    description: `${notSaved(unsaved)} Your changes are kept in this tab and come back when you return, but nobody sees them until they are saved.`,
    cancelLabel: "Stay on this page",
    confirmLabel: "Leave anyway",
  };
}

/** Sign out while the tab keeps grade edits: signing out deletes them (features/auth/session.tsx). */
export function signOutQuestion(unsaved: UnsavedGrade[]): UnsavedQuestion {
  return {
    title: titleOf("Sign out", unsaved),
    description: `${notSaved(unsaved)} Signing out deletes your changes from this tab; stay signed in to go back and save them.`,
    cancelLabel: "Stay signed in",
    confirmLabel: "Sign out anyway",
  };
}
