import { decimalField, toScore } from "./scores";
import { z } from "zod";
import { jsonField } from "./json-field";
import { criterion, feedbackLengths, gradingApproaches, gradingDefaults, latePolicyTypes, rubricLimits, tooManyCriteriaMessage, tones } from "./teacher-profile";

export const assignmentTypes = ["argumentative_essay", "reflection", "lab_report", "research_paper", "creative_writing", "analysis", "other"] as const;
export type AssignmentType = (typeof assignmentTypes)[number];
export const assignmentTypeLabels: Record<AssignmentType, string> = {
  argumentative_essay: "Argumentative Essay",
  reflection: "Reflection",
  lab_report: "Lab Report",
  research_paper: "Research Paper",
  creative_writing: "Creative Writing",
  analysis: "Analysis",
  other: "Other",
};

export const assignmentStatuses = ["draft", "active", "archived"] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

const percent = (label: string) =>
  z.number({ error: `${label} must be a number from 0 to 100` }).int(`${label} must be a whole number from 0 to 100`).min(0, `${label} must be from 0 to 100`).max(100, `${label} must be from 0 to 100`);

export const gradingSettings = z.object({
  tone: z.enum(tones, { error: "Tone must be gentle, neutral or direct" }),
  strictness: percent("Strictness"),
  feedbackLength: z.enum(feedbackLengths, { error: "Feedback length must be short, standard or detailed" }),
  grammarVsContent: percent("Grammar versus content"),
  holisticVsPoints: z.enum(gradingApproaches, { error: "Grading approach must be holistic or points" }),
  strengthsFirst: z.boolean().default(gradingDefaults.strengthsFirst),
  autoAcceptThreshold: percent("Auto-accept threshold"),
  latePolicyType: z.enum(latePolicyTypes, { error: "Late policy must be none, percentage or points" }),
  latePenalty: z.number({ error: "Penalty per day must be a number" }).min(0, "Penalty per day cannot be negative").max(100, "Penalty per day must be at most 100"),
  maxLateDays: z.number({ error: "Maximum late days must be a number" }).int("Maximum late days must be a whole number").min(0, "Maximum late days cannot be negative").max(365, "Maximum late days must be at most 365"),
  plagiarismCheck: z.boolean({ error: "Plagiarism check must be on or off" }),
  plagiarismThreshold: percent("Similarity threshold"),
});
export type GradingSettings = z.infer<typeof gradingSettings>;

/** Settings where neither the assignment nor the teacher profile says anything (spec section 9 defaults). */
export const defaultAssignmentSettings: GradingSettings = {
  tone: gradingDefaults.tone,
  strictness: gradingDefaults.strictness,
  feedbackLength: gradingDefaults.feedbackLength,
  grammarVsContent: gradingDefaults.grammarVsContent,
  holisticVsPoints: gradingDefaults.gradingApproach,
  strengthsFirst: gradingDefaults.strengthsFirst,
  autoAcceptThreshold: gradingDefaults.autoAcceptThreshold,
  latePolicyType: gradingDefaults.latePolicy.type,
  latePenalty: gradingDefaults.latePolicy.penaltyPerDay,
  maxLateDays: gradingDefaults.latePolicy.maxLateDays,
  plagiarismCheck: gradingDefaults.plagiarismCheck,
  plagiarismThreshold: gradingDefaults.plagiarismThreshold,
};

export const rubric = z
  .object({
    criteria: z.array(criterion).max(rubricLimits.maxCriteria, tooManyCriteriaMessage),
    /** Always recomputed by the server as the sum of the criteria's maximum points. */
    totalPoints: z.number().optional(),
  })
  // A criterion may be worth 0 (spec: min 0), but a rubric worth 0 in all leaves nothing to grade out of: every grade,
  // average and late penalty on it would divide by zero.
  .refine((value) => !value.criteria.length || value.criteria.some((item) => item.maxPoints > 0), {
    message: "The rubric's criteria add up to 0 points: give at least one criterion more than 0 points to grade out of",
    path: ["criteria"],
  });
export type Rubric = { criteria: z.infer<typeof criterion>[]; totalPoints: number };

/** Without rubric criteria an assignment is graded on one Overall criterion out of 100 (the engine and every view). */
export const overallCriterion = { id: "overall", name: "Overall", maxPoints: 100, descriptors: [] as string[] };
export function gradedCriteria<C extends { id: string; name: string; maxPoints: number }>(criteria: C[]): (C | typeof overallCriterion)[] {
  return criteria.length ? criteria : [overallCriterion];
}

