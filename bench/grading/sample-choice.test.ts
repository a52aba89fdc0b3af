import { describe, expect, it } from "vitest";
import { chooseSamplesToGrade } from "./sample-choice.js";

describe("chooseSamplesToGrade", () => {
  it("covers the predicted range: one essay from each slice, lowest to highest", () => {
    const predictions = [0.5, 0.1, 0.9, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6, 0.0];
    const chosen = chooseSamplesToGrade(predictions, 5);
    expect(chosen).toHaveLength(5);
    expect(chosen.map((index) => predictions[index]).sort()).toEqual([0.1, 0.3, 0.5, 0.7, 0.9]);
  });

  it("never picks one essay twice, and asks for no more than the class has", () => {
    expect(chooseSamplesToGrade([0.2, 0.4], 5)).toEqual([0, 1]);
    expect(new Set(chooseSamplesToGrade([0.3, 0.3, 0.3, 0.3], 3)).size).toBe(3);
    expect(chooseSamplesToGrade([], 3)).toEqual([]);
  });

  it("lets the caller choose within a slice, and stays inside it", () => {
    const predictions = Array.from({ length: 20 }, (_, i) => i / 20);
    expect(chooseSamplesToGrade(predictions, 4, () => 0)).toEqual([0, 5, 10, 15]);
    expect(chooseSamplesToGrade(predictions, 4, () => 99)).toEqual([4, 9, 14, 19]);
  });
});
