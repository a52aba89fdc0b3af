/**
 * The chat setup's state. The browser keeps it and sends it back with every message, so the server reads it with
 * `sanitizeSetupChatState`: every value is checked against the same limits as the profile API, anything unknown or
 * invalid is treated as missing, and extra keys are dropped (a fresh object is built, nothing is copied through).
 */
import { findCoursePreset } from "../setup/presets";
import {
  feedbackLengths,
  gradingApproaches,
  latePolicyTypes,
  profileFields,
  setupChatSteps,
  tones,
  type CoursePresetId,
  type FeedbackLength,
  type GradingApproach,
  type LatePolicy,
  type ProfileField,
  type SetupChatStep,
  type Tone,
} from "./types";

export interface SetupChatProfile {
  name?: string;
  school?: string;
  course?: string;
  coursePreset?: CoursePresetId;
  tone?: Tone;
  strictness?: number;
  feedbackLength?: FeedbackLength;
  grammarVsContent?: number;
  gradingApproach?: GradingApproach;
  latePolicy?: LatePolicy;
  strengthsFirst?: boolean;
  autoAcceptThreshold?: number;
}

/** Shaped like the profile API's criterion (id, name, maxPoints, descriptors); weight is set on a weighted rubric. */
export interface SetupChatCriterion {
  id: string;
  name: string;
  maxPoints: number;
  weight?: number;
  descriptors: string[];
}

export interface SetupChatRubric {
  /** weights: percentages that must make 100 (maxPoints equals the weight); points: maxPoints only. */
  kind?: "weights" | "points";
  /** Set when the teacher took a course preset's rubric, e.g. 4-part-historical. */
  template?: string;
  criteria: SetupChatCriterion[];
}

/** A graded sample; score is on a scale of outOf (the rubric's total when known, else 100). */
export interface SetupChatSample {
  content: string;
  score: number;
  outOf: number;
  feedback: string;
  /** A saved sample's id, file and criterion scores, so saving the setup again keeps them (the form sets them). */
  id?: string;
  fileId?: string;
  criteriaScores?: Record<string, number>;
}

export interface SetupChatState {
  currentStep: SetupChatStep;
  /** What the assistant asked last, so a bare answer ("80", "Jefferson High") is read as that field. */
  askedField?: ProfileField;
  /** The field the last answer set, so "no, I meant 30%" corrects that answer rather than the next question. */
  lastField?: ProfileField;
  profile: SetupChatProfile;
  rubric: SetupChatRubric;
  samples: SetupChatSample[];
}

export const initialSetupChatState: SetupChatState = { currentStep: "welcome", profile: {}, rubric: { criteria: [] }, samples: [] };

const limits = { text: 200, criteria: 30, descriptors: 20, descriptor: 2000, samples: 50, sample: 200_000, feedback: 20_000 };

type Loose = Record<string, unknown>;
const asObject = (value: unknown): Loose | undefined => (value && typeof value === "object" && !Array.isArray(value) ? (value as Loose) : undefined);
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
const text = (value: unknown, max = limits.text): string | undefined => {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
};
const wholeNumber = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
const finite = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= min && value <= max ? value : undefined;

function sanitizeLatePolicy(value: unknown): LatePolicy | undefined {
  const input = asObject(value);
  const type = oneOf(latePolicyTypes, input?.type);
  const penaltyPerDay = finite(input?.penaltyPerDay, 0, 100);
  const maxLateDays = wholeNumber(input?.maxLateDays, 0, 365);
  return type && penaltyPerDay !== undefined && maxLateDays !== undefined ? { type, penaltyPerDay, maxLateDays } : undefined;
}

