import {
  estimateScores,
  featureNames,
  fitPrior,
  meanAbsoluteError,
  prepareAssignment,
  prepareForClass,
  quadraticWeightedKappa,
  shareWithin,
  toleranceFor,
  type CalibrationMethod,
  type PriorModel,
  type PriorTrainingRow,
  type SpellChecker,
  type TextAnalysis,
} from "../../src/core/grading/index.js";
import { predictRaw, targetFor } from "../../src/core/grading/prior.js";
import { baselineFeatureNames, baselineFeatures, scaleToSamples, shiftToSamples } from "./baseline.js";
import type { BenchSet } from "./datasets.js";
import { createRandom } from "./random.js";
import { benchChoosers, defaultClassSize, type SampleChoice } from "./sample-choice.js";
import { analyzeSet, priorDatasets, trainingRows } from "./training.js";

export interface EvaluateOptions {
  ks: number[];
  draws: number;
  seed: number;
  method?: CalibrationMethod;
  /** How the k graded samples are chosen (sample-choice.ts); random by default. */
  samples?: SampleChoice;
  /** Size of the class the app chooses samples in (0: the whole set); random draws ignore it. */
  classSize?: number;
  /** Essays a set must have left beyond its samples to be scored at a k (minimumScoredEssays unless told). */
  minimumScored?: number;
  spell: SpellChecker;
}

export interface DrawMetrics {
  qwk: number;
  /** The naive model shifted to the samples, and scaled to them by least squares. */
  baselineQwks: number[];
  traitQwk: Record<string, number>;
  mae: number;
  exact: number;
  adjacent: number;
  withinTolerance: number;
  /** Mean predicted minus mean teacher score over the graded essays, as a fraction of the scale. */
  bias: number;
}

export interface ConfidenceBand {
  band: string;
  count: number;
  withinTolerance: number;
}

export interface SetResult {
  dataset: string;
  set: string;
  essays: number;
  k: number;
  humanQwk?: number;
  qwk: number;
  qwkSd: number;
  baselineQwk: number;
  traitQwk: Record<string, number>;
  meanTraitQwk: number | null;
  mae: number;
  exact: number;
  adjacent: number;
  withinTolerance: number;
  tolerance: number;
  /** Mean over draws of the signed bias (with its standard error), and of its size: each draw is one class set. */
  bias: number;
  biasSe: number;
  absBias: number;
  maxAbsBias: number;
  confidence: ConfidenceBand[];
}

export const confidenceBands: Array<[number, number]> = [
  [0, 50],
  [50, 70],
  [70, 80],
  [80, 90],
  [90, 101],
];

export interface PreparedBench {
  sets: BenchSet[];
  analyses: Map<string, TextAnalysis[]>;
  rows: Map<string, PriorTrainingRow[]>;
  baselineRows: Map<string, PriorTrainingRow[]>;
  analysisSeconds: number;
  analysedEssays: number;
}

export function prepareBench(sets: BenchSet[], spell: SpellChecker): PreparedBench {
  const analyses = new Map<string, TextAnalysis[]>();
  const rows = new Map<string, PriorTrainingRow[]>();
  const baselineRows = new Map<string, PriorTrainingRow[]>();
  const started = process.hrtime.bigint();
  let analysed = 0;
  for (const set of sets) {
    const a = analyzeSet(set, spell);
    analysed += a.length;
    analyses.set(set.group, a);
  }
  const analysisSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  for (const set of sets) {
    if (!priorDatasets.includes(set.dataset)) continue;
    const count = sets.filter((s) => s.dataset === set.dataset).length;
    const r = trainingRows(set, analyses.get(set.group)!, count);
    rows.set(set.group, r);
    baselineRows.set(
      set.group,
      r.filter((row) => row.targets.overall).map((row, i) => ({ ...row, features: baselineFeatures(set.essays[i]!.sample.text), targets: { overall: row.targets.overall! } })),
    );
  }
  return { sets, analyses, rows, baselineRows, analysisSeconds, analysedEssays: analysed };
}

