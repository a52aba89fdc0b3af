import { useMutation, useQueryClient } from "@tanstack/react-query";
import { assignmentMessages, type Assignment, type AssignmentStatus } from "../../../contracts/assignments";
import { allAssignmentListsKey, assignmentQueryKey, fetchAssignment, saveAssignment, toUpdateInput } from "./api";
import { showFailure, showSuccess } from "./toasts";

/** Where a restored assignment goes back to: active when it was grading and can be activated, else draft. */
export function restoredStatus(assignment: Assignment): AssignmentStatus {
  return assignment.autogradingEnabled && assignment.title.trim() ? "active" : "draft";
}

/** Archive and restore (a whole-object save with a new status), from a card or the detail page. */
export function useArchiveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    // The card's copy may be older than another tab's edits: the save is made from the assignment as it is now.
    mutationFn: async ({ assignment, archive }: { assignment: Assignment; archive: boolean }) => {
      const current = await fetchAssignment(assignment.id);
      return saveAssignment(current.id, toUpdateInput(current, { status: archive ? "archived" : restoredStatus(current), basedOnVersion: current.version }));
    },
    onSuccess: async (saved, { archive }) => {
      queryClient.setQueryData(assignmentQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: allAssignmentListsKey });
      showSuccess(archive ? "Assignment archived." : `Assignment restored to ${saved.status === "active" ? "Active" : "Drafts"}.`);
    },
    onError: (error) => showFailure(assignmentMessages.saveFailed, error),
  });
}