function sanitizeProfile(value: unknown): SetupChatProfile {
  const input = asObject(value) ?? {};
  const candidate: SetupChatProfile = {
    name: text(input.name),
    school: text(input.school),
    course: text(input.course),
    coursePreset: typeof input.coursePreset === "string" ? findCoursePreset(input.coursePreset)?.id : undefined,
    tone: oneOf(tones, input.tone),
    strictness: wholeNumber(input.strictness, 0, 100),
    feedbackLength: oneOf(feedbackLengths, input.feedbackLength),
    grammarVsContent: wholeNumber(input.grammarVsContent, 0, 100),
    gradingApproach: oneOf(gradingApproaches, input.gradingApproach),
    latePolicy: sanitizeLatePolicy(input.latePolicy),
    strengthsFirst: typeof input.strengthsFirst === "boolean" ? input.strengthsFirst : undefined,
    autoAcceptThreshold: wholeNumber(input.autoAcceptThreshold, 0, 100),
  };
  return Object.fromEntries(Object.entries(candidate).filter(([, field]) => field !== undefined)) as SetupChatProfile;
}

export function criterionId(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 80);
  return `criterion-${slug || "unnamed"}`;
}

function sanitizeRubric(value: unknown): SetupChatRubric {
  const input = asObject(value) ?? {};
  const kind = oneOf(["weights", "points"] as const, input.kind);
  const criteria: SetupChatCriterion[] = [];
  const seen = new Set<string>();
  for (const item of Array.isArray(input.criteria) ? input.criteria.slice(0, limits.criteria) : []) {
    const entry = asObject(item);
    const name = text(entry?.name);
    const weight = wholeNumber(entry?.weight, 0, 100);
    const maxPoints = kind === "weights" ? weight : finite(entry?.maxPoints, Number.MIN_VALUE, 1000);
    if (!name || maxPoints === undefined || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const descriptors = Array.isArray(entry?.descriptors)
      ? entry.descriptors.slice(0, limits.descriptors).map((line) => text(line, limits.descriptor)).filter((line): line is string => line !== undefined)
      : [];
    const id = text(entry?.id, 100) ?? criterionId(name);
    criteria.push({ id, name, maxPoints, ...(kind === "weights" ? { weight: maxPoints } : {}), descriptors });
  }
  const template = text(input.template);
  return { ...(kind && criteria.length ? { kind } : {}), ...(template ? { template } : {}), criteria };
}

function sanitizeSamples(value: unknown): SetupChatSample[] {
  const samples: SetupChatSample[] = [];
  for (const item of Array.isArray(value) ? value.slice(0, limits.samples) : []) {
    const entry = asObject(item);
    const content = text(entry?.content, limits.sample);
    const feedback = text(entry?.feedback, limits.feedback);
    const outOf = finite(entry?.outOf, Number.MIN_VALUE, 10_000);
    const score = outOf === undefined ? undefined : finite(entry?.score, Number.MIN_VALUE, outOf);
    if (!content || !feedback || outOf === undefined || score === undefined) continue;
    const id = text(entry?.id, 100);
    const fileId = text(entry?.fileId, 100);
    const scores = asObject(entry?.criteriaScores);
    const criteriaScores = scores ? Object.fromEntries(Object.entries(scores).filter(([, value]) => finite(value, 0, 1000) !== undefined)) as Record<string, number> : undefined;
    samples.push({ content, score, outOf, feedback, ...(id ? { id } : {}), ...(fileId ? { fileId } : {}), ...(criteriaScores && Object.keys(criteriaScores).length ? { criteriaScores } : {}) });
  }
  return samples;
}

/** Reads a state sent by a client; never throws, whatever it is given. */
export function sanitizeSetupChatState(input: unknown): SetupChatState {
  const state = asObject(input) ?? {};
  const askedField = oneOf(profileFields, state.askedField);
  const lastField = oneOf(profileFields, state.lastField);
  return {
    currentStep: oneOf(setupChatSteps, state.currentStep) ?? "welcome",
    ...(askedField ? { askedField } : {}),
    ...(lastField ? { lastField } : {}),
    profile: sanitizeProfile(state.profile),
    rubric: sanitizeRubric(state.rubric),
    samples: sanitizeSamples(state.samples),
  };
}
