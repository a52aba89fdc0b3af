/**
 * Which essays of a class the teacher should grade first, and which graded ones a review would teach the grader
 * most. Both look at the class as the grader sees it: each text's feature vector and the grader's prediction, each
 * standardised within the class, so no scale or feature dominates by its units.
 */
import { median } from "../statistics.js";

/** One text of the class as the chooser sees it. */
export interface SampleCandidate {
  /** The grader's prediction before the teacher's grades (any scale that orders texts as the grader does). */
  prediction: number;
  /** The text's feature vector (analyzeText); the same features for every candidate. */
  features: ArrayLike<number>;
  wordCount: number;
}

export interface SampleChoiceOptions {
  /** Texts the teacher has graded already: what is near them needs no new sample. */
  graded?: SampleCandidate[];
  /**
   * Weight of the prediction against all the features together in the distance (1: as much as all of them); by
   * default 0 when choosing samples (the slices spread the predictions) and 1 when ordering reviews.
   */
  predictionWeight?: number;
}

/** Why a text was chosen, for the one line the teacher reads beside it. */
export type SampleChoiceReason = "lowest" | "highest" | "longest" | "shortest" | "typical" | "unlike-graded";

export interface ChosenSample {
  index: number;
  reason: SampleChoiceReason;
}

const defaultPredictionWeight = 1;
/** Texts under this share of the class's median length are left out: a few lines teach the calibration little. */
const shortShare = 0.5;
/** The tenth of the class furthest from its centre (off-topic, pasted twice, a list of notes) is left out too. */
const outlierQuantile = 0.9;

/**
 * Each text's coordinates: every feature z-scored over the class (and the graded texts) and scaled so that all of
 * them together have unit variance, beside the prediction z-scored and weighted. Constant features are dropped.
 */
export function choiceCoordinates(texts: SampleCandidate[], predictionWeight = defaultPredictionWeight): number[][] {
  if (texts.length === 0) return [];
  const width = texts[0]!.features.length;
  const columns: Array<(t: SampleCandidate) => number> = [];
  for (let j = 0; j < width; j++) columns.push((t) => t.features[j] ?? 0);
  const scales = columns.map((column) => {
    const values = texts.map(column);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
    return { mean, sd };
  });
  const kept = scales.filter((s) => s.sd > 1e-12).length;
  const featureScale = kept > 0 ? 1 / Math.sqrt(kept) : 0;
  const predictions = texts.map((t) => t.prediction);
  const pMean = predictions.reduce((s, v) => s + v, 0) / predictions.length;
  const pSd = Math.sqrt(predictions.reduce((s, v) => s + (v - pMean) ** 2, 0) / predictions.length);
  return texts.map((t) => {
    const point: number[] = [];
    columns.forEach((column, j) => {
      const { mean, sd } = scales[j]!;
      if (sd > 1e-12) point.push(((column(t) - mean) / sd) * featureScale);
    });
    point.push(pSd > 1e-12 ? ((t.prediction - pMean) / pSd) * predictionWeight : 0);
    return point;
  });
}

export function squaredDistance(a: number[], b: number[]): number {
  let sum = 0;
  for (let j = 0; j < a.length; j++) sum += (a[j]! - b[j]!) ** 2;
  return sum;
}

/**
 * True for the texts a sample should not be taken from: much shorter than the class's usual length, or among the
 * tenth furthest from the class's centre. Never more than leaves `keep` texts usable.
 */
export function findOutliers(candidates: SampleCandidate[], points: number[][], keep: number): boolean[] {
  const n = candidates.length;
  if (n === 0) return [];
  const words = median(candidates.map((c) => c.wordCount));
  const centre = points[0]!.map((_, j) => median(points.map((p) => p[j]!)));
  const distances = points.map((p) => squaredDistance(p, centre));
  const cut = [...distances].sort((a, b) => a - b)[Math.min(n - 1, Math.floor(outlierQuantile * n))]!;
  const isOutlier = candidates.map((c, i) => c.wordCount < shortShare * words || (n >= 10 && distances[i]! > cut));
  // A small class keeps enough texts to choose from: the most central outliers are let back in first.
  const usable = isOutlier.filter((x) => !x).length;
  if (usable < keep) {
    const back = candidates.map((_, i) => i).filter((i) => isOutlier[i]).sort((a, b) => distances[a]! - distances[b]!);
    for (const i of back.slice(0, keep - usable)) isOutlier[i] = false;
  }
  return isOutlier;
}

/**
 * The k texts to grade first: the usable texts ordered by the grader's prediction are cut into as many equal slices
 * as there will be graded texts, slices already holding a graded text are left alone, and from each other slice the
 * text nearest the slice's mean in feature space is chosen. The choice covers the range of predictions, and each
 * chosen text is typical of its part of the class rather than its edge. Measured against random samples, and against
 * k-medoids, farthest-point, balanced and extreme choices, in docs/decisions/011 (Choosing samples): no choice did
 * clearly better than random; this one did no worse and kept the class's level best. Deterministic.
 */
