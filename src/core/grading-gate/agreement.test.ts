import { describe, expect, it } from "vitest";
import { agreementByReviewOrder, agreementStats } from "./agreement.js";

const pairs = (rows: [number, number][]) => rows.map(([engine, teacher]) => ({ engine, teacher }));

describe("agreementStats", () => {
  it("reports perfect agreement as all exact and QWK 1", () => {
    expect(agreementStats(pairs([[1, 1], [3, 3], [4, 4], [6, 6]]), [1, 6])).toEqual({ count: 4, exact: 1, adjacent: 1, qwk: 1 });
  });

  it("counts one point off as adjacent on scales up to 6", () => {
    const stats = agreementStats(pairs([[2, 2], [3, 4], [5, 4], [1, 4]]), [1, 6]);
    expect(stats).toMatchObject({ count: 4, exact: 0.25, adjacent: 0.75 });
  });

  it("uses 10% of the range as the tolerance on larger scales", () => {
    // Range 0-50: tolerance 5 points, so 5 off is adjacent and 6 off is not.
    const stats = agreementStats(pairs([[40, 40], [35, 40], [44, 50], [20, 30]]), [0, 50]);
    expect(stats).toMatchObject({ count: 4, exact: 0.25, adjacent: 0.5 });
  });

  it("computes QWK by hand on a small table", () => {
    // Scale 0-2. Observed: (0,0) (1,1) (2,1) (1,2). Weights (i-j)^2/4. Observed disagreement: 1/4 + 1/4 = 0.5.
    // Marginals engine [1,2,1] and teacher [1,2,1]; expected disagreement = sum of w * rowI * colJ / 4
    // = (0.5 + 0.5 + 1 + 1 + 0.5 + 0.5) / 4 = 1, so QWK = 1 - 0.5 / 1.
    const stats = agreementStats(pairs([[0, 0], [1, 1], [2, 1], [1, 2]]), [0, 2]);
    expect(stats.qwk).toBeCloseTo(0.5, 10);
  });

  it("gives negative QWK when the engine reverses the teacher's order", () => {
    expect(agreementStats(pairs([[1, 5], [2, 4], [4, 2], [5, 1]]), [1, 5]).qwk).toBeLessThan(0);
  });

  it("reports zeros when nothing was reviewed", () => {
    expect(agreementStats([], [0, 10])).toEqual({ count: 0, exact: 0, adjacent: 0, qwk: 0 });
  });

  it("rejects an empty or reversed range", () => {
    expect(() => agreementStats(pairs([[1, 1]]), [5, 5])).toThrow(RangeError);
  });
});

describe("agreementByReviewOrder", () => {
  it("counts agreement in runs of reviews in the order they were made, the last run as long as it is", () => {
    // Scale 1-6: tolerance one point. First 3: 1 exact, 2 within; next 3: 3 exact; last 1: off by 2.
    const reviews = pairs([[2, 2], [3, 4], [5, 2], [4, 4], [6, 6], [1, 1], [3, 5]]);
    expect(agreementByReviewOrder(reviews, [1, 6], 3)).toEqual([
      { from: 1, to: 3, count: 3, exact: 1, withinTolerance: 2 },
      { from: 4, to: 6, count: 3, exact: 3, withinTolerance: 3 },
      { from: 7, to: 7, count: 1, exact: 0, withinTolerance: 0 },
    ]);
  });

  it("uses the tolerance of the scale, and has no groups without reviews", () => {
    // 0-50: 5 points of tolerance.
    expect(agreementByReviewOrder(pairs([[40, 45], [40, 46]]), [0, 50])).toEqual([{ from: 1, to: 2, count: 2, exact: 0, withinTolerance: 1 }]);
    expect(agreementByReviewOrder([], [0, 50])).toEqual([]);
  });
});
