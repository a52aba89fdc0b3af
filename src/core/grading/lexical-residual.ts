import { findWords } from "./text.js";

/**
 * What the teacher's graded samples teach beyond an offset and a slope: the words of this one assignment that go with
 * higher or lower grades than the prior expects (the source's details a good answer names, the phrasing of weak ones).
 * A text is a bag of hashed character 3- to 5-grams of its words (so "detail", "details" and "detials" share most of
 * their grams), weighted 1 + log(count) and scaled to unit length. No IDF: nothing depends on the class.
 */
export interface LexicalVector {
  /** Hashed grams, ascending. */
  ids: Uint32Array;
  weights: Float32Array;
}

const minGram = 3;
const maxGram = 5;

export function lexicalVector(text: string): LexicalVector {
  let grams = new Uint32Array(256);
  let count = 0;
  for (const word of findWords(text)) {
    const padded = ` ${word.text.toLowerCase()} `;
    for (let start = 0; start + minGram <= padded.length; start++) {
      // FNV-1a over the gram's characters; a gram of n characters is the hash after its n-th character.
      let hash = 2166136261;
      for (let n = 1; n <= maxGram && start + n <= padded.length; n++) {
        hash = Math.imul(hash ^ padded.charCodeAt(start + n - 1), 16777619) >>> 0;
        if (n < minGram) continue;
        if (count === grams.length) {
          const grown = new Uint32Array(grams.length * 2);
          grown.set(grams);
          grams = grown;
        }
        grams[count++] = hash;
      }
    }
  }
  grams = grams.subarray(0, count).sort();
  const ids: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < count; ) {
    let j = i + 1;
    while (j < count && grams[j] === grams[i]) j++;
    ids.push(grams[i]!);
    weights.push(1 + Math.log(j - i));
    i = j;
  }
  const norm = Math.sqrt(weights.reduce((s, w) => s + w * w, 0)) || 1;
  return { ids: Uint32Array.from(ids), weights: Float32Array.from(weights, (w) => w / norm) };
}

/** Cosine similarity of two lexical vectors (both have unit length). */
export function lexicalSimilarity(a: LexicalVector, b: LexicalVector): number {
  let sum = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) sum += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

/** The grams of an assignment's samples, each with its row in the models' weights; shared by all its targets. */
export type LexicalVocabulary = Map<number, number>;

export function buildLexicalVocabulary(vectors: LexicalVector[]): LexicalVocabulary {
  const vocabulary: LexicalVocabulary = new Map();
  for (const v of vectors) for (const id of v.ids) if (!vocabulary.has(id)) vocabulary.set(id, vocabulary.size);
  return vocabulary;
}

/**
 * A correction of the calibrated prediction learned from the samples' residuals: kernel ridge regression on the
 * lexical vectors, kept as its primal weights (one number per gram of the samples) so a text costs one pass over its
 * grams. `shift` is the correction's mean over the class it grades, taken off so the class's level stays the
 * calibration's.
 */
export interface LexicalResidualModel {
  vocabulary: LexicalVocabulary;
  weights: Float64Array;
  lambda: number;
  shift: number;
}

/** A text's grams that the samples also use, found once per vocabulary however many targets read them. */
const projections = new WeakMap<LexicalVector, { vocabulary: LexicalVocabulary; rows: Int32Array; weights: Float32Array }>();

function project(v: LexicalVector, vocabulary: LexicalVocabulary) {
  const known = projections.get(v);
  if (known?.vocabulary === vocabulary) return known;
  const rows: number[] = [];
  const weights: number[] = [];
  for (let g = 0; g < v.ids.length; g++) {
    const row = vocabulary.get(v.ids[g]!);
    if (row === undefined) continue;
    rows.push(row);
    weights.push(v.weights[g]!);
  }
  const projection = { vocabulary, rows: Int32Array.from(rows), weights: Float32Array.from(weights) };
  projections.set(v, projection);
  return projection;
}

/** Fewer samples than this leave the prior and its calibration alone: two or three residuals teach nothing reliable. */
export const minLexicalSamples = 5;
const lambdas = [0.03, 0.1, 0.3, 1, 3, 10, 30];

