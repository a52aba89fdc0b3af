import {
  analyzeText,
  buildAssignmentContext,
  classifyCriterion,
  createCachedSpellChecker,
  essayBodyOf,
  type CriterionKind,
  type PriorTrainingRow,
  type SpellChecker,
  type TextAnalysis,
} from "../../src/core/grading/index.js";
import type { BenchSet } from "./datasets.js";
import { scaleLevels } from "../../src/core/grading/prior.js";

/** Datasets the prior learns from. ASAP-SAS short answers are left out: they are scored on correctness, not writing. */
export const priorDatasets = ["asap", "ellipse", "feedback_prize_ell"];

export function analyzeSet(set: BenchSet, spell: SpellChecker): TextAnalysis[] {
  const checker = createCachedSpellChecker(spell);
  const context = buildAssignmentContext(set.input);
  return set.essays.map((e) => analyzeText(essayBodyOf(e.sample.text), context, checker));
}

const fraction = (v: number, r: [number, number]) => (r[1] > r[0] ? (v - r[0]) / (r[1] - r[0]) : 0);

/** One training row per essay; each dataset weighs the same in total, split evenly over its sets. */
const stepOf = (values: number[]) => (values.some((v) => Math.abs(v - Math.round(v)) > 1e-9) ? 0.5 : 1);

export function trainingRows(set: BenchSet, analyses: TextAnalysis[], setsInDataset: number): PriorTrainingRow[] {
  const kinds = set.input.criteria.map((c) => ({ id: c.id, kind: classifyCriterion(c.name, c.descriptors), range: [c.minPoints ?? 0, c.maxPoints] as [number, number] }));
  const levels: Partial<Record<CriterionKind, number>> = {};
  const range = set.input.scoreRange!;
  levels.overall = scaleLevels(range, stepOf(set.essays.map((e) => e.sample.score)));
  for (const k of kinds) {
    if (k.kind === "overall") continue;
    const values = set.essays.map((e) => e.sample.criteriaScores?.[k.id] ?? 0);
    levels[k.kind] = scaleLevels(k.range, stepOf(values));
  }
  return set.essays.map((e, i) => {
    const targets: Partial<Record<CriterionKind, number[]>> = {};
    if (e.record.score !== null && e.record.score_range) targets.overall = [fraction(e.record.score, e.record.score_range)];
    if (set.traitIds.length) {
      for (const k of kinds) {
        const v = e.sample.criteriaScores?.[k.id];
        if (v === undefined || k.kind === "overall") continue;
        (targets[k.kind] ??= []).push(fraction(v, k.range));
      }
    }
    return { features: analyses[i]!.features, group: set.group, groupWeight: 1 / setsInDataset, targets, levels };
  });
}