export function chooseSamplesToGrade(candidates: SampleCandidate[], k: number, options: SampleChoiceOptions = {}): ChosenSample[] {
  const graded = options.graded ?? [];
  const count = Math.min(k, candidates.length);
  if (count <= 0) return [];
  // The slices spread the predictions already; within one, the features alone say which text is typical.
  const points = choiceCoordinates([...candidates, ...graded], options.predictionWeight ?? 0);
  const own = points.slice(0, candidates.length);
  const fixed = points.slice(candidates.length);
  const isOutlier = findOutliers(candidates, own, count);
  const usable = candidates.map((_, i) => i).filter((i) => !isOutlier[i]).sort((a, b) => candidates[a]!.prediction - candidates[b]!.prediction || a - b);
  const sliceCount = Math.min(usable.length, count + graded.length);
  const slices = Array.from({ length: sliceCount }, (_, s) => usable.slice(Math.floor((s * usable.length) / sliceCount), Math.floor(((s + 1) * usable.length) / sliceCount)));
  // A graded text covers the slice its prediction falls in: what is near it needs no new sample.
  const covered = new Set(graded.map((g) => Math.max(0, slices.findLastIndex((slice) => candidates[slice[0]!]!.prediction <= g.prediction))));
  const open = slices.map((_, s) => s).filter((s) => !covered.has(s));
  // More open slices than texts wanted (graded texts sharing slices): an even spread of them.
  const wanted = open.length <= count ? open : Array.from({ length: count }, (_, i) => open[count === 1 ? Math.floor(open.length / 2) : Math.round((i * (open.length - 1)) / (count - 1))]!);
  const picked = wanted.map((s) => {
    const slice = slices[s]!;
    const mean = own[slice[0]!]!.map((_, j) => slice.reduce((sum, i) => sum + own[i]![j]!, 0) / slice.length);
    return argMin(slice, (i) => squaredDistance(own[i]!, mean));
  });
  return picked.sort((a, b) => a - b).map((index) => ({ index, reason: reasonFor(candidates, own, fixed, index) }));
}

function argMin(items: number[], cost: (i: number) => number): number {
  let best = items[0]!;
  let bestCost = Infinity;
  for (const i of items) {
    const c = cost(i);
    if (c < bestCost) {
      best = i;
      bestCost = c;
    }
  }
  return best;
}

const argMax = (items: number[], value: (i: number) => number) => argMin(items, (i) => -value(i));

/** The fraction of the class strictly below the value (0 = the lowest, near 1 = the highest). */
const rankOf = (values: number[], value: number) => values.filter((v) => v < value).length / Math.max(1, values.length - 1);

function reasonFor(candidates: SampleCandidate[], points: number[][], fixed: number[][], index: number): SampleChoiceReason {
  const me = candidates[index]!;
  const predictionRank = rankOf(candidates.map((c) => c.prediction), me.prediction);
  const lengthRank = rankOf(candidates.map((c) => c.wordCount), me.wordCount);
  if (predictionRank <= 0.2) return "lowest";
  if (predictionRank >= 0.8) return "highest";
  if (lengthRank >= 0.8) return "longest";
  if (lengthRank <= 0.2) return "shortest";
  if (fixed.length) {
    // Further from every graded text than the class's typical text is from its nearest graded one.
    const nearest = (p: number[]) => Math.min(...fixed.map((f) => squaredDistance(p, f)));
    if (nearest(points[index]!) > median(points.map(nearest))) return "unlike-graded";
  }
  return "typical";
}

/**
 * How much a review of each text would teach the grader, as an order: uncertain grades of texts unlike anything
 * graded first. Greedy, so the order itself spreads out: once a text is placed, texts like it count as covered.
 * `uncertainty` is 0 (sure) to 1 (unsure) per candidate, e.g. 1 - confidence / 100.
 */
export function orderByLearningValue(candidates: SampleCandidate[], uncertainty: number[], options: SampleChoiceOptions = {}): number[] {
  const graded = options.graded ?? [];
  if (candidates.length === 0) return [];
  const points = choiceCoordinates([...candidates, ...graded], options.predictionWeight);
  const own = points.slice(0, candidates.length);
  const isOutlier = findOutliers(candidates, own, candidates.length);
  // With nothing graded, distance from the class's centre stands in (its spread is what needs covering).
  const centre = own[0]!.map((_, j) => own.reduce((s, p) => s + p[j]!, 0) / own.length);
  const covered = own.map((p) => (graded.length ? Math.min(...points.slice(candidates.length).map((f) => squaredDistance(p, f))) : squaredDistance(p, centre)));
  const order: number[] = [];
  const left = new Set(own.map((_, i) => i));
  while (left.size) {
    const value = (i: number) => Math.sqrt(covered[i]!) * (0.25 + (uncertainty[i] ?? 0)) * (isOutlier[i] ? 0.5 : 1);
    const next = argMax([...left], value);
    order.push(next);
    left.delete(next);
    for (const i of left) covered[i] = Math.min(covered[i]!, squaredDistance(own[i]!, own[next]!));
  }
  return order;
}