/** Inverse of a symmetric positive-definite matrix (n*n, row-major); undefined when it is not. */
function invertSymmetric(a: Float64Array, n: number): Float64Array | undefined {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (sum <= 1e-12) return undefined;
        l[i * n + i] = Math.sqrt(sum);
      } else l[i * n + j] = sum / l[j * n + j]!;
    }
  }
  const li = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    li[i * n + i] = 1 / l[i * n + i]!;
    for (let j = 0; j < i; j++) {
      let sum = 0;
      for (let k = j; k < i; k++) sum -= l[i * n + k]! * li[k * n + j]!;
      li[i * n + j] = sum / l[i * n + i]!;
    }
  }
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = 0;
      for (let k = i; k < n; k++) sum += li[k * n + i]! * li[k * n + j]!;
      inv[i * n + j] = sum;
      inv[j * n + i] = sum;
    }
  }
  return inv;
}

/** An assignment's samples as the lexical models see them: their vectors, grams and similarities, computed once. */
export interface LexicalSamples {
  vectors: LexicalVector[];
  vocabulary: LexicalVocabulary;
  /** Cosine similarities between the samples (n*n, row-major). */
  gram: Float64Array;
}

export function buildLexicalSamples(vectors: LexicalVector[]): LexicalSamples {
  const n = vectors.length;
  const gram = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const s = lexicalSimilarity(vectors[i]!, vectors[j]!);
      gram[i * n + j] = s;
      gram[j * n + i] = s;
    }
  }
  return { vectors, vocabulary: buildLexicalVocabulary(vectors), gram };
}

/**
 * Fits the correction to the samples' residuals (teacher's score minus calibrated prediction, as fractions of the
 * scale). The penalty is chosen by exact leave-one-out error over the samples; when no penalty predicts a left-out
 * sample's residual better than zero does, there is no correction, so the learner only speaks once the samples show
 * it something (on ASAP it stays silent at k = 10 and below, and grows with k).
 */
export function fitLexicalResidual(
  samples: LexicalSamples,
  residuals: number[],
  /** Which samples the residuals belong to (a criterion may be scored on some samples only); all by default. */
  indices: number[] = samples.vectors.map((_, i) => i),
): LexicalResidualModel | undefined {
  const n = indices.length;
  if (n < minLexicalSamples || residuals.length !== n) return undefined;
  const all = samples.vectors.length;
  const gram = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) gram[i * n + j] = samples.gram[indices[i]! * all + indices[j]!]!;
  const { vocabulary } = samples;
  const vectors = indices.map((i) => samples.vectors[i]!);
  const zeroError = residuals.reduce((s, r) => s + r * r, 0) / n;
  let best: { alpha: Float64Array; lambda: number; error: number } | undefined;
  for (const lambda of lambdas) {
    const a = Float64Array.from(gram);
    for (let i = 0; i < n; i++) a[i * n + i]! += lambda;
    const inv = invertSymmetric(a, n);
    if (!inv) continue;
    const alpha = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += inv[i * n + j]! * residuals[j]!;
      alpha[i] = s;
    }
    // Leave-one-out residual of kernel ridge: alpha_i / (K + lambda I)^-1_ii.
    let error = 0;
    for (let i = 0; i < n; i++) error += (alpha[i]! / inv[i * n + i]!) ** 2;
    error /= n;
    if (!best || error < best.error) best = { alpha, lambda, error };
  }
  if (!best || best.error >= zeroError) return undefined;
  const weights = new Float64Array(vocabulary.size);
  vectors.forEach((v, i) => {
    const a = best.alpha[i]!;
    const p = project(v, vocabulary);
    for (let g = 0; g < p.rows.length; g++) weights[p.rows[g]!]! += a * p.weights[g]!;
  });
  return { vocabulary, weights, lambda: best.lambda, shift: 0 };
}

/** The correction for one text, before the class's shift is taken off. */
export function predictLexicalResidual(model: LexicalResidualModel, v: LexicalVector): number {
  const p = project(v, model.vocabulary);
  let sum = 0;
  for (let g = 0; g < p.rows.length; g++) sum += model.weights[p.rows[g]!]! * p.weights[g]!;
  return sum;
}

/** The model with its corrections centred on these texts (the class being graded, with the samples). */
export function centreLexicalResidual(model: LexicalResidualModel, vectors: LexicalVector[]): LexicalResidualModel {
  if (vectors.length === 0) return model;
  return { ...model, shift: vectors.reduce((s, v) => s + predictLexicalResidual(model, v), 0) / vectors.length };
}
