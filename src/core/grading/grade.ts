import { buildAssignmentContext, type AssignmentContext } from "./assignment-context.js";
import {
  applyCalibration,
  centreOnClass,
  fitTargetCalibration,
  lexicalCorrection,
  priorLevelledOn,
  type CalibrationMethod,
  type CalibrationPoint,
  type TargetCalibration,
} from "./calibration.js";
import { buildLexicalSamples, centreLexicalResidual, fitLexicalResidual, minLexicalSamples } from "./lexical-residual.js";
import { confidenceFor, toleranceFor } from "./confidence.js";
import { classifyCriterion, criterionKinds, isConventionsKind, type CriterionKind } from "./criterion-kind.js";
import { essayBodyOf } from "./essay-body.js";
import { analyzeText, featureNames, type TextAnalysis } from "./features.js";
import { toFeedbackParts, writeFeedback, type NotProse } from "./feedback/index.js";
import { suggestSpelling } from "../language/suggest-spelling.js";
import { zipfFrequency } from "../language/word-frequency.js";
import { predictRaw, scaleLevels, slopeFor, targetFor, type PriorModel } from "./prior.js";
import { defaultPrior } from "./default-prior.js";
import { findMostSimilar } from "./similarity.js";
import { createCachedSpellChecker, type SpellChecker } from "./spelling.js";
import { clamp } from "./text.js";
import { classProfileOf, concernsFor, confidenceWithConcerns, type ClassProfile, type TextConcern, type TextSource } from "./text-checks.js";
import { bottomCutFor, levelFraction } from "./level-cuts.js";
import type { CriterionScore, GradingInput, GradingResult, GradingRubricCriterion, GradingSample } from "./types.js";

export interface GradingEngineOptions {
  spellChecker: SpellChecker;
  /** Defaults to the committed prior (prior-weights.json). */
  prior?: PriorModel;
  /** Defaults to the method the benchmark chose (docs/decisions/002-grading-engine.md). */
  calibrationMethod?: CalibrationMethod;
}

export const defaultCalibrationMethod: CalibrationMethod = "scale-offset";

interface PreparedCriterion {
  criterion: GradingRubricCriterion;
  kind: CriterionKind;
  range: [number, number];
  step: number;
  calibration: TargetCalibration;
  /** See level-cuts.ts: set for a class by prepareForClass. */
  bottomCut: number;
}

/** An assignment made ready to grade many texts: context, analysed samples and fitted calibrations, computed once. */
export interface PreparedAssignment {
  input: GradingInput;
  context: AssignmentContext;
  spell: SpellChecker;
  prior: PriorModel;
  scoreRange: [number, number];
  overallStep: number;
  overall: TargetCalibration;
  overallBottomCut: number;
  kinds: Record<CriterionKind, TargetCalibration>;
  criteria: PreparedCriterion[];
  samples: Array<{ sample: GradingSample; analysis: TextAnalysis }>;
  /** The texts a grade's text checks compare with (text-checks.ts): the samples, then the class; none while few. */
  classProfile: ClassProfile | undefined;
}

export function scoreRangeFor(input: GradingInput): [number, number] {
  const total: [number, number] = [
    input.criteria.reduce((s, c) => s + (c.minPoints ?? 0), 0),
    input.criteria.reduce((s, c) => s + c.maxPoints, 0),
  ];
  if (input.settings.gradingApproach === "points") return total;
  return input.scoreRange ?? total;
}

function stepOf(values: number[]): number {
  return values.some((v) => Math.abs(v - Math.round(v)) > 1e-9) ? 0.5 : 1;
}

function toFraction(value: number, range: [number, number]): number {
  const span = range[1] - range[0];
  return span > 0 ? (value - range[0]) / span : 0;
}

