import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { DraftHandling, GradingProgress } from "../../../contracts/submissions";
import { analyticsQueryKey, notificationsQueryKey } from "../insights/api";
import { fetchAgreementGrowth, fetchFeedbackReport, fetchGradebook, fetchProgress, fetchProposedSamples, fetchRoster, fetchSubmissions, submissionKeys } from "./api";

const pollMs = 1500;

export function useSubmissionList(assignmentId: string) {
  return useQuery({ queryKey: submissionKeys.list(assignmentId, "student"), queryFn: () => fetchSubmissions(assignmentId, "student") });
}

/** The essays to grade first while the calibration wants more graded texts (refreshed with every grade change). */
export function useProposedSamples(assignmentId: string) {
  return useQuery({ queryKey: submissionKeys.proposedSamples(assignmentId), queryFn: () => fetchProposedSamples(assignmentId) });
}

export function useAgreementGrowth(assignmentId: string) {
  return useQuery({ queryKey: submissionKeys.agreementGrowth(assignmentId), queryFn: () => fetchAgreementGrowth(assignmentId) });
}

export function useRoster(assignmentId: string) {
  return useQuery({ queryKey: submissionKeys.roster(assignmentId), queryFn: () => fetchRoster(assignmentId) });
}

export function useGradebook(assignmentId: string) {
  return useQuery({ queryKey: submissionKeys.gradebook(assignmentId), queryFn: () => fetchGradebook(assignmentId) });
}

export function useFeedbackReport(assignmentId: string, drafts: DraftHandling) {
  return useQuery({ queryKey: submissionKeys.feedbackReport(assignmentId, drafts), queryFn: () => fetchFeedbackReport(assignmentId, drafts) });
}

const isBusy = (progress: GradingProgress | undefined) => Boolean(progress && progress.queued + progress.grading > 0);

/**
 * Grading counts, polled while anything is queued or grading. Each change in the counts refreshes every other
 * submission query of the assignment, so the list and the roster show grades as they arrive without a reload.
 */
export function useGradingProgress(assignmentId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: submissionKeys.progress(assignmentId),
    queryFn: () => fetchProgress(assignmentId),
    refetchInterval: (current) => (isBusy(current.state.data) ? pollMs : false),
  });
  const seen = useRef<string | undefined>(undefined);
  const signature = query.data ? JSON.stringify(query.data) : undefined;
  useEffect(() => {
    if (!signature) return;
    const previous = seen.current;
    seen.current = signature;
    // The first answer is what the page loaded with; only later changes mean new grades.
    if (previous === undefined || previous === signature) return;
    void queryClient.invalidateQueries({
      queryKey: submissionKeys.all(assignmentId),
      predicate: (candidate) => candidate.queryKey[2] !== "progress",
    });
    // A finished run writes a notification and changes the figures: the sidebar badge and Analytics follow.
    if (!isBusy(query.data)) {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: analyticsQueryKey });
    }
  }, [assignmentId, queryClient, signature, query.data]);
  return query;
}
