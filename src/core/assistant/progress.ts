/**
 * How far the chat setup has come: the checklist the page shows, the rubric's remaining problem, and the next
 * thing to ask for (welcome fields, then the 8 preferences, then the rubric, then a sample).
 */
import { describeWeightsProblem } from "../setup/weights";
import type { SetupChatState } from "./setup-chat-state";
import { preferenceFields, welcomeFields, type ProfileField, type SetupChatStep } from "./types";

export interface SetupChecklist {
  welcomeDone: boolean;
  /** How many of the 8 preferences are set. */
  preferencesSet: number;
  criteriaCount: number;
  sampleCount: number;
  /** Spec: Start Grading needs welcome, 8/8 preferences, at least 3 criteria (a valid rubric) and at least 1 sample. */
  readyToGrade: boolean;
}

export const minimumCriteria = 3;

export function rubricWeights(state: SetupChatState): Record<string, number> | undefined {
  if (state.rubric.kind !== "weights") return undefined;
  return Object.fromEntries(state.rubric.criteria.map((criterion) => [criterion.name.toLowerCase(), criterion.weight ?? criterion.maxPoints]));
}

export function rubricTotal(state: SetupChatState): number | undefined {
  if (state.rubric.criteria.length === 0) return undefined;
  return state.rubric.criteria.reduce((total, criterion) => total + criterion.maxPoints, 0);
}

/** What still keeps the rubric from being usable, in words for the teacher; undefined when it is complete. */
export function describeRubricProblem(state: SetupChatState): string | undefined {
  const count = state.rubric.criteria.length;
  if (count < minimumCriteria) return `A rubric needs at least ${minimumCriteria} criteria; I have ${count === 0 ? "none" : count} so far.`;
  const weights = rubricWeights(state);
  return weights ? describeWeightsProblem(weights) : undefined;
}

export function isWelcomeDone(state: SetupChatState): boolean {
  return welcomeFields.every((field) => Boolean(state.profile[field]));
}

export function countPreferences(state: SetupChatState): number {
  return preferenceFields.filter((field) => state.profile[field] !== undefined).length;
}

export function buildChecklist(state: SetupChatState): SetupChecklist {
  const welcomeDone = isWelcomeDone(state);
  const preferencesSet = countPreferences(state);
  const criteriaCount = state.rubric.criteria.length;
  const sampleCount = state.samples.length;
  const readyToGrade = welcomeDone && preferencesSet === preferenceFields.length && !describeRubricProblem(state) && sampleCount >= 1;
  return { welcomeDone, preferencesSet, criteriaCount, sampleCount, readyToGrade };
}

/** The next field to ask for, in the conversation's order; undefined when the profile is complete. */
export function nextMissingField(state: SetupChatState): ProfileField | undefined {
  const welcome = welcomeFields.find((field) => !state.profile[field]);
  if (welcome) return welcome;
  const preference = preferenceFields.find((field) => state.profile[field] === undefined);
  if (preference) return preference;
  if (describeRubricProblem(state)) return "rubric";
  if (state.samples.length === 0) return "sample";
  return undefined;
}

export function stepForField(field: ProfileField | undefined): SetupChatStep {
  if (field === undefined) return "complete";
  if ((welcomeFields as readonly string[]).includes(field)) return "welcome";
  if ((preferenceFields as readonly string[]).includes(field)) return "preferences";
  return field === "rubric" ? "rubric" : "samples";
}
