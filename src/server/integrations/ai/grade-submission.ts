import {
  confidenceWithConcerns,
  correctnessCriteria,
  gradeText,
  gradeWithAssignment,
  type GradingInput,
  type PreparedAssignment,
  type GradingResult,
  type PriorModel,
  type SpellChecker,
  type TextAnalysis,
  type TextSource,
} from "../../../core/grading/index.js";
import { listInProse } from "../../../core/assistant/text.js";
import type { AiConfig } from "./config.js";
import { gradeWithModel, ModelGradingError } from "./model-grader.js";

export interface SubmissionToGrade extends GradingInput, TextSource {
  text: string;
}

export interface GradeSubmissionDeps {
  /** When absent, the built-in grader grades alone. */
  ai?: AiConfig;
  spellChecker: SpellChecker;
  prior?: PriorModel;
  /** The same input already prepared (a worker grading a class set prepares the assignment once). */
  prepared?: PreparedAssignment;
  /** The text's analysis for `prepared`, when the worker has it already (class-analyses.ts). */
  analysis?: TextAnalysis;
}

export interface SubmissionGrade extends GradingResult {
  grader: "builtin" | "llm";
  /** Set when a model was configured but the built-in grade was used instead: why. */
  fallbackReason?: string;
  /** The built-in grader's overall score, kept beside a model grade for comparison. */
  builtinOverallScore: number;
  /** Things about the feedback the teacher should check before it reaches the student (a model's unverified comments). */
  feedbackWarnings: string[];
}

/**
 * How much the model and the built-in grader agree drives the confidence of a model grade: agreement within the
 * tolerance raises the built-in confidence part of the way to 100, disagreement lowers it in proportion to the gap.
 */
export function combineConfidence(builtin: GradingResult, modelOverall: number): number {
  const gap = Math.abs(modelOverall - builtin.overallScore);
  if (gap <= builtin.tolerance + 1e-9) return Math.round(Math.min(99, builtin.confidence + 0.4 * (100 - builtin.confidence)));
  const over = gap / Math.max(builtin.tolerance, 1e-9);
  return Math.round(Math.max(1, builtin.confidence / (1 + over)));
}

/**
 * The built-in grader reads how work is written, not whether its answers are right: a rubric that asks for correct
 * answers or accurate facts holds every built-in grade for the teacher, saying why.
 */
export function correctnessWarnings(criteria: GradingInput["criteria"]): string[] {
  const named = correctnessCriteria(criteria).map((criterion) => `“${criterion.name}”`);
  if (!named.length) return [];
  return [`The rubric asks whether the work is right (${listInProse(named)}), which the built-in grader cannot check: read the answers before this grade counts.`];
}

/** Grades one submission with the configured model, falling back to the built-in grader when the provider fails. */
export async function gradeSubmission(submission: SubmissionToGrade, deps: GradeSubmissionDeps): Promise<SubmissionGrade> {
  const { text, readFromImage, ...input } = submission;
  const source = { readFromImage: readFromImage === true };
  const builtin = deps.prepared
    ? gradeWithAssignment(deps.prepared, text, deps.analysis, source)
    : gradeText(input, text, { spellChecker: deps.spellChecker, ...(deps.prior ? { prior: deps.prior } : {}) }, source);
  const asBuiltin = (fallbackReason?: string): SubmissionGrade => ({
    ...builtin,
    grader: "builtin",
    builtinOverallScore: builtin.overallScore,
    feedbackWarnings: correctnessWarnings(input.criteria),
    ...(fallbackReason ? { fallbackReason } : {}),
  });
  if (!deps.ai) return asBuiltin();
  try {
    const model = await gradeWithModel(input, text, builtin, deps.ai, source);
    return {
      ...model,
      tolerance: builtin.tolerance,
      calibration: builtin.calibration,
      // The checks read the text, not a grade: a model's grade of an answer to another assignment waits for review too.
      concerns: builtin.concerns,
      // A model agreeing with a guess does not make it less of one.
      confidence: confidenceWithConcerns(combineConfidence(builtin, model.overallScore), builtin.concerns),
      grader: "llm",
      builtinOverallScore: builtin.overallScore,
    };
  } catch (error) {
    const reason = error instanceof ModelGradingError ? error.reason : `The model could not be used: ${String(error)}`;
    return asBuiltin(reason);
  }
}
