import { criterionKinds, type CriterionKind } from "./criterion-kind.js";
import { solveSymmetric } from "./linear-algebra.js";
import type { PriorModel, PriorTargetModel } from "./prior.js";

/** One scored text for fitting: its features, its group (one assignment/prompt) and the scores as 0..1 fractions. */
export interface PriorTrainingRow {
  features: Float64Array;
  group: string;
  /** Weight of the row; fitting gives each group the same total weight unless told otherwise. */
  groupWeight?: number;
  targets: Partial<Record<CriterionKind, number[]>>;
  /** Number of distinct scores on each target's scale (e.g. 4 for 0-3). */
  levels: Partial<Record<CriterionKind, number>>;
}

export interface FitPriorOptions {
  featureNames: readonly string[];
  /** Ridge penalties to choose from; the one whose leave-one-group-out predictions correlate best is kept. */
  lambdas?: number[];
  lambda?: number;
  /**
   * Fit on deviations from each group's mean (a fixed-effects regression): the model then learns what ranks texts
   * inside one assignment, and differences between assignments (scale use, genre) are left to calibration.
   */
  withinGroups?: boolean;
}

interface GroupStats {
  gram: Float64Array;
  rhs: Float64Array;
  rows: Array<{ z: Float64Array; y: number; w: number }>;
  weight: number;
  levels: number;
  zMean?: Float64Array;
  yMean?: number;
}

/**
 * Fits the prior by weighted ridge regression, then estimates slope/offset/residual behaviour by leaving out one group
 * at a time inside the training data, so that those figures describe unseen assignments.
 */
export function fitPrior(rows: PriorTrainingRow[], options: FitPriorOptions): PriorModel {
  const lambdas = options.lambda !== undefined ? [options.lambda] : (options.lambdas ?? [0.02, 0.1, 0.5, 2]);
  const chosen: Record<string, number> = {};
  const withinGroups = options.withinGroups ?? true;
  const p = options.featureNames.length;
  const groupSizes = new Map<string, number>();
  const groupWeights = new Map<string, number>();
  for (const r of rows) {
    groupSizes.set(r.group, (groupSizes.get(r.group) ?? 0) + 1);
    groupWeights.set(r.group, r.groupWeight ?? 1);
  }
  const rowWeight = (r: PriorTrainingRow) => groupWeights.get(r.group)! / groupSizes.get(r.group)!;

  const mean = new Array<number>(p).fill(0);
  const sd = new Array<number>(p).fill(0);
  let totalW = 0;
  for (const r of rows) {
    const w = rowWeight(r);
    totalW += w;
    for (let j = 0; j < p; j++) mean[j]! += w * r.features[j]!;
  }
  for (let j = 0; j < p; j++) mean[j]! /= totalW;
  for (const r of rows) {
    const w = rowWeight(r);
    for (let j = 0; j < p; j++) sd[j]! += w * (r.features[j]! - mean[j]!) ** 2;
  }
  for (let j = 0; j < p; j++) sd[j] = Math.sqrt(sd[j]! / totalW);

  const targets: Partial<Record<CriterionKind, PriorTargetModel>> = {};
  for (const kind of criterionKinds) {
    const groups = new Map<string, GroupStats>();
    for (const r of rows) {
      const ys = r.targets[kind];
      if (!ys?.length) continue;
      const z = new Float64Array(p + 1);
      z[0] = 1;
      for (let j = 0; j < p; j++) z[j + 1] = sd[j]! > 0 ? (r.features[j]! - mean[j]!) / sd[j]! : 0;
      let g = groups.get(r.group);
      if (!g) {
        g = {
          gram: new Float64Array((p + 1) * (p + 1)),
          rhs: new Float64Array(p + 1),
          rows: [],
          weight: groupWeights.get(r.group)!,
          levels: r.levels[kind] ?? 10,
        };
        groups.set(r.group, g);
      }
      for (const y of ys) g.rows.push({ z, y, w: 1 });
    }
    if (groups.size === 0) continue;
    for (const g of groups.values()) {
      const w = g.weight / g.rows.length;
      g.zMean = new Float64Array(p + 1);
      g.yMean = 0;
      for (const row of g.rows) {
        for (let j = 0; j <= p; j++) g.zMean[j]! += row.z[j]! / g.rows.length;
        g.yMean += row.y / g.rows.length;
      }
      const zc = new Float64Array(p + 1);
      for (const row of g.rows) {
        row.w = w;
        if (withinGroups) {
          zc[0] = 1;
          for (let j = 1; j <= p; j++) zc[j] = row.z[j]! - g.zMean[j]!;
          accumulate(g.gram, g.rhs, zc, row.y - g.yMean, w, p + 1);
        } else {
          accumulate(g.gram, g.rhs, row.z, row.y, w, p + 1);
        }
      }
    }
    const all = sumStats([...groups.values()], p + 1);
    // Choosing the penalty by leave-one-group-out inside the training data keeps any held-out set untouched.
    let best: { lambda: number; stats: ReturnType<typeof leaveOneGroupOut> } | undefined;
    for (const lambda of lambdas) {
      const stats = leaveOneGroupOut(groups, all, p + 1, lambda, withinGroups);
      if (!best || (stats.correlation ?? 0) > (best.stats.correlation ?? 0)) best = { lambda, stats };
    }
    const beta = solveRidge(all.gram, all.rhs, p + 1, best!.lambda * all.weight);
    if (withinGroups) beta[0] = levelIntercept(beta, [...groups.values()], p + 1);
    chosen[kind] = best!.lambda;
    targets[kind] = { intercept: beta[0]!, weights: Array.from(beta.subarray(1)), ...best!.stats };
  }

  return {
    version: 1,
    featureNames: [...options.featureNames],
    featureMean: mean,
    featureSd: sd,
    targets,
    fittedOn: { groups: [...groupSizes.keys()].sort(), texts: rows.length, lambda: chosen.overall ?? lambdas[0]! },
  };
}

