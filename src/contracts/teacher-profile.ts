import { toScore } from "./scores";
import { z } from "zod";
import { preferenceDefaults } from "../core/setup/grading-defaults";
import { describeWeightsProblem } from "../core/setup/weights";

export const tones = ["gentle", "neutral", "direct"] as const;
export const feedbackLengths = ["short", "standard", "detailed"] as const;
export const gradingApproaches = ["holistic", "points"] as const;
export const latePolicyTypes = ["none", "percentage", "points"] as const;

export const gradingDefaults = {
  ...preferenceDefaults,
  plagiarismCheck: false,
  plagiarismThreshold: 20,
} as const;

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number from 0 to 100` })
    .int(`${label} must be a whole number from 0 to 100`)
    .min(0, `${label} must be from 0 to 100`)
    .max(100, `${label} must be from 0 to 100`);

const shortText = (label: string) => z.string({ error: `${label} must be text` }).trim().max(200, `${label} must be 200 characters or fewer`);

export const latePolicy = z.object({
  type: z.enum(latePolicyTypes, { error: "Late policy must be none, percentage or points" }),
  penaltyPerDay: z.number({ error: "Penalty per day must be a number" }).min(0, "Penalty per day cannot be negative").max(100, "Penalty per day must be at most 100"),
  maxLateDays: z.number({ error: "Maximum late days must be a number" }).int("Maximum late days must be a whole number").min(0, "Maximum late days cannot be negative").max(365, "Maximum late days must be at most 365"),
});
export type LatePolicy = z.infer<typeof latePolicy>;

/** The most criteria one rubric holds and the most points one criterion takes (assignment, profile and setup rubrics
 * alike), and what a rubric over them is told. */
export const rubricLimits = { maxCriteria: 30, maxPoints: 1000 } as const;
export const tooManyPointsMessage = `Maximum points must be at most ${rubricLimits.maxPoints}`;
export const tooManyCriteriaMessage = `Use at most ${rubricLimits.maxCriteria} criteria`;

export const criterion = z.object({
  id: z.string().trim().min(1, "Each criterion needs an id").max(100),
  name: z.string().trim().min(1, "Each criterion needs a name").max(200, "Criterion names must be 200 characters or fewer"),
  maxPoints: z.number({ error: "Maximum points must be a number" }).min(0, "Maximum points cannot be negative").max(rubricLimits.maxPoints, tooManyPointsMessage),
  descriptors: z.array(z.string().trim().max(2000, "Keep each descriptor within 2000 characters")).max(20, "Use at most 20 descriptors per criterion").default([]),
});
export type Criterion = z.infer<typeof criterion>;


export const rubricWeights = z
  .record(z.string().trim().min(1).max(60), z.number({ error: "Weights must be numbers" }))
  .superRefine((weights, ctx) => {
    const problem = describeWeightsProblem(weights);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Every field a teacher sets about how they grade; all optional so the setup can save as it goes. */
export const teacherProfileInput = z.object({
  name: shortText("Name").optional(),
  school: shortText("School").optional(),
  course: shortText("Course").optional(),
  department: shortText("Department").optional(),
  standard: shortText("Standard").optional(),
  tone: z.enum(tones, { error: "Tone must be gentle, neutral or direct" }).optional(),
  strictness: percent("Strictness").optional(),
  feedbackLength: z.enum(feedbackLengths, { error: "Feedback length must be short, standard or detailed" }).optional(),
  grammarVsContent: percent("Grammar versus content").optional(),
  gradingApproach: z.enum(gradingApproaches, { error: "Grading approach must be holistic or points" }).optional(),
  latePolicy: latePolicy.optional(),
  strengthsFirst: z.boolean({ error: "Strengths first must be true or false" }).optional(),
  autoAcceptThreshold: percent("Auto-accept threshold").optional(),
  rubricTemplate: shortText("Rubric template").optional(),
  rubricWeights: rubricWeights.optional(),
  rubricCriteria: z.array(criterion).max(rubricLimits.maxCriteria, tooManyCriteriaMessage).optional(),
});
export type TeacherProfileInput = z.infer<typeof teacherProfileInput>;

export const teacherProfile = teacherProfileInput.extend({
  id: z.string(),
  calibrated: z.boolean(),
  calibrationFit: z.unknown().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeacherProfile = z.infer<typeof teacherProfile>;

export const calibrationRubricInput = z.object({
  id: z.string().uuid().optional(),
  template: shortText("Rubric template").optional(),
  weights: rubricWeights.optional(),
  criteria: z.array(criterion).max(rubricLimits.maxCriteria, tooManyCriteriaMessage).default([]),
});

export const sampleInput = z.object({
  id: z.string().uuid().optional(),
  content: z.string({ error: "Paste the sample's text or upload its file" }).trim().min(1, "Paste the sample's text or upload its file").max(200_000, "The sample is too long (200,000 characters at most)"),
  score: z.number({ error: "Score must be a number" }).transform(toScore).pipe(z.number().gt(0, "Score must be above 0")),
  feedback: z.string({ error: "Add the feedback you gave" }).trim().min(1, "Add the feedback you gave").max(20_000, "Keep feedback within 20,000 characters"),
  criteriaScores: z.record(z.string(), z.number().min(0, "Criterion scores cannot be negative").transform(toScore)).default({}),
  fileId: z.string().uuid().nullable().optional(),
});
export type SampleInput = z.infer<typeof sampleInput>;

export const calibrationInput = z.object({
  profile: teacherProfileInput,
  rubric: calibrationRubricInput.nullable().optional(),
  samples: z.array(sampleInput).max(50, "Use at most 50 samples").default([]),
  /** true when the teacher finishes the setup: everything is checked and the profile marked calibrated. */
  complete: z.boolean().default(false),
});
export type CalibrationInput = z.input<typeof calibrationInput>;

export const storedRubric = z.object({
  id: z.string(),
  template: z.string().nullable(),
  weights: z.record(z.string(), z.number()).nullable(),
  criteria: z.array(criterion),
});
export const storedSample = z.object({
  id: z.string(),
  rubricId: z.string().nullable(),
  content: z.string(),
  score: z.number(),
  feedback: z.string(),
  criteriaScores: z.record(z.string(), z.number()),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
});
export const calibrationResponse = z.object({
  profile: teacherProfile.nullable(),
  rubric: storedRubric.nullable(),
  samples: z.array(storedSample),
});
export type CalibrationResponse = z.infer<typeof calibrationResponse>;
