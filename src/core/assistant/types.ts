/**
 * Shapes shared by the chat-based setup: what free text can tell us about a teacher, and the conversation's state.
 * The value sets repeat the specification's (section 9) so this folder stays independent of src/contracts.
 */
import type { CoursePreset } from "../setup/presets";

export const tones = ["gentle", "neutral", "direct"] as const;
export type Tone = (typeof tones)[number];
export const feedbackLengths = ["short", "standard", "detailed"] as const;
export type FeedbackLength = (typeof feedbackLengths)[number];
export const gradingApproaches = ["holistic", "points"] as const;
export type GradingApproach = (typeof gradingApproaches)[number];
export const latePolicyTypes = ["none", "percentage", "points"] as const;
export type LatePolicyType = (typeof latePolicyTypes)[number];

export interface LatePolicy {
  type: LatePolicyType;
  penaltyPerDay: number;
  maxLateDays: number;
}

/** Spec section 5: defaults when unset. */
export const defaultPenaltyPerDay = 10;
export const defaultMaxLateDays = 7;

export const setupChatSteps = ["welcome", "preferences", "rubric", "samples", "complete"] as const;
export type SetupChatStep = (typeof setupChatSteps)[number];

export const welcomeFields = ["name", "school", "course"] as const;
export type WelcomeField = (typeof welcomeFields)[number];

/** The eight preferences, in the order the conversation asks for them. */
export const preferenceFields = [
  "tone",
  "strictness",
  "feedbackLength",
  "grammarVsContent",
  "gradingApproach",
  "latePolicy",
  "strengthsFirst",
  "autoAcceptThreshold",
] as const;
export type PreferenceField = (typeof preferenceFields)[number];

/** What the assistant can have just asked for: a profile field, the rubric or a graded sample. */
export const profileFields = [...welcomeFields, ...preferenceFields, "rubric", "sample"] as const;
export type ProfileField = (typeof profileFields)[number];

export type CoursePresetId = CoursePreset["id"];

/** One rubric criterion as a teacher typed it: a percentage weight or a number of points. */
export interface CriterionFact {
  name: string;
  weight?: number;
  points?: number;
}

/** A pasted graded sample: the student's text, the score the teacher gave (out of maxScore when stated) and the feedback. */
export interface SampleFact {
  content: string;
  score: number;
  maxScore?: number;
  feedback: string;
}

export interface ProfileFacts {
  name: string;
  school: string;
  course: string;
  coursePreset: CoursePresetId;
  tone: Tone;
  strictness: number;
  feedbackLength: FeedbackLength;
  grammarVsContent: number;
  gradingApproach: GradingApproach;
  latePolicy: LatePolicy;
  strengthsFirst: boolean;
  autoAcceptThreshold: number;
  criteria: CriterionFact[];
  sample: SampleFact;
}

export type FactName = keyof ProfileFacts;

export interface ExtractedFacts {
  facts: Partial<ProfileFacts>;
  /** Values that were recognised but are not valid, written for the teacher. */
  problems: string[];
  /** 1 for an explicit statement ("strictness 80"), lower for a reading of vaguer words ("pretty strict"). */
  confidence: Partial<Record<FactName, number>>;
  /** The message read as a student's text (a sample or not): nothing in it is about the teacher's settings. */
  isStudentText?: true;
}

export interface ExtractionContext {
  step: SetupChatStep;
  askedField?: ProfileField;
  /** How the rubric so far is expressed, so a bare "evidence 40" continues it the same way. */
  rubricKind?: "weights" | "points";
}
