import { predictLexicalResidual, type LexicalResidualModel, type LexicalVector } from "./lexical-residual.js";
import { slopeFor, type PriorTargetModel } from "./prior.js";

export type CalibrationMethod = "scale-offset" | "offset" | "nearest-sample";

/** A sample as calibration sees it: the prior's raw prediction, the teacher's score as a 0..1 fraction, a similarity. */
export interface CalibrationPoint {
  raw: number;
  actual: number;
  sampleId?: string;
}

/**
 * How one target (the overall score or one criterion) maps raw prior predictions to this assignment's scale.
 * Predictions are `offset + slope * (raw - center)`; `covariance` is the posterior uncertainty of (offset, slope).
 */
export interface TargetCalibration {
  method: CalibrationMethod | "prior-only";
  center: number;
  offset: number;
  slope: number;
  covariance: [number, number, number];
  residualSd: number;
  points: CalibrationPoint[];
  /**
   * Grades are spread around `spreadCenter` by 1/correlation so they use the scale as the teacher does. The spread
   * moves the class's mean grade unless `spreadCenter` is the class's mean raw prediction: see `centreOnClass`.
   */
  spread: number;
  spreadCenter: number;
  /** What the samples' words add to offset and slope once there are enough of them (lexical-residual.ts). */
  lexical?: LexicalResidualModel;
}

const center = 0.5;

function spreadOf(model: PriorTargetModel, points: CalibrationPoint[]) {
  const spread = model.correlation && model.correlation > 0.3 ? 1 / model.correlation : 1;
  const prior = model.rawMean ?? center;
  const n0 = model.rawMeanWeight ?? 0;
  const spreadCenter = points.length + n0 > 0 ? (points.reduce((s, p) => s + p.raw, 0) + n0 * prior) / (points.length + n0) : prior;
  return { spread, spreadCenter };
}

/**
 * Spreading grades around the class's own mean raw prediction keeps the class's mean grade where the calibration
 * put it. Spread around any other centre, a class that writes better or worse than the samples (or than the
 * training sets) gets grades pushed away from the teacher's mean: up to 9% of the scale on ASAP set 1 at k=2.
 */
export function centreOnClass(cal: TargetCalibration, classRaws: number[]): TargetCalibration {
  const raws = [...cal.points.map((p) => p.raw), ...classRaws];
  if (classRaws.length === 0) return cal;
  return { ...cal, spreadCenter: raws.reduce((s, r) => s + r, 0) / raws.length };
}

/**
 * Bayesian linear calibration: the prior says how far assignments usually sit from the pooled model (offsetSd) and
 * how much their slopes vary (slopeSd); the teacher's samples update both. With no samples it is the prior itself;
 * with two samples the offset moves most of the way and the slope barely; with many both follow the samples.
 */
export function fitTargetCalibration(
  model: PriorTargetModel,
  points: CalibrationPoint[],
  method: CalibrationMethod,
  levels: number,
): TargetCalibration {
  const sigma2 = model.residualSd ** 2;
  const priorSlope = slopeFor(model, levels);
  const priorOffset = model.offsetMean + priorSlope * center;
  // Empirical Bayes for this one assignment: when the samples sit further from the prior than its spread of
  // offsets allows, widen that spread to what the samples show, so an unusual teacher is not overruled. The gap is
  // not reduced by the samples' own noise: with two samples that correction kept the prior's level and graded a
  // whole set (ASAP 7) 5% of the scale below its teacher, while costing nothing in agreement once removed.
  const gap = points.length ? points.reduce((s, p) => s + p.actual - (priorOffset + priorSlope * (p.raw - center)), 0) / points.length : 0;
  const offsetVariance = Math.max(model.offsetSd ** 2, gap * gap);
  const offsetPrecision = 1 / offsetVariance;
  const slopePrecision = method === "scale-offset" ? 1 / model.slopeSd ** 2 : 1e9;
  if (points.length === 0) {
    return {
      method: "prior-only",
      center,
      offset: priorOffset,
      slope: priorSlope,
      covariance: [offsetVariance, 0, 0],
      residualSd: model.residualSd,
      points,
      ...spreadOf(model, points),
    };
  }
  let p00 = offsetPrecision;
  let p01 = 0;
  let p11 = slopePrecision;
  let v0 = offsetPrecision * priorOffset;
  let v1 = slopePrecision * priorSlope;
  for (const pt of points) {
    const x = pt.raw - center;
    p00 += 1 / sigma2;
    p01 += x / sigma2;
    p11 += (x * x) / sigma2;
    v0 += pt.actual / sigma2;
    v1 += (x * pt.actual) / sigma2;
  }
  const det = p00 * p11 - p01 * p01;
  const c00 = p11 / det;
  const c01 = -p01 / det;
  const c11 = p00 / det;
  return {
    method,
    center,
    offset: c00 * v0 + c01 * v1,
    slope: c01 * v0 + c11 * v1,
    covariance: [c00, c01, c11],
    residualSd: model.residualSd,
    points,
    ...spreadOf(model, points),
  };
}

