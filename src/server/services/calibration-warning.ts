import type { Assignment } from "../../contracts/assignments";
import { gradedCriteria, maxScoreFor } from "../../contracts/assignments";
import { checkCalibrationFit, correctnessCriteria, type CalibrationFitSummary } from "../../core/grading";
import { teacherProfiles } from "../db/schema";
import { eq } from "drizzle-orm";
import type { Queryable } from "./teacher-profiles";

type AssignmentFitRow = { criteria: Parameters<typeof gradedCriteria>[0]; calibrationFit: unknown; autoAcceptOverrideAt: Date | null };

const points = (value: number) => String(Math.round(value * 100) / 100);

/** The same page counts grades within the fit's tolerance as agreeing: the warning's wider limit says it is another figure. */
function closeEnough(fit: CalibrationFitSummary | null, limit: number): string {
  return fit && fit.tolerance < limit ? `, a bigger miss than the ${points(fit.tolerance)} points the agreement figures count as close` : "";
}

/** The samples the calibration predicts badly, in words for the assignment page; null when it can be trusted. */
export function calibrationWarningOf(row: AssignmentFitRow): Assignment["calibrationWarning"] {
  const maxScore = maxScoreFor(row.criteria);
  // Written by summarizeCalibrationFit (services/assignments.ts), so its shape is known.
  const fit = row.calibrationFit as CalibrationFitSummary | null;
  const { disagreeing, limit } = checkCalibrationFit(fit, maxScore);
  if (!disagreeing.length) return null;
  const named = disagreeing.map((sample) => `sample ${sample.sampleIndex + 1} (you gave ${points(sample.teacherScore)}, the grader predicts ${points(sample.engineScore)})`);
  // The page's heading already says the calibration disagrees; the message names where, and what to do.
  const [first = "", ...rest] = named;
  // Where the rubric grades right answers, the samples are not the problem: the grader cannot see what they reward.
  const why = correctnessCriteria(gradedCriteria(row.criteria)).length
    ? "Your rubric grades whether answers are right, which the built-in grader cannot check, so it cannot reproduce your scores: grades wait for your review instead of being accepted automatically."
    : "Check those samples' scores or add more samples. Until then grades wait for your review instead of being accepted automatically.";
  return {
    message: `${first.charAt(0).toUpperCase()}${first.slice(1)}${rest.map((item) => `; ${item}`).join("")}: more than ${points(limit)} points apart${closeEnough(fit, limit)}. ${why}`,
    samples: disagreeing.map((sample) => ({ sampleId: sample.sampleId ?? null, sampleIndex: sample.sampleIndex, teacherScore: sample.teacherScore, engineScore: sample.engineScore })),
  };
}

/**
 * Why automatic acceptance is off for this assignment whatever the agreement figures say: the teacher is
 * recalibrating their profile (the dashboard promises "Autograding pauses until you finish the setup again") or has
 * not finished its setup yet, or
 * the calibration disagrees with their samples and they have not chosen to accept grades anyway, or autograding is off
 * for the assignment (its wizard not finished): uploads are still graded, since the proposals of what to grade first
 * and the teacher's first reviews need the predictions, but no grade reaches a student without the teacher.
 */
export async function autoAcceptPauseOf(db: Queryable, assignment: AssignmentFitRow & { teacherId: string; autogradingEnabled: boolean }): Promise<string | undefined> {
  if (!assignment.autogradingEnabled) {
    return "Auto-accept is off until autograding is on for this assignment (Finish in its setup turns it on); until then every grade waits for your review.";
  }
  const [profile] = await db.select({ calibrated: teacherProfiles.calibrated, calibrationFit: teacherProfiles.calibrationFit }).from(teacherProfiles).where(eq(teacherProfiles.id, assignment.teacherId));
  if (profile && !profile.calibrated) {
    // A profile once calibrated keeps its fit through Recalibrate; one that never was has none.
    return profile.calibrationFit
      ? "Auto-accept is paused while you recalibrate your profile; it resumes when you finish the setup."
      : "Auto-accept starts once you finish your profile's setup; until then every grade waits for your review.";
  }
  if (!assignment.autoAcceptOverrideAt && calibrationWarningOf(assignment)) {
    return "Auto-accept is off: the calibration disagrees with your own samples (see the assignment's Calibration). Fix the samples, or turn auto-accept on anyway there.";
  }
  return undefined;
}
