import { describe, expect, it } from "vitest";
import { takeWeight, weightCell, weightOnly } from "./weights.js";

describe("weights", () => {
  it.each([
    ["Thesis x2", "Thesis", 2],
    ["Thesis (x2)", "Thesis", 2],
    ["Evidence ×3", "Evidence", 3],
    ["Evidence [×3]", "Evidence", 3],
    ["Style 2x", "Style", 2],
    ["Organization (Weighting 2)", "Organization", 2],
    ["Analysis weighted x1.5", "Analysis", 1.5],
    ["Argument counts double", "Argument", 2],
  ])("takes the multiplier out of %s", (text, rest, factor) => {
    const { rest: name, weight } = takeWeight(text);
    expect(name).toBe(rest);
    expect(weight?.factor).toBe(factor);
  });

  it.each(["Design a 2 x 2 grid", "Box 2", "Tax 2023", "Max 10", "Exemplary (4)"])("finds no weight in %s", (text) => {
    expect(takeWeight(text)).toEqual({ rest: text, weight: undefined });
  });

  it("keeps a weight whose meaning is unclear, without a multiplier", () => {
    expect(weightOnly("Weight: 25%")).toEqual({ text: "Weight: 25%", factor: undefined });
    expect(weightOnly("Weighting 0.25")).toEqual({ text: "Weighting 0.25", factor: undefined });
    expect(weightOnly("Thesis x2")).toBeUndefined();
  });

  it.each([
    ["x2", 2],
    ["2", 2],
    ["1.5", 1.5],
    ["×3", 3],
    ["25%", undefined],
    ["0.5", undefined],
    ["30", undefined],
  ])("reads a Weight column's cell %s", (cell, factor) => {
    expect(weightCell(cell)?.factor).toBe(factor);
  });
});
