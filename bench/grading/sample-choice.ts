import { chooseSamplesToGrade, type SampleCandidate } from "../../src/core/grading/sample-choice.js";
import type { TextAnalysis } from "../../src/core/grading/index.js";
import { drawIndices } from "./random.js";

/** What a way of choosing samples sees in one draw: the set's essays, the prior's predictions, a seeded random. */
export interface ChoiceDraw {
  analyses: TextAnalysis[];
  predictions: number[];
  k: number;
  random: () => number;
  /** The app chooses among one class's essays; 0 chooses among the whole set. */
  classSize: number;
}

export type BenchChooser = (draw: ChoiceDraw) => number[];

/** About one class set: the figures of the decision record (011, Choosing samples) were measured with it. */
export const defaultClassSize = 30;

/** A class as a teacher uploads it, drawn at random from the set: the app proposes samples among these only. */
function drawClass(draw: ChoiceDraw): number[] {
  const count = draw.analyses.length;
  return draw.classSize > 0 && draw.classSize < count ? drawIndices(count, draw.classSize, draw.random) : draw.analyses.map((_, i) => i);
}

const candidatesOf = (draw: ChoiceDraw, indices: number[]): SampleCandidate[] =>
  indices.map((i) => ({ prediction: draw.predictions[i]!, features: draw.analyses[i]!.features, wordCount: draw.analyses[i]!.wordCount }));

/**
 * The first candidate, kept to compare against: one essay from each of k equal slices of the class ordered by
 * prediction (its middle). No better than random on ASAP (chosen among the whole set: k=5 0.714 against 0.718,
 * k=10 0.722 against 0.723).
 */
export function chooseAcrossPredictions(predictions: number[], k: number): number[] {
  const order = predictions.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value || a.index - b.index);
  const count = Math.min(k, order.length);
  const chosen: number[] = [];
  for (let slice = 0; slice < count; slice++) {
    const from = Math.floor((slice * order.length) / count);
    const to = Math.floor(((slice + 1) * order.length) / count);
    chosen.push(order[from + Math.floor((to - from - 1) / 2)]!.index);
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * random: the teacher grades any k essays (the draws every earlier figure used); chosen: the k the app proposes
 * (chooseSamplesToGrade) among a class drawn from the set; range: the first candidate on the same class.
 */
export const benchChoosers: Record<"random" | "chosen" | "range", BenchChooser> = {
  random: (draw) => drawIndices(draw.analyses.length, draw.k, draw.random),
  chosen: (draw) => {
    const inClass = drawClass(draw);
    return chooseSamplesToGrade(candidatesOf(draw, inClass), draw.k).map((chosen) => inClass[chosen.index]!);
  },
  range: (draw) => {
    const inClass = drawClass(draw);
    return chooseAcrossPredictions(inClass.map((i) => draw.predictions[i]!), draw.k).map((i) => inClass[i]!);
  },
};

export type SampleChoice = keyof typeof benchChoosers;
export const isSampleChoice = (value: string): value is SampleChoice => value in benchChoosers;