function accumulate(gram: Float64Array, rhs: Float64Array, z: Float64Array, y: number, w: number, n: number) {
  for (let a = 0; a < n; a++) {
    const wa = w * z[a]!;
    rhs[a]! += wa * y;
    for (let b = 0; b < n; b++) gram[a * n + b]! += wa * z[b]!;
  }
}

function sumStats(groups: GroupStats[], n: number): { gram: Float64Array; rhs: Float64Array; weight: number } {
  const gram = new Float64Array(n * n);
  const rhs = new Float64Array(n);
  let weight = 0;
  for (const g of groups) {
    for (let i = 0; i < gram.length; i++) gram[i]! += g.gram[i]!;
    for (let i = 0; i < n; i++) rhs[i]! += g.rhs[i]!;
    weight += g.weight;
  }
  return { gram, rhs, weight };
}

function solveRidge(gram: Float64Array, rhs: Float64Array, n: number, penalty: number): Float64Array {
  const a = Float64Array.from(gram);
  // The penalty is scaled by total weight so that it means the same whatever the row weights; the intercept is free.
  for (let j = 1; j < n; j++) a[j * n + j]! += penalty;
  return solveSymmetric(a, rhs, n);
}

/** With a within-group fit the intercept is free: place it so the average group's prediction matches its mean score. */
function levelIntercept(beta: Float64Array, groups: GroupStats[], n: number): number {
  let sum = 0;
  let weight = 0;
  for (const g of groups) {
    let pred = 0;
    for (let j = 1; j < n; j++) pred += beta[j]! * g.zMean![j]!;
    sum += g.weight * (g.yMean! - pred);
    weight += g.weight;
  }
  return weight > 0 ? sum / weight : 0;
}