/** The most a piece of work can score: the rubric total, or 100 without criteria (one Overall criterion). */
export function maxScoreFor(criteria: readonly { maxPoints: number }[]): number {
  return criteria.length ? criteria.reduce((total, item) => total + item.maxPoints, 0) : overallCriterion.maxPoints;
}

type RubricCriterion = { id: string; name: string; maxPoints: number };

/**
 * What is wrong with a sample's scores against a rubric, by field ("score", "criteriaScores.<id>"): overall above 0 and
 * at most the total (100 without criteria), each criterion's score from 0 to its maximum, no criterion the rubric lacks.
 */
export function sampleScoreProblems(criteria: readonly RubricCriterion[], score: number, criteriaScores: Record<string, number>): Record<string, string> {
  const maxScore = maxScoreFor(criteria);
  const fields: Record<string, string> = {};
  if (score <= 0) fields.score = "Score must be above 0";
  if (score > maxScore) fields.score = `Score must be at most ${maxScore}${criteria.length ? " (the rubric total)" : ""}`;
  const byId = new Map(criteria.map((item) => [item.id, item]));
  for (const [criterionId, value] of Object.entries(criteriaScores)) {
    const found = byId.get(criterionId);
    if (!found) fields[`criteriaScores.${criterionId}`] = "This criterion is not in the rubric";
    else if (value < 0 || value > found.maxPoints) fields[`criteriaScores.${criterionId}`] = `${found.name} must be from 0 to ${found.maxPoints}`;
  }
  return fields;
}

type ScoredWork = { score: number; criteriaScores?: Record<string, number> | null };

/**
 * What of a grade given against an earlier rubric (the rubric changed since) this rubric cannot hold, as a sentence;
 * null when it fits. Only scores above a maximum count: a 0 is a grade a teacher's review may give, and scores for
 * criteria the rubric no longer has are only left unused.
 */
function rubricOverflow(criteria: readonly RubricCriterion[], work: ScoredWork): { reason: string; total: boolean } | null {
  const criteriaScores = work.criteriaScores ?? {};
  const total = maxScoreFor(criteria);
  if (work.score > total) return { reason: `Scored ${work.score}, above this rubric's total of ${total} points.`, total: true };
  const over = criteria.find((item) => (criteriaScores[item.id] ?? 0) > item.maxPoints);
  if (over) return { reason: `Its ${over.name} score (${criteriaScores[over.id]}) is above that criterion's ${over.maxPoints} points.`, total: false };
  return null;
}

/** A stored sample this rubric cannot hold teaches the grader nothing until it is uploaded again. Null when it fits. */
export function sampleRubricMismatch(criteria: readonly RubricCriterion[], sample: ScoredWork): string | null {
  const overflow = rubricOverflow(criteria, sample);
  if (!overflow) return null;
  const advice = overflow.total ? `a score out of ${maxScoreFor(criteria)}` : "scores for this rubric";
  return `${overflow.reason} Remove it and upload it again with ${advice}.`;
}

/**
 * A reviewed grade this rubric cannot hold is left out of learning like such a sample (the grader learns reviews as
 * samples, through toGradingInput) until the teacher edits it onto this rubric. Null when it fits.
 */
export function reviewRubricMismatch(criteria: readonly RubricCriterion[], review: { overallScore: number | null; criteriaScores: Record<string, number> | null }): string | null {
  if (review.overallScore === null) return null;
  const overflow = rubricOverflow(criteria, { score: review.overallScore, criteriaScores: review.criteriaScores });
  return overflow ? `${overflow.reason} It was scored on an earlier rubric, so it does not calibrate the grades that follow until you edit it.` : null;
}

