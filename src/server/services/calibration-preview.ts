import type { CalibrationPreview, GradingSettings } from "../../contracts/assignments";
import type { SpellChecker } from "../../core/grading";
import type { Db } from "../db/client";
import { sampleRubricMismatch } from "../../contracts/assignments";
import { AppError, notFound } from "../http/app-error";
import { gradeSubmission, type AiConfig } from "../integrations/ai";
import { findAssignment, saveCalibrationPreview } from "./assignments";
import { toGradingInput } from "./grading-input";

export interface PreviewDeps {
  db: Db;
  spellChecker: SpellChecker;
  ai?: AiConfig;
}

/**
 * Grades one of the assignment's samples with the engine calibrated on the OTHER samples only (on the prior alone
 * when it is the only one), so a sample never grades itself, and stores the result as the assignment's preview.
 */
export async function generateCalibrationPreview(
  deps: PreviewDeps,
  teacherId: string,
  assignmentId: string,
  request: { sampleId: string; settings?: Partial<GradingSettings> },
): Promise<CalibrationPreview> {
  const assignment = await findAssignment(deps.db, teacherId, assignmentId);
  const sample = assignment.sampleWork.find((candidate) => candidate.id === request.sampleId);
  if (!sample) throw notFound("That sample (in this assignment)");
  const mismatch = sampleRubricMismatch(assignment.rubric.criteria, sample);
  if (mismatch) throw new AppError("validation_failed", `This sample cannot be previewed: ${mismatch}`, { sampleId: mismatch });
  const others = assignment.sampleWork
    .filter((candidate) => candidate.id !== sample.id)
    .map((other) => ({ id: other.id, text: other.content, score: other.score, criteriaScores: other.criteriaScores, feedback: other.feedback }));
  const input = toGradingInput({ prompt: assignment.prompt, criteria: assignment.rubric.criteria, gradingSettings: assignment.gradingSettings }, others, request.settings);
  const grade = await gradeSubmission({ ...input, text: sample.content }, { spellChecker: deps.spellChecker, ...(deps.ai ? { ai: deps.ai } : {}) });
  const preview: CalibrationPreview = {
    sampleId: sample.id,
    confidence: grade.confidence,
    predictedScores: Object.fromEntries(grade.criterionScores.map((item) => [item.criterionId, item.score])),
    predictedOverall: grade.overallScore,
    actualOverall: sample.score,
    predictedFeedback: grade.feedback,
    grader: grade.grader,
    // The samples the engine learnt from: one scored on an earlier rubric is left out (toGradingInput).
    calibratedOn: input.samples.length,
    concerns: grade.concerns.map((concern) => concern.message),
    createdAt: new Date().toISOString(),
  };
  await saveCalibrationPreview(deps.db, teacherId, assignmentId, preview);
  return preview;
}
