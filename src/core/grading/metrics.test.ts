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

  it("handles half-point scales", () => {
    expect(quadraticWeightedKappa([1, 1.5, 2], [1, 1.5, 2], 1, 5, 0.5)).toBeCloseTo(1, 9);
  });

  it("computes mean absolute error and share within a tolerance", () => {
    expect(meanAbsoluteError([1, 2, 3], [2, 2, 5])).toBeCloseTo(1, 9);
    expect(shareWithin([1, 2, 3], [2, 2, 5], 1)).toBeCloseTo(2 / 3, 9);
  });
});