export function prepareAssignment(input: GradingInput, options: GradingEngineOptions): PreparedAssignment {
  if (input.criteria.length === 0) throw new Error("A rubric needs at least one criterion to grade against.");
  const spell = createCachedSpellChecker(options.spellChecker);
  const prior = options.prior ?? defaultPrior;
  if (prior.featureNames.length !== featureNames.length) {
    throw new Error("The grading prior was fitted on other features than this engine computes; refit it with `npm run fit:grader`.");
  }
  const method = options.calibrationMethod ?? defaultCalibrationMethod;
  const context = buildAssignmentContext(input);
  const scoreRange = scoreRangeFor(input);
  const samples = input.samples.map((sample) => ({ sample, analysis: analyzeText(essayBodyOf(sample.text), context, spell) }));
  const holisticPoints = (kind: CriterionKind): CalibrationPoint[] =>
    samples.map(({ sample, analysis }) => ({
      raw: predictRaw(prior, targetFor(prior, kind), analysis.features),
      actual: sampleOverallFraction(input, sample, scoreRange),
      sampleId: sample.id,
    }));
  const overallStep = stepOf(input.samples.map((s) => s.score));
  const overallLevels = scaleLevels(scoreRange, overallStep);
  const learnsWords = method !== "nearest-sample" && samples.length >= minLexicalSamples;
  const lexicalSamples = learnsWords ? buildLexicalSamples(samples.map(({ analysis }) => analysis.lexical())) : undefined;
  /** The calibration with what the samples' words add to it (lexical-residual.ts), centred on the samples. */
  const withLexical = (cal: TargetCalibration, scored: typeof samples): TargetCalibration => {
    if (!lexicalSamples || scored.length < minLexicalSamples) return cal;
    const indices = scored.map((s) => samples.indexOf(s));
    const residuals = cal.points.map((p) => p.actual - (cal.offset + cal.slope * (p.raw - cal.center)));
    const lexical = fitLexicalResidual(lexicalSamples, residuals, indices);
    return lexical ? { ...cal, lexical: centreLexicalResidual(lexical, indices.map((i) => lexicalSamples.vectors[i]!)) } : cal;
  };
  const overall = withLexical(fitTargetCalibration(targetFor(prior, "overall"), holisticPoints("overall"), method, overallLevels), samples);
  const kinds = Object.fromEntries(
    criterionKinds.map((kind) => [kind, fitTargetCalibration(targetFor(prior, kind), holisticPoints(kind), method, overallLevels)]),
  ) as Record<CriterionKind, TargetCalibration>;

  const criteria = input.criteria.map((criterion): PreparedCriterion => {
    const kind = classifyCriterion(criterion.name, criterion.descriptors);
    const range: [number, number] = [criterion.minPoints ?? 0, criterion.maxPoints];
    const scored = samples.filter(({ sample }) => sample.criteriaScores?.[criterion.id] !== undefined);
    const model = targetFor(prior, kind);
    const step = stepOf(scored.map(({ sample }) => sample.criteriaScores![criterion.id]!));
    const calibration =
      scored.length > 0
        ? withLexical(
            fitTargetCalibration(
              model,
              scored.map(({ sample, analysis }) => ({
                raw: predictRaw(prior, model, analysis.features),
                actual: toFraction(sample.criteriaScores![criterion.id]!, range),
                sampleId: sample.id,
              })),
              method,
              scaleLevels(range, step),
            ),
            scored,
          )
        : samples.length > 0
          ? kinds[kind]
          : priorLevelledOn({ model: targetFor(prior, "overall"), calibration: overall }, model, method, scaleLevels(range, step));
    return { criterion, kind, range, step, calibration, bottomCut: 0 };
  });

  return {
    input,
    context,
    spell,
    prior,
    scoreRange,
    overallStep,
    overall,
    overallBottomCut: 0,
    kinds,
    criteria,
    samples,
    classProfile: classProfileOf(samples.map((s) => s.analysis), context.promptStems),
  };
}

/**
 * The assignment prepared for the class it will grade: every grade is spread around the class's own centre, so the
 * class's mean grade follows the teacher's samples, and the bottom level's boundary is set so the clamp at the bottom
 * of the scale does not lift that mean (level-cuts.ts). Grade a class set with the same preparation, as a teacher who
 * has read the pile would; `analyses` are the class's texts (analyzeForAssignment), samples count once already.
 */
