import type { CriterionKind } from "./criterion-kind.js";

/**
 * A linear model on standardised features that predicts a score as a fraction of its scale (0 = bottom, 1 = top),
 * plus what leave-one-set-out fitting learned about how such predictions behave inside one assignment.
 */
export interface PriorTargetModel {
  intercept: number;
  weights: number[];
  /** Within-assignment slope of the true score on the raw prediction (>1 when the pooled fit is compressed). */
  slope: number;
  /**
   * The slope depends on how coarse the scale is (teachers use the whole of a 0-3 scale but rarely all of 2-12):
   * slope = a + b / (levels - 1), fitted across the training assignments.
   */
  slopeByLevels?: [number, number];
  /** Spread of the assignment-to-assignment slope, used to shrink a slope fitted on few samples. */
  slopeSd: number;
  /** Mean and spread of the assignment-level intercept: how far a new assignment tends to sit from the prior. */
  offsetMean: number;
  offsetSd: number;
  /** Residual spread of the score inside one assignment once its offset is known (fraction of the scale). */
  residualSd: number;
  /** Correlation of out-of-assignment predictions with the scores inside an assignment (pooled). */
  correlation?: number;
  /** Average raw prediction over the training assignments: the centre a grade is spread around before samples. */
  rawMean?: number;
  /** Pseudo-count of rawMean when it is averaged with the samples' raw predictions. */
  rawMeanWeight?: number;
}

export interface PriorModel {
  version: number;
  featureNames: string[];
  featureMean: number[];
  featureSd: number[];
  targets: Partial<Record<CriterionKind, PriorTargetModel>>;
  fittedOn: { groups: string[]; texts: number; lambda: number };
}

/** Raw linear prediction (before the within-assignment slope and offset). */
export function predictRaw(model: PriorModel, target: PriorTargetModel, features: Float64Array): number {
  let sum = target.intercept;
  const w = target.weights;
  for (let j = 0; j < w.length; j++) {
    const sd = model.featureSd[j]!;
    if (sd > 0) sum += w[j]! * ((features[j]! - model.featureMean[j]!) / sd);
  }
  return sum;
}

export function targetFor(model: PriorModel, kind: CriterionKind): PriorTargetModel {
  const t = model.targets[kind] ?? model.targets.overall;
  if (!t) throw new Error("The grading prior has no overall model; refit it with `npm run fit:grader`.");
  return t;
}

/** Number of distinct scores on a scale from min to max in steps. */
export function scaleLevels(range: [number, number], step: number): number {
  return Math.max(2, Math.round((range[1] - range[0]) / step) + 1);
}

export function slopeFor(target: PriorTargetModel, levels: number): number {
  if (!target.slopeByLevels) return target.slope;
  const [a, b] = target.slopeByLevels;
  return a + b / (levels - 1);
}
