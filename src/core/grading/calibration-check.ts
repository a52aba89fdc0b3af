import type { CalibrationFitSample, CalibrationFitSummary } from "./calibration-fit.js";

/** A sample graded (without itself) further than this share of the scale from the teacher's score disagrees. */
export const disagreementShare = 0.2;

export interface CalibrationCheck {
  /** The samples the calibration predicts badly, worst first; empty when the calibration can be trusted. */
  disagreeing: CalibrationFitSample[];
  /** Points off beyond which a sample disagrees. */
  limit: number;
}

/**
 * Whether the calibration reproduces the teacher's own samples. Each sample is graded by the engine calibrated on
 * the others (leave-one-out); one that lands more than a fifth of the scale away (a sample graded 40 of 50 predicted
 * 3) means the samples and the engine disagree about this assignment, and grades should not be accepted unread.
 */
export function checkCalibrationFit(fit: CalibrationFitSummary | null, maxScore: number): CalibrationCheck {
  const limit = Math.max(disagreementShare * maxScore, fit?.tolerance ?? 0);
  if (!fit || fit.method !== "leave-one-out") return { disagreeing: [], limit };
  const disagreeing = fit.samples.filter((sample) => Math.abs(sample.difference) > limit + 1e-9).sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference));
  return { disagreeing, limit };
}
