import type { AgreementStats } from "./agreement.js";

/** Reviewed grades needed before auto-accept is trusted for an assignment. */
export const DEFAULT_MINIMUM_REVIEWED = 5;
/** Below these the engine disagrees with the teacher too often for its confidence to be trusted. */
export const MINIMUM_QWK = 0.6;
export const MINIMUM_ADJACENT = 0.8;

export interface ReviewGateInput {
  /** The engine's confidence in the grade, 0-100. */
  confidence: number;
  /** The assignment's auto-accept threshold, 0-100. */
  autoAcceptThreshold: number;
  /** Agreement with the teacher's reviewed grades of this assignment so far; none means nothing reviewed yet. */
  agreement?: Pick<AgreementStats, "exact" | "adjacent" | "qwk"> & { reviewedCount: number };
  minimumReviewed?: number;
  /** Why auto-accept is off whatever the agreement (recalibrating, a calibration that disagrees with the samples). */
  pausedBecause?: string;
  /**
   * What the teacher must read before this grade counts, one sentence each: the text's own checks (an answer to
   * another assignment, text that is not words) and feedback the grader could not check against the essay.
   */
  concerns?: string[];
}

export interface ReviewDecision {
  outcome: "accepted" | "needs_review";
  /** Plain words for the teacher: why this grade was accepted or waits for review. */
  reason: string;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Decides whether a grade is accepted automatically. The spec accepts grades with confidence strictly above the
 * threshold; the accuracy gate first requires evidence that the engine agrees with this teacher on this assignment.
 */
export function decideReview(input: ReviewGateInput): ReviewDecision {
  const { confidence, autoAcceptThreshold } = input;
  const minimumReviewed = input.minimumReviewed ?? DEFAULT_MINIMUM_REVIEWED;
  const reviewed = input.agreement?.reviewedCount ?? 0;

  if (input.concerns?.length) return { outcome: "needs_review", reason: input.concerns.join(" ") };
  if (input.pausedBecause) return { outcome: "needs_review", reason: input.pausedBecause };
  if (reviewed < minimumReviewed) {
    return {
      outcome: "needs_review",
      reason: `Auto-accept starts after you review ${minimumReviewed} grades of this assignment; ${reviewed} reviewed so far.`,
    };
  }
  const { qwk, adjacent } = input.agreement!;
  if (qwk < MINIMUM_QWK || adjacent < MINIMUM_ADJACENT) {
    return {
      outcome: "needs_review",
      reason:
        `Auto-accept is paused: the grader agrees too little with your reviewed grades ` +
        `(QWK ${qwk.toFixed(2)}, ${percent(adjacent)} within tolerance; needs QWK ${MINIMUM_QWK} and ${percent(MINIMUM_ADJACENT)}).`,
    };
  }
  if (confidence > autoAcceptThreshold) {
    return {
      outcome: "accepted",
      reason: `Accepted automatically: confidence ${confidence} is above your threshold of ${autoAcceptThreshold}.`,
    };
  }
  return {
    outcome: "needs_review",
    reason: `Needs review: confidence ${confidence} is not above your threshold of ${autoAcceptThreshold}.`,
  };
}
