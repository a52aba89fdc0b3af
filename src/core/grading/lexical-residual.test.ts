import { describe, expect, it } from "vitest";
import { estimateScores, prepareAssignment, prepareForClass, analyzeForAssignment } from "./grade.js";
import { buildLexicalSamples, fitLexicalResidual, lexicalSimilarity, lexicalVector, minLexicalSamples, predictLexicalResidual } from "./lexical-residual.js";
import { fakeSpellChecker, makeInput } from "./test-fixtures.js";
import type { GradingSample } from "./types.js";

describe("lexical vectors", () => {
  it("have unit length and are the same for the same text", () => {
    const v = lexicalVector("The seeds need a cold winter before they sprout.");
    expect(lexicalSimilarity(v, v)).toBeCloseTo(1, 6);
    expect(lexicalVector("The seeds need a cold winter before they sprout.")).toEqual(v);
    expect(lexicalVector("").ids.length).toBe(0);
  });

  it("find a misspelled or inflected word closer than an unrelated one", () => {
    const details = lexicalVector("details");
    expect(lexicalSimilarity(details, lexicalVector("detials"))).toBeGreaterThan(lexicalSimilarity(details, lexicalVector("weather")));
    expect(lexicalSimilarity(details, lexicalVector("detail"))).toBeGreaterThan(0.5);
  });
});

describe("the lexical residual model", () => {
  const texts = ["alpha beta", "gamma delta", "epsilon zeta", "eta theta", "iota kappa", "lambda mu", "nu xi", "omicron pi"].map(lexicalVector);

  it(`needs at least ${minLexicalSamples} samples`, () => {
    expect(fitLexicalResidual(buildLexicalSamples(texts.slice(0, minLexicalSamples - 1)), [0.2, -0.2, 0.2, -0.2])).toBeUndefined();
  });

  it("stays silent when the samples leave nothing to explain", () => {
    expect(fitLexicalResidual(buildLexicalSamples(texts), texts.map(() => 0))).toBeUndefined();
  });

  it("stays silent when the residuals have nothing to do with the words", () => {
    // Every text shares no gram with any other: a left-out text is predicted as 0, no better than zero itself.
    expect(fitLexicalResidual(buildLexicalSamples(texts), [0.2, -0.1, 0.15, -0.2, 0.1, -0.15, 0.05, -0.05])).toBeUndefined();
  });

  it("learns a word that goes with higher residuals", () => {
    const vectors = Array.from({ length: 12 }, (_, i) => lexicalVector(`${i % 2 ? "glacier" : "puddle"} essay number ${"x".repeat(i + 1)}`));
    const model = fitLexicalResidual(buildLexicalSamples(vectors), vectors.map((_, i) => (i % 2 ? 0.1 : -0.1)));
    expect(model).toBeDefined();
    expect(predictLexicalResidual(model!, lexicalVector("glacier essay"))).toBeGreaterThan(predictLexicalResidual(model!, lexicalVector("puddle essay")));
  });
});

/**
 * A synthetic assignment where one detail from the source decides the teacher's grade: essays that say the seeds need
 * a cold winter get 10 of 12, the others 6, and nothing else tells them apart (same sentences, same length).
 */
const fillers = [
  "The article explains how farmers in the valley plant their crops each spring.",
  "Many families depend on the harvest to pay for food and school.",
  "The writer describes the long rows of trees along the river.",
  "Some of the farmers learned their methods from their grandparents.",
  "The weather in the valley can change quickly during the year.",
  "Young workers come from nearby towns to help during the busy season.",
  "The farmers share their tools and meet every week at the market.",
  "The story ends with the whole village celebrating a good year.",
];
const cue = "The author says the seeds need a cold winter before they sprout.";
const other = "The author says the seeds need a lot of water before they grow.";
function essay(i: number, hasCue: boolean): string {
  const picked = [0, 1, 2, 3, 4].map((j) => fillers[(i + j * 3) % fillers.length]!);
  picked.splice(i % 4, 0, hasCue ? cue : other);
  return picked.join(" ");
}
const sample = (i: number): GradingSample => ({ id: `s${i}`, text: essay(i, i % 2 === 0), score: i % 2 === 0 ? 10 : 6 });

describe("grading with the samples' words", () => {
  const options = { spellChecker: fakeSpellChecker() };
  const heldOut = Array.from({ length: 16 }, (_, i) => ({ text: essay(100 + i, i % 2 === 0), teacher: i % 2 === 0 ? 10 : 6 }));
  const gradesWith = (k: number) => {
    const base = prepareAssignment(makeInput({}, { samples: Array.from({ length: k }, (_, i) => sample(i)) }), options);
    const analyses = heldOut.map((e) => analyzeForAssignment(base, e.text));
    const prepared = prepareForClass(base, analyses);
    return { prepared, grades: analyses.map((a) => estimateScores(prepared, a).overallScore) };
  };
  const gap = (grades: number[]) => {
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return mean(grades.filter((_, i) => heldOut[i]!.teacher === 10)) - mean(grades.filter((_, i) => heldOut[i]!.teacher === 6));
  };

  it("changes nothing with two samples: offset and slope alone", () => {
    const { prepared } = gradesWith(2);
    expect(prepared.overall.lexical).toBeUndefined();
    expect(prepared.criteria.every((c) => c.calibration.lexical === undefined)).toBe(true);
  });

  it("picks up the detail that decides the grade as the teacher grades more samples", () => {
    const few = gradesWith(2);
    const many = gradesWith(20);
    expect(many.prepared.overall.lexical).toBeDefined();
    expect(gap(few.grades)).toBeLessThan(1);
    expect(gap(many.grades)).toBeGreaterThanOrEqual(2);
  });

  it("keeps the class's mean grade where the calibration put it", () => {
    const { prepared, grades } = gradesWith(20);
    const without = { ...prepared, overall: { ...prepared.overall, lexical: undefined } };
    const analyses = heldOut.map((e) => analyzeForAssignment(prepared, e.text));
    const plain = analyses.map((a) => estimateScores(without, a).overallScore);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean(grades) - mean(plain))).toBeLessThanOrEqual(1);
  });
});
