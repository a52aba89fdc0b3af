import { useQuery } from "@tanstack/react-query";
import type { PracticeSummary } from "../../../contracts/practice";
import { feedbackLinkKeys, fetchFeedbackReturns } from "../feedback-links/api";
import { practiceListQuery } from "../practice/api";
import { plural } from "./format";

export interface OpenLinks {
  feedbackLinks: number;
  quizzes: number;
  decks: number;
}

/**
 * What the archive question adds: archiving hides the assignment from the teacher, not from students, whose feedback
 * pages and shared practice keep working (a class reads its feedback after the unit ends). Empty when none is open.
 */
export function linksLeftOpenNote({ feedbackLinks, quizzes, decks }: OpenLinks): string {
  const parts = [
    feedbackLinks ? plural(feedbackLinks, "student's feedback link", "students' feedback links") : "",
    quizzes ? plural(quizzes, "shared quiz", "shared quizzes") : "",
    decks ? plural(decks, "shared flashcard deck") : "",
  ].filter(Boolean);
  if (!parts.length) return "";
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  const total = feedbackLinks + quizzes + decks;
  return `${list} made from it ${total === 1 ? "keeps" : "keep"} working for students; revoke or close ${total === 1 ? "it" : "them"} first if ${total === 1 ? "it" : "they"} should stop.`;
}

const openSharedFrom = (sets: PracticeSummary[] | undefined, assignmentId: string) =>
  (sets ?? []).filter((set) => set.assignment?.id === assignmentId && set.isOpen && set.shareUrl).length;

/**
 * Counted only while the archive question is open; undefined while counting. A count that could not be read is left
 * out (0), so a failed request never keeps the teacher from archiving.
 */
export function useLinksLeftOpen(assignmentId: string, enabled: boolean): OpenLinks | undefined {
  const returns = useQuery({ queryKey: feedbackLinkKeys.returns(assignmentId), queryFn: () => fetchFeedbackReturns(assignmentId), enabled });
  const quizzes = useQuery({ ...practiceListQuery("quiz"), enabled });
  const decks = useQuery({ ...practiceListQuery("deck"), enabled });
  if ([returns, quizzes, decks].some((query) => query.isPending)) return undefined;
  return {
    feedbackLinks: (returns.data?.links ?? []).filter((link) => link.status === "active").length,
    quizzes: openSharedFrom(quizzes.data, assignmentId),
    decks: openSharedFrom(decks.data, assignmentId),
  };
}
