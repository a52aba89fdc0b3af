/** Agreement statistics between two lists of scores on the same scale. */

/** Quadratic weighted kappa on a discrete scale from min to max in the given step (the Kaggle ASAP formula). */
export function quadraticWeightedKappa(a: number[], b: number[], min: number, max: number, step = 1): number {
  const n = Math.round((max - min) / step) + 1;
  if (a.length === 0 || n < 2) return 0;
  const idx = (v: number) => Math.min(n - 1, Math.max(0, Math.round((v - min) / step)));
  // The weighted sums in closed form, one pass over the pairs: the n x n grid of the textbook form took 9 * 10^8 steps
  // for a rubric of 30 criteria worth 1,000 points each, and held the server for seconds per call (outside audit).
  // Observed: the sum of (x - y)^2. Expected under independence: the sum over all i, j of (i - j)^2 histA(i) histB(j) / N,
  // which is sum x^2 + sum y^2 - 2 (sum x)(sum y) / N. Both are shifted by the mean first, which changes neither.
  const xs = a.map(idx);
  const ys = b.map(idx);
  const shift = (xs.reduce((t, x) => t + x, 0) + ys.reduce((t, y) => t + y, 0)) / (2 * xs.length);
  let observed = 0;
  let sumX = 0;
  let sumY = 0;
  let sumX2 = 0;
  let sumY2 = 0;
  for (let k = 0; k < xs.length; k++) {
    const x = xs[k]! - shift;
    const y = ys[k]! - shift;
    observed += (x - y) * (x - y);
    sumX += x;
    sumY += y;
    sumX2 += x * x;
    sumY2 += y * y;
  }
  const expected = sumX2 + sumY2 - (2 * sumX * sumY) / xs.length;
  // Rounding can leave a hair above zero where every score is the same: that is no disagreement to divide by.
  if (expected <= 1e-9 * Math.max(1, sumX2 + sumY2)) return observed <= 1e-12 ? 1 : 0;
  return 1 - observed / expected;
}

export function meanAbsoluteError(a: number[], b: number[]): number {
  return a.length ? a.reduce((s, x, i) => s + Math.abs(x - b[i]!), 0) / a.length : 0;
}

export function shareWithin(a: number[], b: number[], tolerance: number): number {
  return a.length ? a.filter((x, i) => Math.abs(x - b[i]!) <= tolerance + 1e-9).length / a.length : 0;
}
