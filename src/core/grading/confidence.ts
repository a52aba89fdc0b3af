import { clamp } from "./text.js";

/** The agreement tolerance: one point on scales up to 6 points, otherwise 10% of the range. */
export function toleranceFor(range: [number, number]): number {
  const span = range[1] - range[0];
  return span <= 6 ? 1 : 0.1 * span;
}

/**
 * Chance (0-100) that a teacher's score falls within the tolerance of the grade given, when the teacher's score is
 * normally distributed around `mean` with spread `sd` (score units) and scores come in `step`s. Mass beyond the ends
 * of the scale lands on the ends, which is why grades at the top or bottom can be more certain.
 */
export function confidenceFor(options: {
  grade: number;
  mean: number;
  sd: number;
  range: [number, number];
  step: number;
}): number {
  const { grade, mean, sd, range, step } = options;
  const tolerance = toleranceFor(range);
  const reach = Math.floor(tolerance / step + 1e-9) * step + step / 2;
  const low = grade - reach <= range[0] ? -Infinity : grade - reach;
  const high = grade + reach >= range[1] ? Infinity : grade + reach;
  const s = Math.max(sd, 1e-6);
  const p = normalCdf((high - mean) / s) - normalCdf((low - mean) / s);
  return Math.round(clamp(100 * p, 1, 99));
}

export function normalCdf(z: number): number {
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  // Abramowitz-Stegun 7.1.26 on erf; accurate to about 1e-7, plenty for a percentage.
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const y =
    1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}
