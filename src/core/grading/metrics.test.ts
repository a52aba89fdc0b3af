import { describe, expect, it } from "vitest";
import { meanAbsoluteError, quadraticWeightedKappa, shareWithin } from "./metrics.js";

describe("agreement metrics", () => {
  it("gives QWK 1 for identical scores and less for disagreement, more for near misses than far ones", () => {
    const human = [0, 1, 2, 3, 1, 2];
    expect(quadraticWeightedKappa(human, human, 0, 3)).toBeCloseTo(1, 9);
    const near = quadraticWeightedKappa(human, [1, 1, 2, 3, 1, 2], 0, 3);
    const far = quadraticWeightedKappa(human, [3, 1, 2, 3, 1, 2], 0, 3);
    expect(near).toBeLessThan(1);
    expect(far).toBeLessThan(near);
  });

  it("equals the textbook form over the n x n grid of weights, out-of-range scores clamped as before", () => {
    // The definition itself, as an oracle: observed and expected disagreement weighted by (i - j)^2 over every cell.
    const gridKappa = (a: number[], b: number[], n: number) => {
      let num = 0;
      let den = 0;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const observed = a.filter((x, k) => x === i && b[k] === j).length;
          const expected = (a.filter((x) => x === i).length * b.filter((y) => y === j).length) / a.length;
          num += (i - j) ** 2 * observed;
          den += (i - j) ** 2 * expected;
        }
      }
      return 1 - num / den;
    };
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 20; round++) {
      const teacher = Array.from({ length: 25 }, () => Math.floor(next() * 7));
      const engine = teacher.map((t) => Math.min(6, Math.max(0, t + Math.round((next() - 0.5) * 4))));
      expect(quadraticWeightedKappa(engine, teacher, 0, 6)).toBeCloseTo(gridKappa(engine, teacher, 7), 12);
    }
    expect(quadraticWeightedKappa([-2, 1, 9], [0, 1, 6], 0, 6)).toBeCloseTo(gridKappa([0, 1, 6], [0, 1, 6], 7), 12);
  });

  it("reads a rubric of 30,000 points as its shape, the same agreement as on 30 points", () => {
    const teacher = [3, 10, 17, 22, 28, 30, 5, 12];
    const engine = [4, 9, 18, 20, 27, 29, 7, 12];
    const thousandfold = (scores: number[]) => scores.map((s) => s * 1000);
    expect(quadraticWeightedKappa(thousandfold(engine), thousandfold(teacher), 0, 30_000)).toBeCloseTo(quadraticWeightedKappa(engine, teacher, 0, 30), 12);
  });

  it("handles half-point scales", () => {
    expect(quadraticWeightedKappa([1, 1.5, 2], [1, 1.5, 2], 1, 5, 0.5)).toBeCloseTo(1, 9);
  });

  it("computes mean absolute error and share within a tolerance", () => {
    expect(meanAbsoluteError([1, 2, 3], [2, 2, 5])).toBeCloseTo(1, 9);
    expect(shareWithin([1, 2, 3], [2, 2, 5], 1)).toBeCloseTo(2 / 3, 9);
  });
});
