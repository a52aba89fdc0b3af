import { z } from "zod";
import { assignmentStatuses } from "./assignments";
import { notificationView } from "./submissions";

/** The notifications list shows the newest this many; the unread count covers them all. */
export const notificationListLimit = 50;

export const notificationList = z.object({
  notifications: z.array(notificationView),
  unreadCount: z.number(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationParams = z.object({ id: z.string() });

export const markAllReadResult = z.object({ markedRead: z.number() });
export type MarkAllReadResult = z.infer<typeof markAllReadResult>;

/**
 * What each analytics figure counts, in words a teacher reads on the page; the API document carries the same text,
 * so the page and the figures cannot drift apart.
 */
export const analyticsDefinitions = {
  assignments: "Your assignments by status: active ones take submissions, drafts are still being set up, archived ones are put away.",
  submissions: "Every piece of student work uploaded or pasted into any of your assignments.",
  graded: "Submissions that have a grade: accepted, or graded and waiting for your review.",
  needsReview: "Graded, but the grade waits for you to accept or edit it.",
  failed: "Grading failed even after retrying; choose Regrade on the submission to try again.",
  inProgress: "Queued or being graded right now.",
  acceptedAutomatically: "Accepted grades that stand as the grader gave them: confident enough for your auto-accept threshold, with the grader's agreement with you already proven.",
  reviewed: "Accepted grades you accepted or edited yourself.",
  automaticShare: "Of all accepted grades, the share accepted automatically; the rest you reviewed.",
  edited: "Grades you reviewed whose overall score differs from the grader's (to the hundredth of a point).",
  averageScore: "The mean of every graded submission's score as a percentage of its assignment's maximum (the rubric total, or 100 without a rubric; a reviewed grade given on an earlier rubric, of that rubric's total), before any late penalty.",
  late: "Submissions handed in after the due date (the end of the due day in the uploader's time zone), whether or not the assignment charges a late penalty.",
  similarityFlagged: "Submissions sharing passages with another submission of yours at or above the assignment's similarity threshold.",
  agreement: "How often the grader gave the score you settled on, across every grade you reviewed, each assignment judged on its own scale.",
  agreementExact: "Share of the grades you reviewed where the grader gave exactly your score.",
  agreementWithinTolerance: "Share of the grades you reviewed where the grader came within 1 point of your score on rubrics of up to 6 points, else within 10% of the maximum.",
} as const;

const percent = (definition: string) => z.number().min(0).max(100).nullable().describe(`${definition} A percentage from 0 to 100; null when there is nothing to measure.`);

export const agreementSummary = z.object({
  reviewedCount: z.number().describe("Grades you reviewed (accepted or edited) that have a grader's score to compare."),
  exactPercent: percent(analyticsDefinitions.agreementExact),
  withinTolerancePercent: percent(analyticsDefinitions.agreementWithinTolerance),
});
export type AgreementSummary = z.infer<typeof agreementSummary>;

export const assignmentAnalytics = z.object({
  assignmentId: z.string(),
  title: z.string(),
  status: z.enum(assignmentStatuses),
  submissions: z.number(),
  graded: z.number(),
  needsReview: z.number(),
  averageScorePercent: percent(analyticsDefinitions.averageScore),
  agreement: agreementSummary,
});
export type AssignmentAnalytics = z.infer<typeof assignmentAnalytics>;

export const analyticsView = z.object({
  assignments: z.object({ active: z.number(), draft: z.number(), archived: z.number() }).describe(analyticsDefinitions.assignments),
  submissions: z.object({
    total: z.number().describe(analyticsDefinitions.submissions),
    graded: z.number().describe(analyticsDefinitions.graded),
    needsReview: z.number().describe(analyticsDefinitions.needsReview),
    failed: z.number().describe(analyticsDefinitions.failed),
    inProgress: z.number().describe(analyticsDefinitions.inProgress),
  }),
  grades: z.object({
    acceptedAutomatically: z.number().describe(analyticsDefinitions.acceptedAutomatically),
    reviewed: z.number().describe(analyticsDefinitions.reviewed),
    automaticPercent: percent(analyticsDefinitions.automaticShare),
    edited: z.number().describe(analyticsDefinitions.edited),
  }),
  averageScorePercent: percent(analyticsDefinitions.averageScore),
  late: z.number().describe(analyticsDefinitions.late),
  similarityFlagged: z.number().describe(analyticsDefinitions.similarityFlagged),
  agreement: agreementSummary.describe(analyticsDefinitions.agreement),
  /** Assignments with at least one submission, newest assignment first. */
  perAssignment: z.array(assignmentAnalytics),
});
export type AnalyticsView = z.infer<typeof analyticsView>;
