import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GradeEditInput, SubmissionDetail, SubmissionStatus, SubmissionSummary } from "../../../../contracts/submissions";
import { acceptGrade, addToSamples, fetchAgreement, fetchSubmission, fetchSubmissions, regrade, saveGrade, submissionKeys } from "../api";

/** Statuses that have a grade a teacher can look at. */
const gradedStatuses: readonly SubmissionStatus[] = ["needs_review", "accepted"];

/** The review queue (lowest confidence first), or every graded submission in the same order. */
export function useReviewList(assignmentId: string, showAll: boolean) {
  return useQuery({
    queryKey: submissionKeys.list(assignmentId, "review", showAll ? undefined : "needs_review"),
    queryFn: () => fetchSubmissions(assignmentId, "review", showAll ? undefined : "needs_review"),
    select: showAll ? (list: SubmissionSummary[]) => list.filter((item) => gradedStatuses.includes(item.status)) : undefined,
  });
}

export function useSubmissionDetail(submissionId: string | undefined) {
  return useQuery({ queryKey: submissionKeys.detail(submissionId ?? ""), queryFn: () => fetchSubmission(submissionId!), enabled: Boolean(submissionId) });
}

export function useAgreement(assignmentId: string) {
  return useQuery({ queryKey: submissionKeys.agreement(assignmentId), queryFn: () => fetchAgreement(assignmentId) });
}

/**
 * The four review actions. Each stores the answer as the submission's detail, drops a reviewed or regrading item
 * from the cached queue at once (so the page never shows it as waiting), then refreshes every list, the progress and
 * the agreement figures of the assignment.
 */
export function useReviewActions(assignmentId: string) {
  const queryClient = useQueryClient();
  const settle = (detail: SubmissionDetail) => {
    queryClient.setQueryData(submissionKeys.detail(detail.id), detail);
    if (detail.status !== "needs_review") {
      queryClient.setQueryData<SubmissionSummary[]>(submissionKeys.list(assignmentId, "review", "needs_review"), (list) => list?.filter((item) => item.id !== detail.id));
    }
    void queryClient.invalidateQueries({ queryKey: submissionKeys.all(assignmentId) });
  };
  return {
    accept: useMutation({ mutationFn: (submissionId: string) => acceptGrade(submissionId), onSuccess: settle }),
    save: useMutation({ mutationFn: ({ submissionId, edit }: { submissionId: string; edit: GradeEditInput }) => saveGrade(submissionId, edit), onSuccess: settle }),
    regrade: useMutation({ mutationFn: (submissionId: string) => regrade(submissionId), onSuccess: settle }),
    addToSamples: useMutation({ mutationFn: (submissionId: string) => addToSamples(submissionId), onSuccess: settle }),
  };
}
