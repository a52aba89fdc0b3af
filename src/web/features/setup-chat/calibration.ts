import type { SetupChatState } from "../../../core/assistant/setup-chat-state";
import type { CalibrationInput, TeacherProfileInput } from "../../../contracts/teacher-profile";

const profileKeys = [
  "name",
  "school",
  "course",
  "tone",
  "strictness",
  "feedbackLength",
  "grammarVsContent",
  "gradingApproach",
  "latePolicy",
  "strengthsFirst",
  "autoAcceptThreshold",
] as const satisfies readonly (keyof TeacherProfileInput & keyof SetupChatState["profile"])[];

/** The profile fields the chat collected, as the profile API takes them (the course preset is the chat's own note). */
export function toProfileInput(state: SetupChatState): TeacherProfileInput {
  const profile: Record<string, unknown> = {};
  for (const key of profileKeys) {
    if (state.profile[key] !== undefined) profile[key] = state.profile[key];
  }
  return profile as TeacherProfileInput;
}

const weightKeyMax = 60;

/**
 * Percentages that add up to exactly 100, from any positive amounts: each rounded down, then the remaining points
 * go to the largest remainders (so 3 equal criteria give 34, 33, 33).
 */
export function toPercentages(amounts: number[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (total <= 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (amount / total) * 100);
  const floored = exact.map(Math.floor);
  let left = 100 - floored.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floored[index]! += 1;
    left -= 1;
  }
  return floored;
}

export function rubricTotalOf(state: SetupChatState): number {
  return state.rubric.criteria.reduce((total, criterion) => total + criterion.maxPoints, 0);
}

/**
 * The weights the profile keeps, by lower-case criterion name as the presets write them. A weighted rubric gives its
 * weights; a points rubric gives each criterion's share of the total, since the profile's rubric is always weighted.
 */
export function toRubricWeights(state: SetupChatState): Record<string, number> {
  const { criteria } = state.rubric;
  const values = state.rubric.kind === "weights" ? criteria.map((criterion) => criterion.weight ?? criterion.maxPoints) : toPercentages(criteria.map((criterion) => criterion.maxPoints));
  const weights: Record<string, number> = {};
  criteria.forEach((criterion, index) => {
    const key = criterion.name.toLowerCase().slice(0, weightKeyMax);
    weights[key] = (weights[key] ?? 0) + values[index]!;
  });
  return weights;
}

/** A sample's score on the rubric's scale (0..total): the state keeps it out of `outOf`. One decimal at most. */
export function scaleScore(score: number, outOf: number, total: number): number {
  if (outOf <= 0 || total <= 0 || outOf === total) return score;
  return Math.round((score / outOf) * total * 10) / 10;
}

/** The whole chat setup as one PUT /api/calibration body (spec: one transaction). */
export function toCalibrationInput(state: SetupChatState, complete: boolean): CalibrationInput {
  const total = rubricTotalOf(state);
  return {
    profile: toProfileInput(state),
    rubric: state.rubric.criteria.length
      ? {
          template: state.rubric.template ?? "custom",
          weights: toRubricWeights(state),
          criteria: state.rubric.criteria.map(({ id, name, maxPoints, descriptors }) => ({ id, name, maxPoints, descriptors })),
        }
      : null,
    samples: state.samples.map((sample) => ({
      content: sample.content,
      score: total > 0 ? scaleScore(sample.score, sample.outOf, total) : sample.score,
      feedback: sample.feedback,
      criteriaScores: {},
    })),
    complete,
  };
}
