import { describe, expect, it } from "vitest";
import { applyCalibration, centreOnClass, fitTargetCalibration } from "./calibration.js";
import type { PriorTargetModel } from "./prior.js";

const model: PriorTargetModel = {
  intercept: 0,
  weights: [],
  slope: 1,
  slopeSd: 0.2,
  offsetMean: 0,
  offsetSd: 0.05,
  residualSd: 0.12,
  correlation: 0.7,
  rawMean: 0.5,
  rawMeanWeight: 4,
};

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
// A class that writes better than the training sets: raw predictions centred on 0.7, not 0.5.
const classRaws = Array.from({ length: 30 }, (_, i) => 0.55 + (0.3 * i) / 29);

describe("calibration to the teacher's level", () => {
  it("keeps the class's mean grade on the calibrated mean when grades are spread around the class's centre", () => {
    const cal = centreOnClass(fitTargetCalibration(model, [{ raw: 0.6, actual: 0.62 }, { raw: 0.8, actual: 0.85 }], "scale-offset", 11), classRaws);
    const predictions = classRaws.map((raw) => applyCalibration(cal, raw));
    expect(cal.spread).toBeGreaterThan(1);
    expect(mean(predictions.map((p) => p.grade))).toBeCloseTo(mean(predictions.map((p) => p.value)), 10);
  });

  it("moves the class's mean grade when the spread is centred elsewhere, which is why grades are centred on the class", () => {
    const cal = fitTargetCalibration(model, [{ raw: 0.6, actual: 0.62 }, { raw: 0.8, actual: 0.85 }], "scale-offset", 11);
    const predictions = classRaws.map((raw) => applyCalibration(cal, raw));
    expect(Math.abs(mean(predictions.map((p) => p.grade)) - mean(predictions.map((p) => p.value)))).toBeGreaterThan(0.01);
  });

  it("follows two samples that sit far above the prior's level instead of pulling the class back to it", () => {
    const samples = [{ raw: 0.5, actual: 0.75 }, { raw: 0.6, actual: 0.85 }];
    const cal = fitTargetCalibration(model, samples, "scale-offset", 11);
    const atSamples = mean(samples.map((s) => applyCalibration(cal, s.raw).value));
    expect(atSamples).toBeGreaterThan(0.75);
  });

  it("leaves a calibration alone when there is no class to centre on", () => {
    const cal = fitTargetCalibration(model, [{ raw: 0.6, actual: 0.62 }], "scale-offset", 11);
    expect(centreOnClass(cal, [])).toBe(cal);
  });
});
