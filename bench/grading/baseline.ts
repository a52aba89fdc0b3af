import { findSentences, findWords } from "../../src/core/grading/text.js";

/** The naive comparison model: eight surface features (length, vocabulary, sentence length), nothing else. */
export const baselineFeatureNames = [
  "chars",
  "words",
  "logWords",
  "distinctWords",
  "typeTokenRatio",
  "meanWordLength",
  "longWordShare",
  "meanSentenceLength",
] as const;

export function baselineFeatures(text: string): Float64Array {
  const words = findWords(text);
  const n = Math.max(1, words.length);
  const distinct = new Set(words.map((w) => w.text.toLowerCase())).size;
  const letters = words.reduce((s, w) => s + w.text.length, 0);
  const sentences = Math.max(1, findSentences(text).length);
  return Float64Array.from([
    text.length / 1000,
    words.length / 100,
    Math.log1p(words.length),
    distinct / 100,
    distinct / n,
    letters / n,
    words.filter((w) => w.text.length >= 7).length / n,
    Math.min(60, words.length / sentences),
  ]);
}

/** Shifts raw predictions by the samples' mean residual: the simplest use of the teacher's samples. */
export function shiftToSamples(raw: number[], actual: number[]): (r: number) => number {
  const shift = actual.reduce((s, y, i) => s + y - raw[i]!, 0) / actual.length;
  return (r) => r + shift;
}

/** Scales raw predictions to the samples by least squares (offset only when the samples cannot fix a slope). */
export function scaleToSamples(raw: number[], actual: number[]): (r: number) => number {
  const k = raw.length;
  const rm = raw.reduce((a, b) => a + b, 0) / k;
  const ym = actual.reduce((a, b) => a + b, 0) / k;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < k; i++) {
    sxy += (raw[i]! - rm) * (actual[i]! - ym);
    sxx += (raw[i]! - rm) ** 2;
  }
  const slope = sxx > 1e-9 ? Math.min(3, Math.max(0, sxy / sxx)) : 1;
  return (r) => ym + slope * (r - rm);
}
