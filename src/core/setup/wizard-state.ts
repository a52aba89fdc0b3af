/**
 * The form setup's state machine (spec section 4): steps, completion rules, and how the server's
 * calibration data merges into what the browser kept.
 */
export const setupSteps = ["welcome", "preferences", "rubric", "samples", "complete"] as const;
export type SetupStep = (typeof setupSteps)[number];

export interface SetupProfile {
  name?: string;
  school?: string;
  course?: string;
  department?: string;
  tone?: "gentle" | "neutral" | "direct";
  strictness?: number;
  feedbackLength?: "short" | "standard" | "detailed";
  grammarVsContent?: number;
  gradingApproach?: "holistic" | "points";
  latePolicy?: { type: "none" | "percentage" | "points"; penaltyPerDay: number; maxLateDays: number };
  strengthsFirst?: boolean;
  autoAcceptThreshold?: number;
  standard?: string;
  calibrated?: boolean;
}

export interface SetupRubric {
  id?: string;
  template?: string;
  weights?: Record<string, number>;
  criteria?: { id: string; name: string; maxPoints: number; descriptors: string[] }[];
}

export interface SetupSample {
  id?: string;
  content: string;
  score: number;
  feedback: string;
  criteriaScores?: Record<string, number>;
  fileId?: string | null;
  fileName?: string | null;
}

export interface SetupState {
  currentStep: SetupStep;
  profile: SetupProfile;
  rubric: SetupRubric;
  samples: SetupSample[];
  calibrationFit?: unknown;
}

export const initialSetupState: SetupState = { currentStep: "welcome", profile: {}, rubric: {}, samples: [] };

const hasText = (value: string | undefined) => Boolean(value && value.trim());

/** Whether a step's requirements are met; samples never completes by itself, complete always does. */
export function isStepComplete(step: SetupStep, state: SetupState): boolean {
  switch (step) {
    case "welcome":
      return hasText(state.profile.name) && hasText(state.profile.school) && hasText(state.profile.course);
    case "preferences":
      return Boolean(state.profile.tone) && typeof state.profile.strictness === "number";
    case "rubric":
      return hasText(state.rubric.template) && Object.keys(state.rubric.weights ?? {}).length > 0;
    case "samples":
      return false;
    case "complete":
      return true;
  }
}

export function nextStep(step: SetupStep): SetupStep {
  const index = setupSteps.indexOf(step);
  return setupSteps[Math.min(index + 1, setupSteps.length - 1)]!;
}

export function previousStep(step: SetupStep): SetupStep {
  const index = setupSteps.indexOf(step);
  return setupSteps[Math.max(index - 1, 0)]!;
}

export interface ServerCalibration {
  profile: SetupProfile | null;
  rubric: SetupRubric | null;
  samples: SetupSample[];
}

/**
 * Merges the server's calibration data into the browser's state: the profile is merged field by field,
 * the rubric replaced when the server has one, the samples replaced only when the server has any.
 */
export function mergeServerCalibration(state: SetupState, server: ServerCalibration): SetupState {
  return {
    ...state,
    profile: { ...state.profile, ...withoutEmpty(server.profile ?? {}) },
    rubric: server.rubric ? server.rubric : state.rubric,
    samples: server.samples.length > 0 ? server.samples : state.samples,
  };
}

function withoutEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null && field !== undefined)) as Partial<T>;
}

/** Reads a stored state defensively: anything unrecognisable starts over at welcome. */
export function restoreSetupState(stored: unknown): SetupState {
  if (!stored || typeof stored !== "object") return initialSetupState;
  const candidate = stored as Partial<SetupState>;
  if (!setupSteps.includes(candidate.currentStep as SetupStep)) return initialSetupState;
  return {
    currentStep: candidate.currentStep as SetupStep,
    profile: typeof candidate.profile === "object" && candidate.profile ? candidate.profile : {},
    rubric: typeof candidate.rubric === "object" && candidate.rubric ? candidate.rubric : {},
    samples: Array.isArray(candidate.samples) ? candidate.samples : [],
    ...(candidate.calibrationFit !== undefined ? { calibrationFit: candidate.calibrationFit } : {}),
  };
}
