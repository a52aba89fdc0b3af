import { describe, expect, it } from "vitest";
import { previewSample, summarizeCalibrationFit } from "./calibration-fit.js";
import { gradeText } from "./grade.js";
import { fakeSpellChecker, makeInput, strongEssay, weakEssay } from "./test-fixtures.js";

const options = { spellChecker: fakeSpellChecker() };
const samples = [
  { id: "a", text: weakEssay, score: 3 },
  { id: "b", text: strongEssay, score: 11 },
  { id: "c", text: "Computers are useful for homework and for talking to family. But people should not use them all day.", score: 6 },
];

describe("calibration preview and fit", () => {
  it("grades a sample with the engine calibrated on the other samples only", () => {
    const input = makeInput({}, { samples });
    const preview = previewSample(input, 1, options);
    const withoutIt = gradeText(makeInput({}, { samples: [samples[0]!, samples[2]!] }), strongEssay, options);
    expect(preview).toEqual(withoutIt);
    expect(preview.calibration.sampleCount).toBe(2);
  });

  it("a sample never grades itself: changing its own score does not change its preview", () => {
    const a = previewSample(makeInput({}, { samples }), 2, options);
    const b = previewSample(makeInput({}, { samples: samples.map((s) => (s.id === "c" ? { ...s, score: 12 } : s)) }), 2, options);
    expect(a.overallScore).toBe(b.overallScore);
  });

  it("summarises the fit leave-one-out with per-sample differences", () => {
    const summary = summarizeCalibrationFit(makeInput({}, { samples }), options);
    expect(summary.method).toBe("leave-one-out");
    expect(summary.sampleCount).toBe(3);
    expect(summary.samples.map((s) => s.sampleId)).toEqual(["a", "b", "c"]);
    for (const s of summary.samples) expect(s.difference).toBe(s.engineScore - s.teacherScore);
    expect(summary.meanAbsoluteError).toBeCloseTo(summary.samples.reduce((t, s) => t + Math.abs(s.difference), 0) / 3, 3);
    expect(summary.withinTolerance).toBeGreaterThanOrEqual(0);
    expect(summary.withinTolerance).toBeLessThanOrEqual(1);
  });

  it("compares a points sample with the teacher's overall score when its criteria were not scored, their sum when all were", () => {
    const points = { gradingApproach: "points" as const };
    const bare = summarizeCalibrationFit(makeInput(points, { samples: [{ id: "a", text: strongEssay, score: 20, criteriaScores: {} }] }), options);
    expect(bare.samples[0]!.teacherScore).toBe(20);
    const scored = { ideas: 5, organization: 4, "word-choice": 5, conventions: 6 };
    const full = summarizeCalibrationFit(makeInput(points, { samples: [{ id: "a", text: strongEssay, score: 18, criteriaScores: scored }] }), options);
    expect(full.samples[0]!.teacherScore).toBe(20);
    // The grader calibrates on the same score: empty criterion scores are no scores, not zeros.
    const withEmpty = gradeText(makeInput(points, { samples: [{ id: "a", text: strongEssay, score: 20, criteriaScores: {} }] }), weakEssay, options);
    const without = gradeText(makeInput(points, { samples: [{ id: "a", text: strongEssay, score: 20 }] }), weakEssay, options);
    expect(withEmpty.overallScore).toBe(without.overallScore);
  });

  it("uses the prior alone for a single sample and reports nothing without samples", () => {
    expect(summarizeCalibrationFit(makeInput({}, { samples: [samples[0]!] }), options).method).toBe("prior-only");
    expect(summarizeCalibrationFit(makeInput(), options)).toMatchObject({ method: "none", meanAbsoluteError: null });
  });

  it("refuses to preview a sample that does not exist", () => {
    expect(() => previewSample(makeInput({}, { samples }), 5, options)).toThrow(/no sample number 6/);
  });
});