function leaveOneGroupOut(
  groups: Map<string, GroupStats>,
  all: { gram: Float64Array; rhs: Float64Array; weight: number },
  n: number,
  lambda: number,
  withinGroups: boolean,
): Omit<PriorTargetModel, "intercept" | "weights"> {
  const perGroup: Array<{ r: number[]; y: number[]; weight: number; levels: number }> = [];
  for (const g of groups.values()) {
    if (groups.size < 3 || g.rows.length < 10) continue;
    const gram = new Float64Array(all.gram);
    const rhs = new Float64Array(all.rhs);
    for (let i = 0; i < gram.length; i++) gram[i]! -= g.gram[i]!;
    for (let i = 0; i < n; i++) rhs[i]! -= g.rhs[i]!;
    const beta = solveRidge(gram, rhs, n, lambda * (all.weight - g.weight));
    if (withinGroups) beta[0] = levelIntercept(beta, [...groups.values()].filter((o) => o !== g), n);
    const r = g.rows.map((row) => row.z.reduce((s, z, i) => s + z * beta[i]!, 0));
    perGroup.push({ r, y: g.rows.map((row) => row.y), weight: g.weight, levels: g.levels });
  }
  if (perGroup.length === 0) return { slope: 1, slopeSd: 0.3, offsetMean: 0, offsetSd: 0.1, residualSd: 0.2 };

  // Per group: the slope of the true score on the out-of-group prediction, then slope ~ a + b / (levels - 1).
  const stats = perGroup.map((g) => {
    const rm = avg(g.r);
    const ym = avg(g.y);
    let gxy = 0;
    let gxx = 0;
    for (let i = 0; i < g.r.length; i++) {
      gxy += (g.r[i]! - rm) * (g.y[i]! - ym);
      gxx += (g.r[i]! - rm) ** 2;
    }
    return { ...g, rm, ym, b: gxx > 0 ? gxy / gxx : 1, u: 1 / (g.levels - 1) };
  });
  const weights = stats.map((s) => s.weight);
  const um = weightedMean(stats.map((s) => s.u), weights);
  const bm = weightedMean(stats.map((s) => s.b), weights);
  const suu = weightedMean(stats.map((s) => (s.u - um) ** 2), weights);
  const sub = weightedMean(stats.map((s) => (s.u - um) * (s.b - bm)), weights);
  const b1 = suu > 1e-9 ? sub / suu : 0;
  const slopeByLevels: [number, number] = [bm - b1 * um, b1];
  const slopeOf = (u: number) => slopeByLevels[0] + slopeByLevels[1] * u;
  const offsets = stats.map((s) => s.ym - slopeOf(s.u) * s.rm);
  const offsetMean = weightedMean(offsets, weights);
  const offsetSd = Math.sqrt(weightedMean(offsets.map((o) => (o - offsetMean) ** 2), weights));
  const slopeSd = Math.sqrt(weightedMean(stats.map((s) => (s.b - slopeOf(s.u)) ** 2), weights));
  let cxy = 0;
  let cxx = 0;
  let cyy = 0;
  for (const s of stats) {
    let gxy = 0;
    let gxx = 0;
    let gyy = 0;
    for (let i = 0; i < s.r.length; i++) {
      gxy += (s.r[i]! - s.rm) * (s.y[i]! - s.ym);
      gxx += (s.r[i]! - s.rm) ** 2;
      gyy += (s.y[i]! - s.ym) ** 2;
    }
    cxy += (s.weight * gxy) / s.r.length;
    cxx += (s.weight * gxx) / s.r.length;
    cyy += (s.weight * gyy) / s.r.length;
  }
  const correlation = cxx > 0 && cyy > 0 ? cxy / Math.sqrt(cxx * cyy) : 1;
  const rawMean = weightedMean(stats.map((s) => s.rm), weights);
  const rawBetweenVar = weightedMean(stats.map((s) => (s.rm - rawMean) ** 2), weights);
  const rawWithinVar = cxx / weights.reduce((a, b) => a + b, 0);
  let rss = 0;
  stats.forEach((s, gi) => {
    let gss = 0;
    for (let i = 0; i < s.r.length; i++) gss += (s.y[i]! - offsets[gi]! - slopeOf(s.u) * s.r[i]!) ** 2;
    rss += (s.weight * gss) / s.r.length;
  });
  return {
    slope: bm,
    slopeByLevels,
    slopeSd: Math.max(0.05, slopeSd),
    offsetMean,
    offsetSd: Math.max(0.01, offsetSd),
    residualSd: Math.sqrt(rss / weights.reduce((a, b) => a + b, 0)),
    correlation,
    rawMean,
    // How many samples the training average is worth when estimating an assignment's centre (empirical Bayes).
    rawMeanWeight: rawBetweenVar > 0 ? rawWithinVar / rawBetweenVar : 0,
  };
}

function avg(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

function weightedMean(xs: number[], ws: number[]): number {
  let s = 0;
  let w = 0;
  xs.forEach((x, i) => {
    s += x * ws[i]!;
    w += ws[i]!;
  });
  return w > 0 ? s / w : 0;
}