export function prepareForClass(prepared: PreparedAssignment, analyses: TextAnalysis[]): PreparedAssignment {
  if (analyses.length === 0) return prepared;
  const { prior } = prepared;
  const raws = new Map<CriterionKind, number[]>();
  const rawsFor = (kind: CriterionKind) => {
    const known = raws.get(kind);
    if (known) return known;
    const computed = analyses.map((a) => predictRaw(prior, targetFor(prior, kind), a.features));
    raws.set(kind, computed);
    return computed;
  };
  const classVectors = () => [...prepared.samples.map((s) => s.analysis.lexical()), ...analyses.map((a) => a.lexical())];
  const centre = (cal: TargetCalibration, kind: CriterionKind) => {
    const centred = centreOnClass(cal, rawsFor(kind));
    // The words rank texts inside the class; its level stays the calibration's.
    return centred.lexical ? { ...centred, lexical: centreLexicalResidual(centred.lexical, classVectors()) } : centred;
  };
  const bottomCut = (cal: TargetCalibration, kind: CriterionKind, step: number, range: [number, number]) =>
    bottomCutFor(
      rawsFor(kind).map((raw, i) => applyCalibration(cal, raw, undefined, lexicalCorrection(cal, analyses[i]!.lexical)).grade),
      range[1] > range[0] ? step / (range[1] - range[0]) : 0,
    );
  const overall = centre(prepared.overall, "overall");
  return {
    ...prepared,
    classProfile: classProfileOf([...prepared.samples.map((s) => s.analysis), ...analyses], prepared.context.promptStems),
    overall,
    overallBottomCut: bottomCut(overall, "overall", prepared.overallStep, prepared.scoreRange),
    kinds: Object.fromEntries(criterionKinds.map((kind) => [kind, centre(prepared.kinds[kind], kind)])) as Record<CriterionKind, TargetCalibration>,
    criteria: prepared.criteria.map((c) => {
      const calibration = centre(c.calibration, c.kind);
      return { ...c, calibration, bottomCut: bottomCut(calibration, c.kind, c.step, c.range) };
    }),
  };
}

/**
 * The teacher's overall score of a sample: for points grading the sum of its criterion scores when the teacher scored
 * every criterion, else the score they gave (a sample of 67 with no criterion scores, `{}`, counted as 0).
 */
export function teacherOverallScore(input: Pick<GradingInput, "criteria" | "settings">, sample: Pick<GradingSample, "score" | "criteriaScores">): number {
  const scores = sample.criteriaScores;
  const scoredAll = input.criteria.length > 0 && input.criteria.every((c) => typeof scores?.[c.id] === "number");
  return input.settings.gradingApproach === "points" && scoredAll ? input.criteria.reduce((sum, c) => sum + scores![c.id]!, 0) : sample.score;
}

function sampleOverallFraction(input: GradingInput, sample: GradingSample, range: [number, number]): number {
  return toFraction(teacherOverallScore(input, sample), range);
}

/** The analysis of the paper's body (essay-body.ts): the heading, title and works cited are not graded. */
export function analyzeForAssignment(prepared: PreparedAssignment, text: string): TextAnalysis {
  return analyzeText(essayBodyOf(text), prepared.context, prepared.spell);
}

/** Strictness 50 grades like the samples; each 10 points above lowers every estimate by 2% of its scale. */
function strictnessShift(strictness: number): number {
  return ((clamp(strictness, 0, 100) - 50) / 50) * 0.1;
}

function roundToStep(value: number, step: number, range: [number, number]): number {
  return clamp(Math.round(value / step) * step, range[0], range[1]);
}

/** The score for a grade given as a fraction of the range, with the class's bottom cut (see level-cuts.ts). */
function toScore(fraction: number, step: number, range: [number, number], bottomCut: number): number {
  const span = range[1] - range[0];
  const level = levelFraction(fraction, span > 0 ? step / span : 0, bottomCut);
  return roundToStep(range[0] + level * span, step, range);
}

/** The numbers of a grade without its words: what the benchmark measures and what gradeWithAssignment explains. */
export interface ScoreEstimate {
  overallScore: number;
  scoreRange: [number, number];
  confidence: number;
  criteria: Array<{ criterionId: string; kind: CriterionKind; score: number; range: [number, number] }>;
  kindFractions: Record<CriterionKind, number>;
  nearest?: { index: number; similarity: number };
  /** What the teacher should check before the grade counts (text-checks.ts). */
  concerns: TextConcern[];
}

/** A text mostly not English words, or words that make no sentences: no answer to grade or comment on. */
const isNotProse = (concern: TextConcern): concern is TextConcern & { kind: NotProse } => concern.kind === "not-words" || concern.kind === "not-sentences";

