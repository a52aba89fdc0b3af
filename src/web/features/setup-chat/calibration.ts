import { rubricTotalOf, scaleScore, toPercentages, toRubricWeights, toSavedProfile, toSavedRubric } from "../../../core/assistant/saved-setup";
import type { SetupChatState } from "../../../core/assistant/setup-chat-state";
import type { CalibrationInput, TeacherProfileInput } from "../../../contracts/teacher-profile";

export { rubricTotalOf, scaleScore, toPercentages, toRubricWeights };

/** The profile fields the chat collected, as the profile API takes them (the course preset is the chat's own note). */
export function toProfileInput(state: SetupChatState): TeacherProfileInput {
  return toSavedProfile(state) as TeacherProfileInput;
}

/** The whole chat setup as one PUT /api/calibration body (spec: one transaction). */
export function toCalibrationInput(state: SetupChatState, complete: boolean): CalibrationInput {
  const total = rubricTotalOf(state);
  const rubric = toSavedRubric(state);
  return {
    profile: toProfileInput(state),
    rubric: rubric ? { template: rubric.template, weights: toRubricWeights(state), criteria: rubric.criteria } : null,
    samples: state.samples.map((sample) => ({
      ...(sample.id ? { id: sample.id } : {}),
      content: sample.content,
      score: total > 0 ? scaleScore(sample.score, sample.outOf, total) : sample.score,
      feedback: sample.feedback,
      criteriaScores: sample.criteriaScores ?? {},
      ...(sample.fileId ? { fileId: sample.fileId } : {}),
    })),
    complete,
  };
}
