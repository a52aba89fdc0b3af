/**
 * The eight grading preferences' values where a teacher has said nothing (spec section 9 for the late policy).
 * The profile API, the form setup and the chat setup all read them from here.
 */
export const preferenceDefaults = {
  tone: "neutral",
  strictness: 50,
  feedbackLength: "standard",
  grammarVsContent: 30,
  gradingApproach: "holistic",
  latePolicy: { type: "none", penaltyPerDay: 10, maxLateDays: 7 },
  strengthsFirst: true,
  autoAcceptThreshold: 85,
} as const;
