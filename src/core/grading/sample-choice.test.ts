import { describe, expect, it } from "vitest";
import { chooseSamplesToGrade, orderByLearningValue, type SampleCandidate } from "./sample-choice.js";

/**
 * A class of `n` texts whose quality runs from 0 to 1: longer, richer texts predicted higher, with a second feature
 * that varies independently of quality (so the class has breadth beside its range), and a little jitter.
 */
function makeClass(n: number): SampleCandidate[] {
  return Array.from({ length: n }, (_, i) => {
    const quality = i / (n - 1);
    const breadth = ((i * 7) % 11) / 10;
    const jitter = (((i * 37) % 17) / 17 - 0.5) * 0.05;
    return { prediction: quality + jitter, features: [quality * 3, breadth, quality + breadth / 4], wordCount: Math.round(200 + 200 * quality) };
  });
}

const rankOf = (values: number[], value: number) => values.filter((v) => v < value).length / (values.length - 1);

describe("chooseSamplesToGrade", () => {
  it("covers the predicted range: texts from the low, middle and high end of the class", () => {
    const cls = makeClass(40);
    const chosen = chooseSamplesToGrade(cls, 5);
    expect(chosen).toHaveLength(5);
    const ranks = chosen.map((c) => rankOf(cls.map((t) => t.prediction), cls[c.index]!.prediction));
    expect(Math.min(...ranks)).toBeLessThan(0.25);
    expect(Math.max(...ranks)).toBeGreaterThan(0.75);
    expect(ranks.some((r) => r > 0.3 && r < 0.7)).toBe(true);
  });

  it("prefers typical texts to outliers: never a few lines, nor a text unlike the rest of the class", () => {
    const cls = makeClass(30);
    // Predicted lowest and highest, so a range-only choice would take them.
    const veryShort: SampleCandidate = { prediction: -0.5, features: [0, 0.5, 0.1], wordCount: 20 };
    const offTopic: SampleCandidate = { prediction: 1.5, features: [9, 6, 8], wordCount: 300 };
    const chosen = chooseSamplesToGrade([...cls, veryShort, offTopic], 6).map((c) => c.index);
    expect(chosen).not.toContain(30);
    expect(chosen).not.toContain(31);
  });

  it("is deterministic and never picks one text twice", () => {
    const cls = makeClass(25);
    const first = chooseSamplesToGrade(cls, 8);
    expect(chooseSamplesToGrade(cls, 8)).toEqual(first);
    expect(new Set(first.map((c) => c.index)).size).toBe(8);
  });

  it("asks for no more texts than the class has, short texts included when nothing else is left", () => {
    const cls = makeClass(3).map((t, i) => (i === 0 ? { ...t, wordCount: 10 } : t));
    expect(chooseSamplesToGrade(cls, 5).map((c) => c.index)).toEqual([0, 1, 2]);
    expect(chooseSamplesToGrade([], 3)).toEqual([]);
  });

  it("looks away from what is graded already: with the low end graded, the choice moves up the range", () => {
    const cls = makeClass(40);
    const graded = cls.slice(0, 12);
    const withGraded = chooseSamplesToGrade(cls, 3, { graded }).map((c) => cls[c.index]!.prediction);
    const without = chooseSamplesToGrade(cls, 3).map((c) => cls[c.index]!.prediction);
    expect(Math.min(...withGraded)).toBeGreaterThan(Math.min(...without));
    expect(Math.min(...withGraded)).toBeGreaterThan(0.3);
  });

  it("says why each text was chosen", () => {
    const cls = makeClass(40);
    const chosen = chooseSamplesToGrade(cls, 5);
    const lowest = chosen.reduce((a, b) => (cls[a.index]!.prediction < cls[b.index]!.prediction ? a : b));
    const highest = chosen.reduce((a, b) => (cls[a.index]!.prediction > cls[b.index]!.prediction ? a : b));
    expect(lowest.reason).toBe("lowest");
    expect(highest.reason).toBe("highest");
    expect(chosen.some((c) => c.reason === "typical" || c.reason === "longest" || c.reason === "shortest")).toBe(true);
  });
});

describe("orderByLearningValue", () => {
  it("puts an unsure grade of a text unlike the graded ones before a sure grade of a text like them", () => {
    const cls = makeClass(30);
    const graded = cls.slice(0, 10);
    const uncertainty = cls.map(() => 0.2);
    uncertainty[25] = 0.9;
    const order = orderByLearningValue(cls, uncertainty, { graded });
    expect(order[0]).toBe(25);
    expect(order.indexOf(25)).toBeLessThan(order.indexOf(2));
    expect([...order].sort((a, b) => a - b)).toEqual(cls.map((_, i) => i));
  });

  it("spreads out: the second text is not the first one's neighbour when both are equally unsure", () => {
    const cls = makeClass(30);
    const order = orderByLearningValue(cls, cls.map(() => 0.5));
    expect(Math.abs(cls[order[0]!]!.prediction - cls[order[1]!]!.prediction)).toBeGreaterThan(0.3);
    expect(orderByLearningValue(cls, cls.map(() => 0.5))).toEqual(order);
  });
});
