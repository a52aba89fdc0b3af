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
