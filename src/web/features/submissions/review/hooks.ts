import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ApiError } from "../../../lib/api";
import type { GradeEditInput, SubmissionDetail, SubmissionStatus, SubmissionSummary } from "../../../../contracts/submissions";
import { acceptGrade, addToSamples, fetchAgreement, fetchSubmission, fetchSubmissions, regrade, restoreReview, saveGrade, submissionKeys } from "../api";
import { markSaveFailed } from "./failed-saves";
import { clearDraft, loadDraft } from "./grade-drafts";
import { settledSummary } from "./settled-summary";

/** Statuses that have a grade a teacher can look at. */
const gradedStatuses: readonly SubmissionStatus[] = ["needs_review", "accepted"];
const isBusy = (status: SubmissionStatus) => status === "queued" || status === "grading";

/** The review queue's orders: lowest confidence first (the default), or the reviews that teach the grader most first. */
export const reviewOrders = ["review", "learning"] as const;
export type ReviewOrder = (typeof reviewOrders)[number];

/**
 * The review queue, or every graded submission in the same order. Both come from the one list of all the
 * assignment's submissions, so work being (re)graded is known too: the list is polled until it is graded, and then
 * it appears where it belongs.
 */
export function useReviewList(assignmentId: string, showAll: boolean, order: ReviewOrder = "review") {
  const query = useQuery({
    queryKey: submissionKeys.list(assignmentId, order),
    queryFn: () => fetchSubmissions(assignmentId, order),
    refetchInterval: (current) => (current.state.data?.some((item) => isBusy(item.status)) ? 1500 : false),
  });
  const items = useMemo(
    () => query.data?.filter((item) => (showAll ? gradedStatuses.includes(item.status) : item.status === "needs_review")),
    [query.data, showAll],
  );
  const busyCount = query.data?.filter((item) => isBusy(item.status)).length ?? 0;
  return { items, busyCount, query };
}

const isBeingGraded = (detail: SubmissionDetail | undefined) => detail?.status === "queued" || detail?.status === "grading";

/**
 * One submission in full. Data stays fresh as the app's queries do, except while it is being (re)graded: then it is
 * polled while shown and fetched again when shown later, so a regraded item never comes back with its old state.
 */
export function useSubmissionDetail(submissionId: string | undefined) {
  return useQuery({
    queryKey: submissionKeys.detail(submissionId ?? ""),
    queryFn: () => fetchSubmission(submissionId!),
    enabled: Boolean(submissionId),
    staleTime: (query) => (isBeingGraded(query.state.data) ? 0 : Infinity),
    refetchInterval: (query) => (isBeingGraded(query.state.data) ? 1500 : false),
  });
}

export function useAgreement(assignmentId: string) {
  return useQuery({ queryKey: submissionKeys.agreement(assignmentId), queryFn: () => fetchAgreement(assignmentId) });
}

/**
 * The review actions. Each stores the answer as the submission's detail and in the cached list at once (so a
 * reviewed item never shows as waiting), then refreshes every list, the progress and the agreement figures of the
 * assignment.
 */
export function useReviewActions(assignmentId: string) {
  const queryClient = useQueryClient();
  const settle = (detail: SubmissionDetail) => {
    queryClient.setQueryData(submissionKeys.detail(detail.id), detail);
    for (const order of reviewOrders) {
      queryClient.setQueryData<SubmissionSummary[]>(submissionKeys.list(assignmentId, order), (list) => list?.map((item) => (item.id === detail.id ? settledSummary(item, detail) : item)));
    }
    void queryClient.invalidateQueries({ queryKey: submissionKeys.all(assignmentId) });
  };
  return {
    accept: useMutation({
      mutationFn: ({ submissionId, basedOn }: { submissionId: string; basedOn: string | undefined }) => acceptGrade(submissionId, basedOn),
      onSuccess: settle,
      // Refused because the grade changed since it was read: show the grade as it is now.
      onError: (error, { submissionId }) => {
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submissionId) });
      },
    }),
    save: useMutation({
      mutationFn: ({ submissionId, edit }: { submissionId: string; edit: GradeEditInput }) => saveGrade(submissionId, edit),
      // Here, not in the page's callback: a save still in flight when the teacher leaves the page must clear its draft too.
      onSuccess: (detail, { submissionId }) => {
        clearDraft(submissionId);
        settle(detail);
      },
      // Here too: the teacher may be on another student, or gone from the page, when the answer comes.
      onError: (_error, { submissionId }) => {
        if (loadDraft(submissionId)) markSaveFailed(submissionId, queryClient.getQueryData<SubmissionDetail>(submissionKeys.detail(submissionId))?.studentName ?? "");
      },
    }),
    regrade: useMutation({ mutationFn: ({ submissionId, confirm }: { submissionId: string; confirm: boolean }) => regrade(submissionId, confirm), onSuccess: settle }),
    restore: useMutation({ mutationFn: (submissionId: string) => restoreReview(submissionId), onSuccess: settle }),
    addToSamples: useMutation({ mutationFn: (submissionId: string) => addToSamples(submissionId), onSuccess: settle }),
  };
}