/**
 * A criterion's calibration before the teacher has graded anything: the prior's slope for the criterion's own scale,
 * at the overall grade's level. The prior's level for a criterion kind comes from trait scores on a few scales (1-5,
 * 1-6) and does not carry to a rubric's own: taken at the holistic scale's 19 levels it put every criterion far under
 * the overall (an audit's class read 12 / 18 overall beside Conventions 1.7 / 6, Ideas 2.4 / 6), which a student
 * reads as a contradiction and a teacher grading by points as a failing class. Now the prior's typical essay reads
 * on each criterion as it does overall, and an essay's criteria differ from that by their own features.
 */
export function priorLevelledOn(overall: { model: PriorTargetModel; calibration: TargetCalibration }, model: PriorTargetModel, method: CalibrationMethod, levels: number): TargetCalibration {
  const own = fitTargetCalibration(model, [], method, levels);
  const atTypicalEssay = (m: PriorTargetModel, cal: TargetCalibration) => cal.offset + cal.slope * ((m.rawMean ?? center) - cal.center);
  return { ...own, offset: own.offset + atTypicalEssay(overall.model, overall.calibration) - atTypicalEssay(model, own) };
}

export interface CalibratedPrediction {
  /** Expected teacher score as a fraction of the scale (may fall outside 0..1 before clamping). */
  value: number;
  /**
   * The grade to give, as a fraction: the expectation spread out by 1/correlation around the assignment's centre.
   * Expected values regress towards the middle of the scale; teachers' grades do not, and agreement (QWK, exact
   * matches at the ends of the scale) is better when the grades have the teachers' spread.
   */
  grade: number;
  /** Standard deviation of the teacher's score around it, as a fraction of the scale. */
  sd: number;
}

/** The lexical correction of a text for this target, centred on the class (0 without a lexical model). */
export function lexicalCorrection(cal: TargetCalibration, vector: () => LexicalVector): number {
  return cal.lexical ? predictLexicalResidual(cal.lexical, vector()) - cal.lexical.shift : 0;
}

/**
 * `correction` (lexicalCorrection) moves the expectation and, spread like the prior's part, the grade: the samples'
 * words rank texts that the prior's features tie.
 */
export function applyCalibration(cal: TargetCalibration, raw: number, nearestIndex?: number, correction = 0): CalibratedPrediction {
  const x = raw - cal.center;
  const [c00, c01, c11] = cal.covariance;
  const paramVar = Math.max(0, c00 + 2 * x * c01 + x * x * c11);
  const linear = cal.offset + cal.slope * x + correction;
  const nearest = nearestIndex === undefined ? undefined : cal.points[nearestIndex];
  if (cal.method === "nearest-sample" && nearest) {
    // The closest sample anchors the grade; the prior only says how far above or below it this text sits.
    const value = nearest.actual + cal.slope * (raw - nearest.raw);
    return { value, grade: value, sd: Math.sqrt(2 * cal.residualSd ** 2 + paramVar) };
  }
  const atCenter = cal.offset + cal.slope * (cal.spreadCenter - cal.center);
  const grade = atCenter + cal.spread * (cal.slope * (raw - cal.spreadCenter) + correction);
  return { value: linear, grade, sd: Math.sqrt(cal.residualSd ** 2 + paramVar) };
}
