import { copiedRunsOf, gradeWithAssignment, prepareAssignment, prepareForClass, type FeedbackLength, type FeedbackTone, type GradingSettings, type SpellChecker } from "../../src/core/grading/index.js";
import type { BenchSet } from "../grading/datasets.js";
import { leaveSetOut, type PreparedBench } from "../grading/evaluate.js";
import { createRandom } from "../grading/random.js";
import type { StudentFeedback } from "./rules.js";

export interface FeedbackSettingsKey {
  tone: FeedbackTone;
  length: FeedbackLength;
}

export const feedbackSettings: FeedbackSettingsKey[] = (["gentle", "neutral", "direct"] as const).flatMap((tone) =>
  (["short", "standard", "detailed"] as const).map((length) => ({ tone, length })),
);

/** One class set graded with one tone and length: the feedback each student got, and the scores beside the teacher's. */
export interface ClassRun {
  dataset: string;
  group: string;
  classIndex: number;
  settings: FeedbackSettingsKey;
  feedback: StudentFeedback[];
  predicted: number[];
  human: number[];
  span: number;
}

function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Each class is `size` students of one set, graded after the teacher graded two other essays of the set (k = 2), with
 * a prior fitted without the set (leave-one-set-out), the way a new teacher meets the grader.
 */
export function gradeClasses(bench: PreparedBench, sets: BenchSet[], options: { classes: number; size: number; seed: number; spell: SpellChecker }): ClassRun[] {
  const runs: ClassRun[] = [];
  for (const set of sets) {
    const scored = set.essays.map((e, i) => ({ e, i })).filter(({ e }) => e.record.score !== null || e.sample.criteriaScores);
    if (scored.length < 12) continue;
    const { prior } = leaveSetOut(bench, set.group);
    const analyses = bench.analyses.get(set.group)!;
    const range = set.input.scoreRange!;
    const promptRuns = copiedRunsOf([set.input.prompt ?? ""]);
    const borrowedRuns = copiedRunsOf([set.input.prompt ?? "", set.input.sourceText ?? ""]);
    const perClass = Math.min(options.size, scored.length - 2);
    const classCount = Math.max(1, Math.min(options.classes, Math.floor((scored.length - 2) / perClass)));
    const order = shuffled(scored.length, createRandom(options.seed * 31 + set.group.length * 7919 + scored.length));
    for (let c = 0; c < classCount; c++) {
      const students = order.slice(c * perClass, (c + 1) * perClass).map((j) => scored[j]!);
      const samples = order.slice(classCount * perClass + 2 * c, classCount * perClass + 2 * c + 2).map((j) => scored[j]!.e.sample);
      const used = samples.length === 2 ? samples : order.slice(-2).map((j) => scored[j]!.e.sample);
      for (const key of feedbackSettings) {
        const settings: GradingSettings = { ...set.input.settings, tone: key.tone, feedbackLength: key.length };
        const prepared = prepareForClass(
          prepareAssignment({ ...set.input, settings, samples: used }, { spellChecker: options.spell, prior }),
          students.map(({ i }) => analyses[i]!),
        );
        const graded = students.map(({ e, i }) => ({ e, result: gradeWithAssignment(prepared, e.sample.text, analyses[i]) }));
        runs.push({
          dataset: set.dataset,
          group: set.group,
          classIndex: c,
          settings: key,
          feedback: graded.map(({ e, result }) => ({ essay: e.sample.text, text: result.feedback, parts: result.feedbackParts, promptRuns, borrowedRuns })),
          predicted: graded.map(({ result }) => result.overallScore),
          human: graded.map(({ e }) => e.sample.score),
          span: range[1] - range[0],
        });
      }
    }
  }
  return runs;
}
