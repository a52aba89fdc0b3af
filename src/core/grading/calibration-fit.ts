import { toleranceFor } from "./confidence.js";
import { gradeWithAssignment, prepareAssignment, teacherOverallScore, type GradingEngineOptions } from "./grade.js";
import type { GradingInput, GradingResult } from "./types.js";

export interface CalibrationFitSample {
  sampleId?: string;
  sampleIndex: number;
  teacherScore: number;
  engineScore: number;
  difference: number;
}

/** How well the engine reproduces the teacher's own graded samples; stored on the assignment and teacher profile. */
export interface CalibrationFitSummary {
  /** leave-one-out: each sample graded with the engine calibrated on the others only; prior-only: fewer than 2 samples. */
  method: "leave-one-out" | "prior-only" | "none";
  sampleCount: number;
  meanAbsoluteError: number | null;
  exactAgreement: number | null;
  withinTolerance: number | null;
  tolerance: number;
  samples: CalibrationFitSample[];
}

/** Grades the sample at `sampleIndex` with the engine calibrated on every other sample: a sample never grades itself. */
export function previewSample(input: GradingInput, sampleIndex: number, options: GradingEngineOptions): GradingResult {
  const sample = input.samples[sampleIndex];
  if (!sample) throw new Error(`There is no sample number ${sampleIndex + 1} to preview.`);
  const others = input.samples.filter((_, i) => i !== sampleIndex);
  return gradeWithAssignment(prepareAssignment({ ...input, samples: others }, options), sample.text);
}

export function summarizeCalibrationFit(input: GradingInput, options: GradingEngineOptions): CalibrationFitSummary {
  const n = input.samples.length;
  const probe = prepareAssignment({ ...input, samples: [] }, options);
  const tolerance = toleranceFor(probe.scoreRange);
  if (n === 0) {
    return { method: "none", sampleCount: 0, meanAbsoluteError: null, exactAgreement: null, withinTolerance: null, tolerance, samples: [] };
  }
  const samples = input.samples.map((sample, sampleIndex): CalibrationFitSample => {
    const result =
      n >= 2 ? previewSample(input, sampleIndex, options) : gradeWithAssignment(probe, sample.text);
    const teacherScore = teacherOverallScore(input, sample);
    return {
      ...(sample.id !== undefined ? { sampleId: sample.id } : {}),
      sampleIndex,
      teacherScore,
      engineScore: result.overallScore,
      difference: result.overallScore - teacherScore,
    };
  });
  const diffs = samples.map((s) => Math.abs(s.difference));
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    method: n >= 2 ? "leave-one-out" : "prior-only",
    sampleCount: n,
    meanAbsoluteError: round(diffs.reduce((a, b) => a + b, 0) / n),
    exactAgreement: round(diffs.filter((d) => d < 1e-9).length / n),
    withinTolerance: round(diffs.filter((d) => d <= tolerance + 1e-9).length / n),
    tolerance,
    samples,
  };
}