/** The prior and the baseline fitted without the set being scored. */
const fullFits = new WeakMap<PreparedBench, { prior: PriorModel; baseline: PriorModel }>();

export function leaveSetOut(bench: PreparedBench, group: string): { prior: PriorModel; baseline: PriorModel } {
  // A set the prior never trains on (e.g. ASAP-SAS) is already left out: fit once and reuse.
  const isTrainingSet = bench.rows.has(group);
  const cached = isTrainingSet ? undefined : fullFits.get(bench);
  if (cached) return cached;
  const models = fitWithout(bench, group);
  if (!isTrainingSet) fullFits.set(bench, models);
  return models;
}

function fitWithout(bench: PreparedBench, group: string): { prior: PriorModel; baseline: PriorModel } {
  const rows = [...bench.rows.entries()].filter(([g]) => g !== group).flatMap(([, r]) => r);
  const baseRows = [...bench.baselineRows.entries()].filter(([g]) => g !== group).flatMap(([, r]) => r);
  return {
    prior: fitPrior(rows, { featureNames }),
    baseline: fitPrior(baseRows, { featureNames: baselineFeatureNames }),
  };
}

/** Essays a set must have left after its samples to be scored at that k (ELLIPSE prompts have about 40 in all). */
export const minimumScoredEssays = 20;

const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function stepOf(values: number[]): number {
  return values.some((v) => Math.abs(v - Math.round(v)) > 1e-9) ? 0.5 : 1;
}

