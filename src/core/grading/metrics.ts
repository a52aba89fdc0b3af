/** Agreement statistics between two lists of scores on the same scale. */

/** Quadratic weighted kappa on a discrete scale from min to max in the given step (the Kaggle ASAP formula). */
export function quadraticWeightedKappa(a: number[], b: number[], min: number, max: number, step = 1): number {
  const n = Math.round((max - min) / step) + 1;
  if (a.length === 0 || n < 2) return 0;
  const idx = (v: number) => Math.min(n - 1, Math.max(0, Math.round((v - min) / step)));
  const observed = new Float64Array(n * n);
  const histA = new Float64Array(n);
  const histB = new Float64Array(n);
  for (let i = 0; i < a.length; i++) {
    const x = idx(a[i]!);
    const y = idx(b[i]!);
    observed[x * n + y]! += 1;
    histA[x]! += 1;
    histB[y]! += 1;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const w = ((i - j) * (i - j)) / ((n - 1) * (n - 1));
      num += w * observed[i * n + j]!;
      den += (w * histA[i]! * histB[j]!) / a.length;
    }
  }
  return den === 0 ? (num === 0 ? 1 : 0) : 1 - num / den;
}

export function meanAbsoluteError(a: number[], b: number[]): number {
  return a.length ? a.reduce((s, x, i) => s + Math.abs(x - b[i]!), 0) / a.length : 0;
}

export function shareWithin(a: number[], b: number[], tolerance: number): number {
  return a.length ? a.filter((x, i) => Math.abs(x - b[i]!) <= tolerance + 1e-9).length / a.length : 0;
}
