import { describe, expect, it } from "vitest";
import { confidenceFor, normalCdf, toleranceFor } from "./confidence.js";

describe("confidence", () => {
  it("uses one point of tolerance up to 6-point scales and 10% of the range above", () => {
    expect(toleranceFor([0, 3])).toBe(1);
    expect(toleranceFor([1, 6])).toBe(1);
    expect(toleranceFor([0, 24])).toBeCloseTo(2.4);
    expect(toleranceFor([0, 100])).toBe(10);
  });

  it("stays within 1..99 and falls as the spread grows", () => {
    const at = (sd: number) => confidenceFor({ grade: 6, mean: 6, sd, range: [2, 12], step: 1 });
    expect(at(0.01)).toBe(99);
    expect(at(100)).toBeGreaterThanOrEqual(1);
    expect(at(0.5)).toBeGreaterThan(at(1.5));
    expect(at(1.5)).toBeGreaterThan(at(4));
  });

  it("is higher at the ends of the scale, where a teacher cannot go further", () => {
    const edge = confidenceFor({ grade: 12, mean: 12, sd: 2, range: [2, 12], step: 1 });
    const middle = confidenceFor({ grade: 7, mean: 7, sd: 2, range: [2, 12], step: 1 });
    expect(edge).toBeGreaterThan(middle);
  });

  it("computes the normal distribution function", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    expect(normalCdf(-Infinity)).toBe(0);
  });
});
