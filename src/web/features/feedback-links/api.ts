import type { FeedbackReturnsView, ReturnFeedbackInput, ReturnFeedbackResult } from "../../../contracts/feedback-links";
import { apiRequest, getJson } from "../../lib/api";

const linksOf = (assignmentId: string) => `/api/assignments/${encodeURIComponent(assignmentId)}/feedback-links`;

/** Under the assignment's submission keys: a review elsewhere on the page refreshes what is ready to return. */
export const feedbackLinkKeys = { returns: (assignmentId: string) => ["submissions", assignmentId, "feedback-links"] as const };

export const fetchFeedbackReturns = (assignmentId: string) => getJson<FeedbackReturnsView>(linksOf(assignmentId));

export async function returnFeedback(assignmentId: string, input: ReturnFeedbackInput): Promise<ReturnFeedbackResult> {
  return (await (await apiRequest("POST", linksOf(assignmentId), input)).json()) as ReturnFeedbackResult;
}

export async function revokeFeedbackLinks(assignmentId: string): Promise<FeedbackReturnsView & { revokedCount: number }> {
  return (await (await apiRequest("DELETE", linksOf(assignmentId))).json()) as FeedbackReturnsView & { revokedCount: number };
}

export async function replaceFeedbackLink(linkId: string): Promise<ReturnFeedbackResult> {
  return (await (await apiRequest("POST", `/api/feedback-links/${encodeURIComponent(linkId)}/replace`)).json()) as ReturnFeedbackResult;
}