export function estimateScores(prepared: PreparedAssignment, a: TextAnalysis, source: TextSource = {}): ScoreEstimate {
  const { input, prior } = prepared;
  const settings = input.settings;
  const shift = strictnessShift(settings.strictness);
  const nearest = findMostSimilar(a.stemCounts, prepared.samples.map((s) => s.analysis.stemCounts));
  const predict = (cal: TargetCalibration, kind: CriterionKind) =>
    applyCalibration(cal, predictRaw(prior, targetFor(prior, kind), a.features), nearest?.index, lexicalCorrection(cal, a.lexical));

  const kindFractions = Object.fromEntries(
    criterionKinds.map((kind) => [kind, clamp(predict(prepared.kinds[kind], kind).grade, 0, 1)]),
  ) as Record<CriterionKind, number>;

  const concerns = concernsFor(a, prepared.classProfile, source);
  // Words that make no sentences, or that are not English, are no answer to grade in English, whatever their length
  // and vocabulary (which the features reward: one "word" of 200,000 letters scored 12 of 12).
  const isNoAnswer = concerns.some(isNotProse);
  const criteria = prepared.criteria.map((c) => {
    const score = isNoAnswer ? c.range[0] : toScore(predict(c.calibration, c.kind).grade - shift, c.step, c.range, c.bottomCut);
    return { criterionId: c.criterion.id, kind: c.kind, score, range: c.range };
  });

  const range = prepared.scoreRange;
  const span = range[1] - range[0];
  const p = predict(prepared.overall, "overall");
  let overallScore: number;
  let mean: number;
  if (isNoAnswer) {
    overallScore = range[0];
    mean = range[0] + (p.value - shift) * span;
  } else if (settings.gradingApproach === "points") {
    overallScore = criteria.reduce((s, c) => s + c.score, 0);
    mean = range[0] + (p.value - shift) * span;
  } else {
    const balanced = balanceGrammarAndContent(
      p.grade,
      settings.grammarVsContent,
      criteria.map((c) => ({ kind: c.kind, fraction: toFraction(c.score, c.range) })),
      kindFractions,
    );
    overallScore = toScore(balanced - shift, prepared.overallStep, range, prepared.overallBottomCut);
    mean = range[0] + (balanced - p.grade + p.value - shift) * span;
  }
  // A rubric of one criterion on the whole scale is the holistic judgement itself: its score is the overall score, or
  // the gradebook would show "Holistic 1" beside a grade of 2.
  const only = criteria.length === 1 ? criteria[0]! : undefined;
  if (only && only.range[0] === range[0] && only.range[1] === range[1]) only.score = overallScore;
  const confidence = confidenceWithConcerns(
    confidenceFor({
      grade: overallScore,
      mean,
      sd: p.sd * span * outOfRangeFactor(prior, a),
      range,
      step: settings.gradingApproach === "points" ? 1 : prepared.overallStep,
    }),
    concerns,
  );
  return { overallScore, scoreRange: range, confidence, criteria, kindFractions, concerns, ...(nearest ? { nearest } : {}) };
}

const notProseOf = (concerns: readonly TextConcern[]): { notProse?: NotProse } => {
  const found = concerns.find(isNotProse);
  return found ? { notProse: found.kind } : {};
};

/** A name below this (about one use in a million words) written in lower case is likelier a slip for another word. */
const commonNameZipf = 3;

