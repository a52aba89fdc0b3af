import { describe, expect, it } from "vitest";
import { fitTargetCalibration, applyCalibration } from "./calibration.js";
import { fitPrior, type PriorTrainingRow } from "./prior-fit.js";
import { predictRaw, targetFor } from "./prior.js";

function synthetic(groups: number, perGroup: number): PriorTrainingRow[] {
  const rows: PriorTrainingRow[] = [];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let g = 0; g < groups; g++) {
    const shift = (g % 3) * 0.05;
    for (let i = 0; i < perGroup; i++) {
      const x1 = random();
      const x2 = random();
      const y = 0.2 + 0.5 * x1 + shift + 0.05 * (random() - 0.5);
      rows.push({ features: Float64Array.from([x1, x2]), group: `g${g}`, targets: { overall: [y] }, levels: { overall: 5 } });
    }
  }
  return rows;
}

describe("fitting the prior", () => {
  const prior = fitPrior(synthetic(6, 60), { featureNames: ["useful", "noise"] });
  const target = targetFor(prior, "overall");

  it("learns which feature matters", () => {
    expect(Math.abs(target.weights[0]!)).toBeGreaterThan(10 * Math.abs(target.weights[1]!));
  });

  it("estimates how far groups sit from each other and the residual spread", () => {
    expect(target.offsetSd).toBeGreaterThan(0.01);
    expect(target.residualSd).toBeLessThan(0.05);
  });

  it("calibration moves the offset towards the samples, more with more samples", () => {
    const raw = predictRaw(prior, target, Float64Array.from([0.5, 0.5]));
    const none = fitTargetCalibration(target, [], "scale-offset", 5);
    const two = fitTargetCalibration(target, [{ raw, actual: raw + 0.3 }, { raw, actual: raw + 0.3 }], "scale-offset", 5);
    const ten = fitTargetCalibration(target, Array.from({ length: 10 }, () => ({ raw, actual: raw + 0.3 })), "scale-offset", 5);
    const p0 = applyCalibration(none, raw).value;
    const p2 = applyCalibration(two, raw).value;
    const p10 = applyCalibration(ten, raw).value;
    expect(p2).toBeGreaterThan(p0);
    expect(p10).toBeGreaterThan(p2);
    expect(applyCalibration(ten, raw).sd).toBeLessThan(applyCalibration(none, raw).sd);
  });

  it("follows a teacher far from the prior instead of overruling them (empirical Bayes)", () => {
    const raw = predictRaw(prior, target, Float64Array.from([0.5, 0.5]));
    const far = 6 * target.offsetSd;
    const cal = fitTargetCalibration(target, [{ raw, actual: raw + far }, { raw, actual: raw + far }], "offset", 5);
    const moved = applyCalibration(cal, raw).value - applyCalibration(fitTargetCalibration(target, [], "offset", 5), raw).value;
    expect(moved).toBeGreaterThan(0.6 * far);
  });
});
