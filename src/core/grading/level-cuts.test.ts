import { describe, expect, it } from "vitest";
import { bottomCutFor, levelFraction } from "./level-cuts.js";

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const third = 1 / 3;
// A short-answer class on a 0-3 scale: grades centred near the bottom, a third of them below it.
const bottomHeavy = Array.from({ length: 60 }, (_, i) => -0.3 + (0.75 * i) / 59);

describe("levels at the bottom of the scale", () => {
  it("rounds to the nearest level when there is no cut", () => {
    expect(levelFraction(0.16, third)).toBe(0);
    expect(levelFraction(0.17, third)).toBeCloseTo(third, 10);
    expect(levelFraction(-0.4, third)).toBe(0);
    expect(levelFraction(1.3, third)).toBe(1);
  });

  it("gives back what the clamp at the bottom added to the class's mean", () => {
    const plain = mean(bottomHeavy.map((g) => levelFraction(g, third)));
    const unclamped = mean(bottomHeavy);
    expect(plain - unclamped).toBeGreaterThan(0.04);
    const cut = bottomCutFor(bottomHeavy, third);
    expect(cut).toBeGreaterThan(0);
    const kept = mean(bottomHeavy.map((g) => levelFraction(g, third, cut)));
    expect(Math.abs(kept - unclamped)).toBeLessThan(1 / 60 + 1e-9);
    // Only the boundary above the bottom level moved: no grade changed by more than one level.
    bottomHeavy.forEach((g) => expect(levelFraction(g, third) - levelFraction(g, third, cut)).toBeLessThanOrEqual(third + 1e-9));
  });

  it("leaves a class inside the scale alone, and never removes the level above the bottom", () => {
    expect(bottomCutFor([0.2, 0.5, 0.9], third)).toBe(0);
    const allBelow = Array.from({ length: 10 }, () => -1);
    expect(bottomCutFor([...allBelow, 0.4], third)).toBeLessThanOrEqual(0.9 * third);
    expect(levelFraction(0.48, third, 0.9 * third)).toBeCloseTo(third, 10);
  });
});
