/**
 * The chat setup's state and the teacher's saved calibration (profile, first rubric, samples) as one thing: the
 * server saves each turn and rebuilds the state from what it read back, so the chat's checklist counts what was
 * saved, and a setup finished by the form is finished in the chat too. Shapes here are the plain data the profile
 * API stores; this file does no I/O.
 */
import { describeWeightsProblem } from "../setup/weights";
import { sanitizeSetupChatState, type SetupChatCriterion, type SetupChatProfile, type SetupChatState } from "./setup-chat-state";
import { capitalize } from "./text";
import { preferenceFields, welcomeFields } from "./types";
import { matchCoursePreset } from "./welcome";

export interface SavedCriterion {
  id: string;
  name: string;
  maxPoints: number;
  descriptors: string[];
}

export interface SavedSetup {
  profile: Record<string, unknown> | null;
  rubric: { template: string | null; weights: Record<string, number> | null; criteria: SavedCriterion[] } | null;
  samples: { id?: string; content: string; score: number; feedback: string; fileId?: string | null; criteriaScores?: Record<string, number> }[];
}

/** The profile fields the chat asks for, as the profile API names them (the course preset is the chat's own note). */
export const savedProfileKeys = [...welcomeFields, ...preferenceFields] as const satisfies readonly (keyof SetupChatProfile)[];

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

export function rubricTotalOf(state: SetupChatState): number {
  return state.rubric.criteria.reduce((total, criterion) => total + criterion.maxPoints, 0);
}

/** The profile fields the chat collected, as the profile API takes them. */
export function toSavedProfile(state: SetupChatState): Partial<Record<(typeof savedProfileKeys)[number], unknown>> {
  const profile: Record<string, unknown> = {};
  for (const key of savedProfileKeys) {
    if (state.profile[key] !== undefined) profile[key] = state.profile[key];
  }
  return profile;
}

/** The rubric as stored; weights only when they are complete (adding up to 100), since stored weights must be. */
export function toSavedRubric(state: SetupChatState): { template: string; weights: Record<string, number> | null; criteria: SavedCriterion[] } | null {
  if (!state.rubric.criteria.length) return null;
  const weights = toRubricWeights(state);
  return {
    template: state.rubric.template ?? "custom",
    weights: describeWeightsProblem(weights) ? null : weights,
    criteria: state.rubric.criteria.map(({ id, name, maxPoints, descriptors }) => ({ id, name, maxPoints, descriptors })),
  };
}

function readRubric(saved: SavedSetup["rubric"], hint: SetupChatState): SetupChatState["rubric"] {
  if (!saved) return { criteria: [] };
  const weights = saved.weights ?? undefined;
  const template = saved.template && saved.template !== "custom" ? { template: saved.template } : {};
  // The form may store only a template and its weights: each weight is then a criterion.
  if (!saved.criteria.length) {
    if (!weights || !Object.keys(weights).length) return { criteria: [] };
    const criteria = Object.entries(weights).map(([name, weight]): SetupChatCriterion => ({ id: `criterion-${name.replace(/[^a-z0-9]+/g, "-")}`, name: capitalize(name), maxPoints: weight, weight, descriptors: [] }));
    return { kind: "weights", ...template, criteria };
  }
  const isWeighted = weights
    ? saved.criteria.every((criterion) => weights[criterion.name.toLowerCase().slice(0, weightKeyMax)] === criterion.maxPoints)
    : hint.rubric.kind === "weights" && saved.criteria.every((criterion) => hint.rubric.criteria.some((kept) => kept.name === criterion.name));
  const criteria = saved.criteria.map((criterion): SetupChatCriterion => ({ ...criterion, ...(isWeighted ? { weight: criterion.maxPoints } : {}) }));
  return { kind: isWeighted ? "weights" : "points", ...template, criteria };
}

/**
 * The chat's state from what the server has saved. The client's state gives only where the conversation stands
 * (what was asked, what was last answered, how the rubric is expressed); every value comes from the saved setup.
 */
export function fromSavedSetup(saved: SavedSetup, hint: SetupChatState): SetupChatState {
  const rubric = readRubric(saved.rubric, hint);
  const total = rubric.criteria.reduce((sum, criterion) => sum + criterion.maxPoints, 0);
  const outOf = total > 0 ? total : 100;
  const state = sanitizeSetupChatState({
    currentStep: hint.currentStep,
    lastField: hint.lastField,
    profile: Object.fromEntries(savedProfileKeys.map((key) => [key, saved.profile?.[key] ?? undefined])),
    rubric,
    samples: saved.samples.map((sample) => ({ ...sample, outOf })),
  });
  const preset = state.profile.course ? matchCoursePreset(state.profile.course) : undefined;
  if (preset) state.profile.coursePreset = preset;
  // A question already answered elsewhere (the form, another tab) is not asked again.
  const asked = hint.askedField;
  const isAnswered = asked !== undefined && asked !== "rubric" && asked !== "sample" && state.profile[asked] !== undefined;
  if (asked && !isAnswered) state.askedField = asked;
  return state;
}
