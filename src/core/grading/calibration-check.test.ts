import { describe, expect, it } from "vitest";
import { checkCalibrationFit } from "./calibration-check.js";
import type { CalibrationFitSummary } from "./calibration-fit.js";

function fit(pairs: Array<[number, number]>, method: CalibrationFitSummary["method"] = "leave-one-out"): CalibrationFitSummary {
  return {
    method,
    sampleCount: pairs.length,
    meanAbsoluteError: null,
    exactAgreement: null,
    withinTolerance: null,
    tolerance: 5,
    samples: pairs.map(([teacherScore, engineScore], sampleIndex) => ({ sampleIndex, sampleId: `s${sampleIndex}`, teacherScore, engineScore, difference: engineScore - teacherScore })),
  };
}

describe("checking a calibration against the teacher's own samples", () => {
  it("names a sample graded 40 that the calibration predicts at 3", () => {
    const check = checkCalibrationFit(fit([[40, 3], [30, 33], [20, 24]]), 50);
    expect(check.disagreeing.map((sample) => sample.sampleId)).toEqual(["s0"]);
    expect(check.limit).toBe(10);
  });

  it("puts the worst disagreement first", () => {
    const check = checkCalibrationFit(fit([[10, 25], [45, 5], [30, 31]]), 50);
    expect(check.disagreeing.map((sample) => sample.sampleId)).toEqual(["s1", "s0"]);
  });

  it("trusts samples within a fifth of the scale", () => {
    expect(checkCalibrationFit(fit([[40, 31], [30, 39]]), 50).disagreeing).toEqual([]);
  });

  it("has nothing to check with one sample or none", () => {
    expect(checkCalibrationFit(fit([[40, 3]], "prior-only"), 50).disagreeing).toEqual([]);
    expect(checkCalibrationFit(null, 50).disagreeing).toEqual([]);
  });
});