function hashGroup(group: string): number {
  let h = 0;
  for (const c of group) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

export function evaluateSet(
  bench: PreparedBench,
  set: BenchSet,
  models: { prior: PriorModel; baseline: PriorModel },
  options: EvaluateOptions,
): SetResult[] {
  const analyses = bench.analyses.get(set.group)!;
  const baselineX = set.essays.map((e) => baselineFeatures(e.sample.text));
  const baselineTarget = targetFor(models.baseline, "overall");
  const baselineRaw = baselineX.map((x) => predictRaw(models.baseline, baselineTarget, x));
  const range = set.input.scoreRange!;
  const overallStep = stepOf(set.essays.map((e) => e.sample.score));
  const tolerance = toleranceFor(range);
  const results: SetResult[] = [];
  const overallTarget = targetFor(models.prior, "overall");
  const priorRaw = analyses.map((a) => predictRaw(models.prior, overallTarget, a.features));

  for (const k of options.ks) {
    // A set with too few essays beyond its samples has nothing to score: its figures would be zeros in the averages.
    if (set.essays.length - k < (options.minimumScored ?? minimumScoredEssays)) continue;
    const perDraw: DrawMetrics[] = [];
    const bandCounts = confidenceBands.map(() => ({ count: 0, within: 0 }));
    for (let d = 0; d < options.draws; d++) {
      const random = createRandom(options.seed * 7919 + hashGroup(set.group) + d * 104729 + k);
      // Chosen samples differ between draws by the class they are chosen in.
      const picked = benchChoosers[options.samples ?? "random"]({ analyses, predictions: priorRaw, k, random, classSize: options.classSize ?? defaultClassSize });
      const isSample = new Set(picked);
      const prepared = prepareForClass(
        prepareAssignment(
          { ...set.input, samples: picked.map((i) => set.essays[i]!.sample) },
          { spellChecker: options.spell, prior: models.prior, ...(options.method ? { calibrationMethod: options.method } : {}) },
        ),
        analyses.filter((_, i) => !isSample.has(i)),
      );
      const sampleRaw = picked.map((i) => baselineRaw[i]!);
      const sampleActual = picked.map((i) => (set.essays[i]!.sample.score - range[0]) / (range[1] - range[0]));
      const baselineScalings = [shiftToSamples(sampleRaw, sampleActual), scaleToSamples(sampleRaw, sampleActual)];
      const human: number[] = [];
      const engine: number[] = [];
      const baseline: number[][] = [[], []];
      const traitHuman = new Map<string, number[]>();
      const traitEngine = new Map<string, number[]>();
      set.essays.forEach((e, i) => {
        if (isSample.has(i)) return;
        const est = estimateScores(prepared, analyses[i]!);
        human.push(e.sample.score);
        engine.push(est.overallScore);
        baselineScalings.forEach((scale, j) => {
          const b = range[0] + Math.min(1, Math.max(0, scale(baselineRaw[i]!))) * (range[1] - range[0]);
          baseline[j]!.push(Math.round(b / overallStep) * overallStep);
        });
        for (const c of est.criteria) {
          const h = e.sample.criteriaScores?.[c.criterionId];
          if (h === undefined || set.traitIds.length === 0) continue;
          (traitHuman.get(c.criterionId) ?? traitHuman.set(c.criterionId, []).get(c.criterionId)!).push(h);
          (traitEngine.get(c.criterionId) ?? traitEngine.set(c.criterionId, []).get(c.criterionId)!).push(c.score);
        }
        const ok = Math.abs(est.overallScore - e.sample.score) <= tolerance + 1e-9;
        const band = confidenceBands.findIndex(([lo, hi]) => est.confidence >= lo && est.confidence < hi);
        bandCounts[band]!.count++;
        if (ok) bandCounts[band]!.within++;
      });
      const traitQwk: Record<string, number> = {};
      for (const [id, h] of traitHuman) {
        const c = set.input.criteria.find((x) => x.id === id)!;
        const step = stepOf(h);
        traitQwk[id] = quadraticWeightedKappa(h, traitEngine.get(id)!, c.minPoints ?? 0, c.maxPoints, step);
      }
      perDraw.push({
        qwk: quadraticWeightedKappa(human, engine, range[0], range[1], overallStep),
        baselineQwks: baseline.map((b) => quadraticWeightedKappa(human, b, range[0], range[1], overallStep)),
        traitQwk,
        mae: meanAbsoluteError(human, engine),
        exact: shareWithin(human, engine, 0),
        adjacent: shareWithin(human, engine, 1),
        withinTolerance: shareWithin(human, engine, tolerance),
        bias: (average(engine) - average(human)) / (range[1] - range[0]),
      });
    }
    const mean = (f: (m: DrawMetrics) => number) => perDraw.reduce((s, m) => s + f(m), 0) / perDraw.length;
    const qwk = mean((m) => m.qwk);
    const traitQwk: Record<string, number> = {};
    for (const id of set.traitIds) traitQwk[id] = mean((m) => m.traitQwk[id] ?? 0);
    const traitValues = Object.values(traitQwk);
    results.push({
      dataset: set.dataset,
      set: set.set,
      essays: set.essays.length,
      k,
      ...(set.humanQwk !== undefined ? { humanQwk: set.humanQwk } : {}),
      qwk,
      qwkSd: Math.sqrt(mean((m) => (m.qwk - qwk) ** 2)),
      // The better of the two simple ways of using the samples, so the comparison never flatters the engine.
      baselineQwk: Math.max(mean((m) => m.baselineQwks[0]!), mean((m) => m.baselineQwks[1]!)),
      traitQwk,
      meanTraitQwk: traitValues.length ? traitValues.reduce((a, b) => a + b, 0) / traitValues.length : null,
      mae: mean((m) => m.mae),
      exact: mean((m) => m.exact),
      adjacent: mean((m) => m.adjacent),
      withinTolerance: mean((m) => m.withinTolerance),
      tolerance,
      bias: mean((m) => m.bias),
      biasSe: Math.sqrt(mean((m) => (m.bias - mean((x) => x.bias)) ** 2) / Math.max(1, perDraw.length - 1)),
      absBias: mean((m) => Math.abs(m.bias)),
      maxAbsBias: Math.max(...perDraw.map((m) => Math.abs(m.bias))),
      confidence: confidenceBands.map(([lo, hi], i) => ({
        band: `${lo}-${Math.min(hi, 100)}`,
        count: bandCounts[i]!.count,
        withinTolerance: bandCounts[i]!.count ? bandCounts[i]!.within / bandCounts[i]!.count : 0,
      })),
    });
  }
  return results;
}

