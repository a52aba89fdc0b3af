import {
  initialSetupState,
  restoreSetupState,
  type ServerCalibration,
  type SetupProfile,
  type SetupSample,
  type SetupState,
} from "../../../core/setup";
import type { CalibrationInput, CalibrationResponse } from "../../../contracts/teacher-profile";

/** Spec section 9: the form setup's browser storage key. */
export const setupStorageKey = "setup_wizard_state";

/**
 * The stored state carries the e-mail of the teacher it belongs to, so on a shared computer one teacher's
 * answers and samples never open in another teacher's setup.
 */
export function readStoredSetupState(owner: string): SetupState {
  try {
    const raw = window.localStorage.getItem(setupStorageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object" && "owner" in parsed && parsed.owner !== owner) return initialSetupState;
    return restoreSetupState(parsed);
  } catch {
    return initialSetupState;
  }
}

export function writeStoredSetupState(state: SetupState, owner: string): void {
  try {
    window.localStorage.setItem(setupStorageKey, JSON.stringify({ ...state, owner }));
  } catch (error) {
    // A full or disabled storage only costs the restore after a reload; the page keeps working.
    console.warn("Could not keep the setup state in this browser", error);
  }
}

/** Throws when the browser refuses; the caller shows the reset failure message. */
export function clearStoredSetupState(): void {
  window.localStorage.removeItem(setupStorageKey);
}

/** Recalibrate sends the teacher back to the first step, keeping what they entered. */
export function rewindStoredSetupState(owner: string): void {
  const state = readStoredSetupState(owner);
  writeStoredSetupState({ ...state, currentStep: "welcome" }, owner);
}

const profileKeys = [
  "name",
  "school",
  "course",
  "department",
  "standard",
  "tone",
  "strictness",
  "feedbackLength",
  "grammarVsContent",
  "gradingApproach",
  "latePolicy",
  "strengthsFirst",
  "autoAcceptThreshold",
] as const satisfies readonly (keyof SetupProfile)[];

function pickProfile(source: Record<string, unknown>): SetupProfile {
  const picked: Record<string, unknown> = {};
  for (const key of profileKeys) {
    if (source[key] !== undefined && source[key] !== null) picked[key] = source[key];
  }
  return picked as SetupProfile;
}

/** The server's answer in the shape the setup's merge rule takes. */
export function toServerCalibration(data: CalibrationResponse): ServerCalibration {
  return {
    profile: data.profile ? pickProfile(data.profile) : null,
    rubric: data.rubric
      ? {
          id: data.rubric.id,
          ...(data.rubric.template ? { template: data.rubric.template } : {}),
          ...(data.rubric.weights ? { weights: data.rubric.weights } : {}),
          criteria: data.rubric.criteria,
        }
      : null,
    samples: data.samples.map(
      (sample): SetupSample => ({
        id: sample.id,
        content: sample.content,
        score: sample.score,
        feedback: sample.feedback,
        criteriaScores: sample.criteriaScores,
        fileId: sample.fileId,
        fileName: sample.fileName,
      }),
    ),
  };
}

/** Everything the setup collected, as one PUT /api/calibration body. */
export function toCalibrationInput(state: SetupState, complete: boolean): CalibrationInput {
  const { rubric } = state;
  const hasRubric = Boolean(rubric.template || (rubric.weights && Object.keys(rubric.weights).length));
  return {
    profile: pickProfile(state.profile as Record<string, unknown>),
    rubric: hasRubric
      ? {
          ...(rubric.id ? { id: rubric.id } : {}),
          template: rubric.template,
          weights: rubric.weights,
          criteria: rubric.criteria ?? [],
        }
      : null,
    samples: state.samples.map((sample) => ({
      ...(sample.id ? { id: sample.id } : {}),
      content: sample.content,
      score: sample.score,
      feedback: sample.feedback,
      criteriaScores: sample.criteriaScores ?? {},
      fileId: sample.fileId ?? null,
    })),
    complete,
  };
}
