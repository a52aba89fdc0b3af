/** The grading engine: pure and deterministic. Load a spell checker outside core and pass it in. */
export type {
  CalibrationInfo,
  CriterionScore,
  FeedbackLength,
  FeedbackParts,
  FeedbackSentenceView,
  FeedbackTone,
  GradingApproach,
  GradingInput,
  GradingResult,
  GradingRubricCriterion,
  GradingSample,
  GradingSettings,
} from "./types.js";
export { defaultGradingSettings } from "./types.js";
export type { SpellChecker } from "./spelling.js";
export { acceptAllSpellChecker, anyOfSpellCheckers, createCachedSpellChecker } from "./spelling.js";
export type { GradingEngineOptions, PreparedAssignment, ScoreEstimate } from "./grade.js";
export { analyzeForAssignment, estimateScores, gradeText, gradeWithAssignment, prepareAssignment, prepareForClass, scoreRangeFor } from "./grade.js";
export type { CalibrationFitSummary, CalibrationFitSample } from "./calibration-fit.js";
export { previewSample, summarizeCalibrationFit } from "./calibration-fit.js";
export { checkCalibrationFit, disagreementShare, type CalibrationCheck } from "./calibration-check.js";
export type { CalibrationMethod } from "./calibration.js";
export { confidenceFor, toleranceFor } from "./confidence.js";
export { copiedRunsOf, shareCopiedFrom } from "./word-runs.js";
export { essayBodyOf, essayBodySpan } from "./essay-body.js";
export {
  assembleFeedback,
  bandOf,
  checkModelComment,
  countQuoteWords,
  frameStep,
  isQuotable,
  minQuoteWords,
  phraseOpening,
  quotationsOf,
  toFeedbackParts,
  type FeedbackAspect,
  type ModelComment,
  type PhrasedAspect,
} from "./feedback/index.js";
export type { TextAnalysis } from "./features.js";
export { classProfileOf, concernsFor, confidenceWithConcerns, type TextConcern, type TextConcernKind, type TextSource } from "./text-checks.js";
export { analyzeText, featureNames } from "./features.js";
export { buildAssignmentContext } from "./assignment-context.js";
export type { PriorModel } from "./prior.js";
export { defaultPrior } from "./default-prior.js";
export { fitPrior, type PriorTrainingRow } from "./prior-fit.js";
export { asksForCorrectness, classifyCriterion, correctnessCriteria, type CriterionKind } from "./criterion-kind.js";
export { meanAbsoluteError, quadraticWeightedKappa, shareWithin } from "./metrics.js";
