import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { isStepComplete, type SetupState } from "../../core/setup/wizard-state";
import type { CalibrationResponse, Criterion, SampleInput } from "../../contracts/teacher-profile";
import { calibrationInput } from "../../contracts/teacher-profile";
import { sampleScoreProblems } from "../../contracts/assignments";
import { summarizeCalibrationFit, type SpellChecker } from "../../core/grading";
import { toGradingInput } from "./grading-input";
import { settingsFromProfile } from "./assignments";
import type { z } from "zod";
import type { Db } from "../db/client";
import { rubrics, sampleStudentWork, storedFiles, teacherProfiles } from "../db/schema";
import { AppError } from "../http/app-error";
import { findTeacherProfile, upsertTeacherProfile, type Queryable } from "./teacher-profiles";

type CalibrationData = z.output<typeof calibrationInput>;

/** Profile, the first rubric and every sample of the teacher (spec: load calibration data). */
export async function loadCalibration(db: Queryable, teacherId: string): Promise<CalibrationResponse> {
  const profile = await findTeacherProfile(db, teacherId);
  const [rubric] = await db.select().from(rubrics).where(eq(rubrics.teacherId, teacherId)).orderBy(asc(rubrics.createdAt)).limit(1);
  const samples = await db
    .select({ sample: sampleStudentWork, fileName: storedFiles.originalName })
    .from(sampleStudentWork)
    .leftJoin(storedFiles, eq(storedFiles.id, sampleStudentWork.fileId))
    .where(eq(sampleStudentWork.teacherId, teacherId))
    .orderBy(asc(sampleStudentWork.createdAt));
  return {
    profile,
    rubric: rubric ? { id: rubric.id, template: rubric.template, weights: rubric.weights ?? null, criteria: rubric.criteria } : null,
    samples: samples.map(({ sample, fileName }) => ({
      id: sample.id,
      rubricId: sample.rubricId,
      content: sample.content,
      score: sample.score,
      feedback: sample.feedback,
      criteriaScores: sample.criteriaScores,
      fileId: sample.fileId,
      fileName: fileName ?? null,
    })),
  };
}

/**
 * Saves profile, rubric and samples in one transaction (all or nothing). The teacher's sample set becomes
 * exactly the list given. With `complete`, the setup's rules are checked and the profile marked calibrated.
 */
export async function saveCalibration(db: Db, teacherId: string, data: CalibrationData, spellChecker: SpellChecker): Promise<CalibrationResponse> {
  return db.transaction(async (tx) => {
    const current = await findTeacherProfile(tx, teacherId);
    const criteria = data.rubric?.criteria ?? [];
    checkSamples(data.samples, criteria);
    await checkFilesBelongTo(tx, teacherId, data.samples);
    if (data.complete) checkComplete(current, data);

    const fit = data.complete ? { calibrated: true, calibrationFit: summarizeSetupFit(current, data, spellChecker) } : {};
    await upsertTeacherProfile(tx, teacherId, data.profile, fit);
    const rubricId = data.rubric ? await upsertSetupRubric(tx, teacherId, data.rubric) : undefined;
    await replaceSamples(tx, teacherId, data.samples, rubricId ?? null);
    return loadCalibration(tx, teacherId);
  });
}

/** Deletes samples, rubrics and the profile together (spec: delete all). */
export async function deleteCalibration(db: Db, teacherId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sampleStudentWork).where(eq(sampleStudentWork.teacherId, teacherId));
    await tx.delete(rubrics).where(eq(rubrics.teacherId, teacherId));
    await tx.delete(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  });
}

export async function upsertSetupRubric(tx: Queryable, teacherId: string, rubric: NonNullable<CalibrationData["rubric"]>): Promise<string> {
  const values = { template: rubric.template ?? null, weights: rubric.weights ?? null, criteria: rubric.criteria, updatedAt: new Date() };
  const [existing] = await tx.select({ id: rubrics.id }).from(rubrics).where(eq(rubrics.teacherId, teacherId)).orderBy(asc(rubrics.createdAt)).limit(1);
  if (existing) {
    await tx.update(rubrics).set(values).where(and(eq(rubrics.id, existing.id), eq(rubrics.teacherId, teacherId)));
    return existing.id;
  }
  const [created] = await tx.insert(rubrics).values({ teacherId, ...values }).returning({ id: rubrics.id });
  return created!.id;
}

