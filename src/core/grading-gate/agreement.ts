import { quadraticWeightedKappa, shareWithin, toleranceFor } from "../grading/index.js";

export interface ScorePair {
  engine: number;
  teacher: number;
}

export interface AgreementStats {
  count: number;
  /** Share (0-1) of pairs where the engine gave exactly the teacher's score. */
  exact: number;
  /** Share (0-1) within the engine's tolerance: 1 point on scales up to 6, else 10% of the range. */
  adjacent: number;
  /** Quadratic weighted kappa on whole points across the range. */
  qwk: number;
}

/** How well the engine agrees with the grades a teacher reviewed, with the same tolerance the engine's confidence uses. */
export function agreementStats(pairs: ScorePair[], range: [number, number]): AgreementStats {
  if (!(range[1] > range[0])) throw new RangeError("The score range must run from a lower to a higher score.");
  const count = pairs.length;
  if (count === 0) return { count, exact: 0, adjacent: 0, qwk: 0 };
  const engine = pairs.map((p) => p.engine);
  const teacher = pairs.map((p) => p.teacher);
  return {
    count,
    exact: shareWithin(engine, teacher, 0),
    adjacent: shareWithin(engine, teacher, toleranceFor(range)),
    qwk: quadraticWeightedKappa(engine, teacher, range[0], range[1]),
  };
}

export interface AgreementGroupStats {
  /** Reviews `from` to `to` in the order the teacher made them, counted from 1. */
  from: number;
  to: number;
  count: number;
  /** How many of them the grader graded exactly as the teacher did, and within the tolerance. */
  exact: number;
  withinTolerance: number;
}

/**
 * Agreement in runs of `groupSize` reviews, in the order the teacher reviewed (the pairs' order): how it has grown
 * as the grader learned from the reviews before. Counts, not shares, so a page can say "7 of 10".
 */
export function agreementByReviewOrder(pairs: ScorePair[], range: [number, number], groupSize = 10): AgreementGroupStats[] {
  if (!(groupSize >= 1)) throw new RangeError("A group needs at least one review.");
  const tolerance = toleranceFor(range);
  const groups: AgreementGroupStats[] = [];
  for (let start = 0; start < pairs.length; start += groupSize) {
    const group = pairs.slice(start, start + groupSize);
    groups.push({
      from: start + 1,
      to: start + group.length,
      count: group.length,
      exact: group.filter((p) => Math.abs(p.engine - p.teacher) <= 1e-9).length,
      withinTolerance: group.filter((p) => Math.abs(p.engine - p.teacher) <= tolerance + 1e-9).length,
    });
  }
  return groups;
}