export const sampleWork = z.object({
  id: z.string(),
  content: z.string(),
  score: z.number(),
  feedback: z.string(),
  criteriaScores: z.record(z.string(), z.number()),
  file: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SampleWork = z.infer<typeof sampleWork>;

/**
 * A sample upload's answer: the sample and the assignment's version it made. An upload raises the version (a whole
 * object read before it would delete the new sample), so the page that uploaded takes the new version as its own.
 */
export const uploadedSample = sampleWork.extend({ assignmentVersion: z.number() });
export type UploadedSample = z.infer<typeof uploadedSample>;

export const calibrationPreview = z.object({
  sampleId: z.string(),
  confidence: z.number(),
  predictedScores: z.record(z.string(), z.number()),
  predictedOverall: z.number(),
  actualOverall: z.number(),
  predictedFeedback: z.string(),
  grader: z.enum(["builtin", "llm"]),
  /** Samples the engine was calibrated on: every sample but the previewed one. */
  calibratedOn: z.number(),
  /**
   * What the text checks found in the sample (decision 023), one sentence each: why its confidence may be capped.
   * Empty for previews stored before the checks were shown here.
   */
  concerns: z.array(z.string()),
  createdAt: z.string(),
});
export type CalibrationPreview = z.infer<typeof calibrationPreview>;

/**
 * The largest version the database holds (a 32-bit integer): a basedOnVersion past it was sent to PostgreSQL, which
 * refused it, and the client got a 500 (outside audit). No assignment gets near it; the number is simply not one.
 */
const maxVersion = 2_147_483_647;
const versionOutOfRange = "basedOnVersion must be the assignment's version number, as the last read gave it";

export const assignment = z.object({
  id: z.string(),
  teacherId: z.string(),
  title: z.string(),
  type: z.enum(assignmentTypes),
  dueDate: z.string().nullable(),
  prompt: z.string(),
  rubric: z.object({ criteria: z.array(criterion), totalPoints: z.number() }),
  sampleWork: z.array(sampleWork),
  status: z.enum(assignmentStatuses),
  autogradingEnabled: z.boolean(),
  gradingSettings,
  calibrationPreview: calibrationPreview.nullable(),
  calibrationFit: z.unknown().nullable(),
  /**
   * Samples the calibration predicts badly (each graded without itself, off by more than a fifth of the scale):
   * automatic acceptance stays off until the samples are fixed or the teacher overrides it (autoAcceptOverriddenAt).
   */
  calibrationWarning: z
    .object({
      message: z.string(),
      samples: z.array(z.object({ sampleId: z.string().nullable(), sampleIndex: z.number(), teacherScore: z.number(), engineScore: z.number() })),
    })
    .nullable(),
  autoAcceptOverriddenAt: z.string().nullable(),
  /** Goes up with each save of what the wizard edits (PUT, a rubric upload); a save sends it back as basedOnVersion. */
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Assignment = z.infer<typeof assignment>;

/**
 * What a save that changed the rubric's scoring did to the grades already given: the grader's unreviewed ones are
 * regraded on the new rubric, the teacher's reviewed ones kept (given on the earlier rubric).
 */
export const rubricChange = z.object({ regrading: z.number(), keptReviewed: z.number(), message: z.string() });
export type RubricChange = z.infer<typeof rubricChange>;
/** PUT /api/assignments/{id}: the saved assignment, and rubricChange when the save changed the scoring of graded work. */
export const savedAssignment = assignment.extend({ rubricChange: rubricChange.optional() });
export type SavedAssignment = z.infer<typeof savedAssignment>;

export const autoAcceptOverrideInput = z.object({
  override: z.boolean({ error: "override must be true or false" }),
});

export const createAssignmentInput = z.object({ teacherId: z.string({ error: "teacherId is required" }).min(1, "teacherId is required") });

/** PUT /api/assignments/{id}: the whole object as the wizard holds it; sampleWork lists the samples to keep. */
export const updateAssignmentInput = z.object({
  title: z.string({ error: "Title must be text" }).trim().max(200, "Keep the title within 200 characters"),
  type: z.enum(assignmentTypes, { error: `Type must be one of: ${assignmentTypes.join(", ")}` }),
  // Left out, the due date, prompt and rubric stay as stored (as the samples do): a client that sends part of the
  // object loses nothing. null clears the due date; "" and no criteria clear the others.
  dueDate: z.iso.date({ error: "Due date must be a date like 2025-03-05" }).nullable().optional(),
  prompt: z.string({ error: "Prompt must be text" }).max(20_000, "Keep the prompt within 20,000 characters").optional(),
  rubric: rubric.optional(),
  sampleWork: z.array(z.object({ id: z.string() }).loose()).optional(),
  // The samples this client removed. Given, only these are deleted: a whole object read before another tab (or a
  // stale list) uploaded a sample does not delete it. Absent, every sample missing from sampleWork is.
  removedSampleIds: z.array(z.string({ error: "Each removed sample id must be text" }), { error: "removedSampleIds must be a list of sample ids" }).max(1000, "Remove at most 1,000 samples at once").optional(),
  status: z.enum(assignmentStatuses, { error: "Status must be draft, active or archived" }),
  autogradingEnabled: z.boolean({ error: "autogradingEnabled must be true or false" }),
  // A setting left out stays as stored, as a left-out rubric or prompt does: the schema's default (strengthsFirst's,
  // which came after the others, so older clients do not send it) would reset it. Creation seeds every setting.
  gradingSettings: gradingSettings.extend({ strengthsFirst: z.boolean({ error: "Strengths first must be true or false" }) }).partial(),
  /**
   * The assignment's `version` this copy was read at. Given, a save made after another tab or window saved the
   * assignment answers 409 instead of silently undoing that save. Absent, the save replaces whatever is stored.
   */
  basedOnVersion: z
    .number({ error: "basedOnVersion must be the assignment's version number" })
    .int("basedOnVersion must be a whole number")
    .min(0, versionOutOfRange)
    .max(maxVersion, versionOutOfRange)
    .optional(),
}).loose();
export type UpdateAssignmentInput = z.input<typeof updateAssignmentInput>;

export const assignmentListQuery = z.object({
  // `?status=` with nothing after it (the spec's own form of the call) lists every status, as no status does.
  status: z.preprocess((value) => (value === "" ? undefined : value), z.enum(assignmentStatuses, { error: "status must be active, draft or archived" }).optional()),
});

export const sampleUploadInput = z.object({
  sample: z.instanceof(File, { error: "Choose the sample's file (.txt, .doc, .docx or .pdf)" }),
  score: decimalField("Score must be a number, like 8 or 7.5").transform(toScore).pipe(z.number().gt(0, "Score must be above 0")),
  feedback: z.string({ error: "Add the feedback you gave" }).trim().min(1, "Add the feedback you gave").max(20_000, "Keep feedback within 20,000 characters"),
  criteriaScores: jsonField("{}", "criteriaScores must be JSON like {\"criterion-id\": 8}").pipe(z.record(z.string(), z.number({ error: "Each criterion score must be a number" }).min(0, "Criterion scores cannot be negative").transform(toScore))),
});

export const rubricUploadInput = z.object({
  rubric: z.instanceof(File, { error: "Choose a rubric file (.txt, .doc, .docx or .pdf)" }).optional(),
  file: z.instanceof(File).optional(),
  /** As in the PUT: the version the page holds, so an upload from a stale tab does not replace a newer rubric unseen. */
  basedOnVersion: z
    .string({ error: "basedOnVersion must be the assignment's version number" })
    .regex(/^\d+$/, "basedOnVersion must be the assignment's version number, a whole number")
    .transform(Number)
    .pipe(z.number().max(maxVersion, versionOutOfRange))
    .optional(),
}).refine((body) => body.rubric || body.file, { path: ["rubric"], message: "Choose a rubric file (.txt, .doc, .docx or .pdf)" });

export const calibrationPreviewInput = z.object({
  sampleId: z.string({ error: "Choose a sample to preview" }).min(1, "Choose a sample to preview"),
  /** The step-4 controls (strictness, tone, length) override the saved settings for this preview. */
  settings: gradingSettings.partial().optional(),
});

export const assignmentMessages = {
  created: "Assignment created and autograding enabled.",
  rubricUploaded: "Rubric uploaded and parsed successfully.",
  sampleUploaded: "Sample work uploaded successfully.",
  createFailed: "Failed to create new assignment. Please try again.",
  saveFailed: "Failed to save changes. Please try again.",
  finalizeFailed: "Failed to finalize assignment. Please try again.",
  rubricFailed: "Failed to upload rubric. Please try again.",
  sampleFailed: "Failed to upload sample work. Please try again.",
  previewFailed: "Failed to generate calibration preview. Please try again.",
  /** The title field's error: on step 1's Next, and from the server when an untitled assignment is activated. */
  titleMissing: "Add a title",
  noCriteria:
    "No rubric criteria were found in this document. Use a table (criteria as rows, levels as columns), headed sections like \"Thesis (20 points)\", or lines like \"Evidence - 25 pts: ...\".",
  scannedNoCriteria:
    "This rubric is a scan, and no criteria with points were found in the text read from it (a table is read only when its borders are dark and the page is straight). Upload it as .docx or as a PDF with text, or add the criteria by hand.",
  notARubric:
    "This document does not look like a rubric: most of it is running text, not criteria with points. Check that you chose the rubric. A rubric needs its criteria, each with its points: a table (criteria as rows, levels as columns), headed sections like \"Thesis (20 points)\", or lines like \"Evidence - 25 pts: ...\".",
} as const;