export function gradeWithAssignment(prepared: PreparedAssignment, text: string, analysis?: TextAnalysis, source: TextSource = {}): GradingResult {
  // `analysis`, when given, is analyzeForAssignment's: of the same body the feedback reads and quotes.
  const body = essayBodyOf(text);
  const a = analysis ?? analyzeText(body, prepared.context, prepared.spell);
  const estimate = estimateScores(prepared, a, source);
  const range = estimate.scoreRange;
  const scores: CriterionScore[] = estimate.criteria.map((c) => ({ criterionId: c.criterionId, score: c.score, min: c.range[0], max: c.range[1], rationale: "", quotes: [] }));
  const written = writeFeedback({
    text: body,
    analysis: a,
    context: prepared.context,
    settings: prepared.input.settings,
    criteria: prepared.criteria.map((c, i) => ({ criterion: c.criterion, kind: c.kind, score: scores[i]! })),
    kindFractions: estimate.kindFractions,
    ...(source.readFromImage ? { readFromImage: true } : {}),
    ...notProseOf(estimate.concerns),
    suggest: (word) => {
      // A day, a month or a place written in lower case is a capital missing, not a misspelling ("friday").
      // Four letters at least: "ur" is no "Ur", "nd" no "Nd".
      // Only a name written often ("florida", "friday"), and never when a far commoner word is one slip away: the
      // dictionary knows "Cary", and "cary" was corrected to it where the student meant "carry".
      const capitalised = word.charAt(0).toUpperCase() + word.slice(1);
      const guess = suggestSpelling(word);
      const nameZipf = zipfFrequency(word) ?? 0;
      const isCommonName = nameZipf >= commonNameZipf && !(guess !== undefined && (zipfFrequency(guess) ?? 0) >= nameZipf + 1);
      if (word.length >= 4 && capitalised !== word && isCommonName && prepared.spell.correct(capitalised)) return capitalised;
      // The guess must itself pass the teacher-facing dictionary, word by word ("a lot").
      return guess && guess.split(/\s+/).every((part) => prepared.spell.correct(part)) ? guess : undefined;
    },
  });
  const criterionScores = scores.map((score, i) => ({ ...score, rationale: written.criteria[i]!.rationale, quotes: written.criteria[i]!.quotes }));
  const feedback = written.document.text;
  const feedbackParts = toFeedbackParts(written.document);
  const overallPrior = prepared.prior.targets.overall!;
  const nearestSample = estimate.nearest ? prepared.samples[estimate.nearest.index]?.sample : undefined;
  return {
    criterionScores,
    overallScore: estimate.overallScore,
    scoreRange: range,
    confidence: estimate.confidence,
    tolerance: toleranceFor(range),
    concerns: estimate.concerns,
    feedback,
    feedbackParts,
    calibration: {
      method: prepared.overall.method,
      sampleCount: prepared.samples.length,
      overallOffset: prepared.overall.offset - (overallPrior.offsetMean + slopeFor(overallPrior, scaleLevels(range, prepared.overallStep)) * prepared.overall.center),
      overallScale: prepared.overall.slope,
      ...(nearestSample?.id !== undefined ? { nearestSampleId: nearestSample.id } : {}),
      ...(estimate.nearest ? { nearestSampleSimilarity: Math.round(estimate.nearest.similarity * 100) / 100 } : {}),
    },
  };
}

/**
 * grammarVsContent 50 keeps the fitted holistic estimate; towards 100 up to half of it is replaced by the conventions
 * estimate, towards 0 by the content estimate. Rubric criteria of those kinds are used when the rubric has them.
 */
function balanceGrammarAndContent(
  overall: number,
  grammarVsContent: number,
  criteria: Array<{ kind: CriterionKind; fraction: number }>,
  kinds: Record<CriterionKind, number>,
): number {
  const g = (clamp(grammarVsContent, 0, 100) - 50) / 50;
  if (g === 0) return overall;
  const pick = (isConventions: boolean) => {
    const matching = criteria.filter((c) => (c.kind === "overall" ? false : isConventionsKind(c.kind) === isConventions));
    if (matching.length) return matching.reduce((s, c) => s + c.fraction, 0) / matching.length;
    return isConventions ? (kinds.conventions + kinds.fluency) / 2 : (kinds.content + kinds.organization) / 2;
  };
  const target = g > 0 ? pick(true) : pick(false);
  return overall + Math.abs(g) * 0.5 * (target - overall);
}

/** Texts far outside what the prior was fitted on get a wider spread, so their confidence drops. */
function outOfRangeFactor(prior: PriorModel, a: TextAnalysis): number {
  let far = 0;
  for (let j = 0; j < prior.featureMean.length; j++) {
    const sd = prior.featureSd[j]!;
    if (sd > 0 && Math.abs((a.features[j]! - prior.featureMean[j]!) / sd) > 4) far++;
  }
  return 1 + 0.15 * Math.min(far, 4);
}

/** Grades one text against an assignment; prepare the assignment once with prepareAssignment to grade many. */
export function gradeText(input: GradingInput, text: string, options: GradingEngineOptions, source: TextSource = {}): GradingResult {
  return gradeWithAssignment(prepareAssignment(input, options), text, undefined, source);
}
