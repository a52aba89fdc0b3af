import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReturnFeedbackInput } from "../../../contracts/feedback-links";
import { feedbackLinkKeys, fetchFeedbackReturns, replaceFeedbackLink, returnFeedback, revokeFeedbackLinks } from "./api";

export function useFeedbackReturns(assignmentId: string) {
  return useQuery({ queryKey: feedbackLinkKeys.returns(assignmentId), queryFn: () => fetchFeedbackReturns(assignmentId) });
}

export function useReturnActions(assignmentId: string) {
  const queryClient = useQueryClient();
  const key = feedbackLinkKeys.returns(assignmentId);
  return {
    send: useMutation({
      mutationFn: (input: ReturnFeedbackInput) => returnFeedback(assignmentId, input),
      onSuccess: (result) => queryClient.setQueryData(key, result.view),
    }),
    replace: useMutation({
      mutationFn: (linkId: string) => replaceFeedbackLink(linkId),
      onSuccess: (result) => queryClient.setQueryData(key, result.view),
    }),
    revoke: useMutation({
      mutationFn: () => revokeFeedbackLinks(assignmentId),
      onSuccess: ({ revokedCount: _revokedCount, ...view }) => queryClient.setQueryData(key, view),
    }),
  };
}
