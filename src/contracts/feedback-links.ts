import { z } from "zod";

/** How long a returned link works unless the teacher chooses otherwise. */
export const feedbackLinkDefaults = { expiresInDays: 60, maxExpiresInDays: 365 } as const;

export const returnFeedbackInput = z.object({
  expiresInDays: z
    .number({ error: `Give the number of days the links work, from 1 to ${feedbackLinkDefaults.maxExpiresInDays}` })
    .int(`Give a whole number of days, from 1 to ${feedbackLinkDefaults.maxExpiresInDays}`)
    .min(1, `Give the number of days the links work, from 1 to ${feedbackLinkDefaults.maxExpiresInDays}`)
    .max(feedbackLinkDefaults.maxExpiresInDays, `Links can work for at most ${feedbackLinkDefaults.maxExpiresInDays} days; give a shorter term`)
    .default(feedbackLinkDefaults.expiresInDays),
  /** E-mail each new link to the student when the class roster has their address (never on a server without SMTP_URL). */
  sendEmails: z.boolean({ error: "sendEmails must be true or false" }).default(true),
});
export type ReturnFeedbackInput = z.infer<typeof returnFeedbackInput>;

export const feedbackLinkStatuses = ["active", "expired"] as const;
/** sent: e-mailed; failed: the mail server refused it; none: the roster has no address for this student. */
export const feedbackEmailStatuses = ["sent", "failed", "none"] as const;

/** One returned student as the teacher sees it: never the link itself, which only its creation answer carries. */
export const feedbackLinkView = z.object({
  id: z.string(),
  submissionId: z.string(),
  studentName: z.string(),
  status: z.enum(feedbackLinkStatuses),
  expiresAt: z.string(),
  createdAt: z.string(),
  email: z.object({ status: z.enum(feedbackEmailStatuses), to: z.string().nullable(), at: z.string().nullable(), failure: z.string().nullable() }),
  firstOpenedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  openCount: z.number(),
  /** False while the grade is back in review (regraded): the student's page says their teacher is looking again. */
  isGradeShown: z.boolean(),
});
export type FeedbackLinkView = z.infer<typeof feedbackLinkView>;

export const feedbackReturnsView = z.object({
  assignmentId: z.string(),
  /** Reviewed or accepted grades with no live link yet: what "Return to students" would send now. */
  readyCount: z.number(),
  /** Returned, then put under another student: the former student's link was withdrawn; these go out with the next return. */
  returnAgain: z.array(z.object({ submissionId: z.string(), studentName: z.string() })),
  /** Graded but not reviewed: never returned. */
  waitingForReviewCount: z.number(),
  links: z.array(feedbackLinkView),
});
export type FeedbackReturnsView = z.infer<typeof feedbackReturnsView>;

/** A link just made: the only answer that ever holds its address. */
export const newFeedbackLink = z.object({
  id: z.string(),
  studentName: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  emailedTo: z.string().nullable(),
});
export type NewFeedbackLink = z.infer<typeof newFeedbackLink>;

export const returnFeedbackResult = z.object({
  created: z.array(newFeedbackLink),
  /** The new links as a spreadsheet (Student, Link, Expires, E-mailed to), for a mail merge or a learning platform. */
  csv: z.string(),
  /** Students among the new links whom the roster gives no address. */
  noEmail: z.array(z.string()),
  view: feedbackReturnsView,
});
export type ReturnFeedbackResult = z.infer<typeof returnFeedbackResult>;

export const feedbackLinkMessages = {
  inactive: "This link is no longer active",
  inactiveDetail: "Your teacher may have withdrawn it, or its time ran out. Ask your teacher for a new link.",
  nothingToReturn: "There are no reviewed grades to return yet. Review or accept grades first; grades nobody reviewed are never returned.",
} as const;