async function replaceSamples(tx: Queryable, teacherId: string, samples: SampleInput[], rubricId: string | null): Promise<void> {
  const owned = await tx.select({ id: sampleStudentWork.id }).from(sampleStudentWork).where(eq(sampleStudentWork.teacherId, teacherId));
  const ownedIds = new Set(owned.map((row) => row.id));
  const keptIds = samples.map((sample) => sample.id).filter((id): id is string => Boolean(id && ownedIds.has(id)));
  await tx
    .delete(sampleStudentWork)
    .where(keptIds.length ? and(eq(sampleStudentWork.teacherId, teacherId), notInArray(sampleStudentWork.id, keptIds)) : eq(sampleStudentWork.teacherId, teacherId));
  for (const sample of samples) {
    const values = {
      rubricId,
      content: sample.content,
      score: sample.score,
      feedback: sample.feedback,
      criteriaScores: sample.criteriaScores,
      fileId: sample.fileId ?? null,
    };
    if (sample.id && ownedIds.has(sample.id)) {
      await tx.update(sampleStudentWork).set(values).where(and(eq(sampleStudentWork.id, sample.id), eq(sampleStudentWork.teacherId, teacherId)));
    } else {
      // An id the teacher does not own is never written to: the sample is stored as a new one.
      await tx.insert(sampleStudentWork).values({ teacherId, ...values });
    }
  }
}

/** Scores must fit the rubric (`sampleScoreProblems`), each sample's problems under its index. */
export function checkSamples(samples: SampleInput[], criteria: Criterion[]): void {
  const fields: Record<string, string> = {};
  samples.forEach((sample, index) => {
    for (const [field, message] of Object.entries(sampleScoreProblems(criteria, sample.score, sample.criteriaScores))) fields[`samples.${index}.${field}`] = message;
  });
  if (Object.keys(fields).length) throw new AppError("validation_failed", "Some sample scores do not fit the rubric.", fields);
}

async function checkFilesBelongTo(tx: Queryable, teacherId: string, samples: SampleInput[]): Promise<void> {
  const fileIds = [...new Set(samples.map((sample) => sample.fileId).filter((id): id is string => Boolean(id)))];
  if (!fileIds.length) return;
  const found = await tx.select({ id: storedFiles.id }).from(storedFiles).where(and(eq(storedFiles.teacherId, teacherId), inArray(storedFiles.id, fileIds)));
  if (found.length !== fileIds.length) throw new AppError("not_found", "An attached file was not found. Upload it again.");
}

/**
 * How well the engine reproduces the teacher's own setup samples (leave-one-out from two samples on), graded
 * against the setup rubric: its criteria when it has them, else one criterion per weighted part (out of 100).
 */
function summarizeSetupFit(current: CalibrationResponse["profile"], data: CalibrationData, spellChecker: SpellChecker) {
  const rubricCriteria = data.rubric?.criteria ?? [];
  const criteria = rubricCriteria.length
    ? rubricCriteria
    : Object.entries(data.rubric?.weights ?? {}).map(([name, weight]) => ({ id: name, name, maxPoints: weight, descriptors: [] }));
  const settings = settingsFromProfile({ ...(current ?? {}), ...data.profile });
  const samples = data.samples.map((sample, index) => ({ id: sample.id ?? `sample-${index + 1}`, text: sample.content, score: sample.score, criteriaScores: sample.criteriaScores, feedback: sample.feedback }));
  return summarizeCalibrationFit(toGradingInput({ prompt: "", criteria, gradingSettings: settings }, samples), { spellChecker });
}

function checkComplete(current: CalibrationResponse["profile"], data: CalibrationData): void {
  const state: SetupState = {
    currentStep: "complete",
    profile: { ...(current ?? {}), ...data.profile } as SetupState["profile"],
    rubric: { template: data.rubric?.template, weights: data.rubric?.weights },
    samples: data.samples,
  };
  const fields: Record<string, string> = {};
  if (!isStepComplete("welcome", state)) fields["profile.name"] = "Add your name, school and course";
  if (!isStepComplete("preferences", state)) fields["profile.tone"] = "Choose a tone and a strictness";
  if (!isStepComplete("rubric", state)) fields["rubric"] = "Choose a rubric template and weights that add up to 100";
  if (data.samples.length === 0) fields["samples"] = "Add at least one graded sample";
  if (Object.keys(fields).length) throw new AppError("validation_failed", "Setup is not finished yet: " + Object.values(fields).join("; ") + ".", fields);
}
