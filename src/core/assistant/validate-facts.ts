/**
 * Facts from anywhere else (a model's structured output) checked by the same rules as the offline reader: a
 * recognised but invalid value becomes a problem in the same words, never a fact; unknown keys are ignored.
 */
import { findCoursePreset } from "../setup/presets";
import { percentLabels } from "./numeric-preferences";
import {
  defaultMaxLateDays,
  defaultPenaltyPerDay,
  feedbackLengths,
  gradingApproaches,
  latePolicyTypes,
  tones,
  type CriterionFact,
  type ExtractedFacts,
  type ProfileFacts,
} from "./types";
import { matchCoursePreset } from "./welcome";

type Loose = Record<string, unknown>;
const asObject = (value: unknown): Loose | undefined => (value && typeof value === "object" && !Array.isArray(value) ? (value as Loose) : undefined);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => ((values as readonly unknown[]).includes(value) ? (value as T) : undefined);
const shortText = (value: unknown): string | undefined => (typeof value === "string" && value.trim() && value.trim().length <= 200 ? value.trim() : undefined);

function readCriteria(value: unknown, problems: string[]): CriterionFact[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const criteria: CriterionFact[] = [];
  for (const item of value.slice(0, 30)) {
    const entry = asObject(item);
    const name = shortText(entry?.name);
    if (!name) continue;
    if (isNumber(entry?.weight)) {
      if (Number.isInteger(entry.weight) && entry.weight >= 0 && entry.weight <= 100) criteria.push({ name, weight: entry.weight });
      else problems.push(`The weight for ${name} must be a whole number from 0 to 100.`);
    } else if (isNumber(entry?.points)) {
      if (entry.points > 0 && entry.points <= 1000) criteria.push({ name, points: entry.points });
      else problems.push(`Maximum points for ${name} must be more than 0 and at most 1000.`);
    }
  }
  return criteria.length ? criteria : undefined;
}

function readSampleFact(value: unknown, problems: string[]): ProfileFacts["sample"] | undefined {
  const entry = asObject(value);
  if (!entry) return undefined;
  const content = typeof entry.content === "string" ? entry.content.trim() : "";
  const feedback = typeof entry.feedback === "string" ? entry.feedback.trim() : "";
  if (!content || !isNumber(entry.score)) return undefined;
  if (!feedback) {
    problems.push("I have the essay and the score, but not your feedback. Paste the comments you gave, starting with Feedback:");
    return undefined;
  }
  if (entry.score <= 0) {
    problems.push("Score must be above 0");
    return undefined;
  }
  const maxScore = isNumber(entry.maxScore) && entry.maxScore > 0 ? entry.maxScore : undefined;
  if (maxScore !== undefined && entry.score > maxScore) {
    problems.push(`The score ${entry.score} is more than the maximum of ${maxScore}.`);
    return undefined;
  }
  return { content, score: entry.score, ...(maxScore !== undefined ? { maxScore } : {}), feedback };
}

export function validateProfileFacts(input: unknown): ExtractedFacts {
  const result: ExtractedFacts = { facts: {}, problems: [], confidence: {} };
  const raw = asObject(input);
  if (!raw) return result;
  const facts = result.facts;

  for (const field of ["name", "school", "course"] as const) {
    const value = shortText(raw[field]);
    if (value) facts[field] = value;
  }
  const preset = (typeof raw.coursePreset === "string" ? findCoursePreset(raw.coursePreset)?.id : undefined) ?? (facts.course ? matchCoursePreset(facts.course) : undefined);
  if (preset && facts.course) facts.coursePreset = preset;

  const tone = oneOf(tones, raw.tone);
  if (tone) facts.tone = tone;
  const feedbackLength = oneOf(feedbackLengths, raw.feedbackLength);
  if (feedbackLength) facts.feedbackLength = feedbackLength;
  const gradingApproach = oneOf(gradingApproaches, raw.gradingApproach);
  if (gradingApproach) facts.gradingApproach = gradingApproach;
  if (typeof raw.strengthsFirst === "boolean") facts.strengthsFirst = raw.strengthsFirst;

  for (const field of ["strictness", "grammarVsContent", "autoAcceptThreshold"] as const) {
    const value = raw[field];
    if (!isNumber(value)) continue;
    if (value < 0 || value > 100) result.problems.push(`${percentLabels[field]} must be from 0 to 100`);
    else facts[field] = Math.round(value);
  }

  const late = asObject(raw.latePolicy);
  const type = oneOf(latePolicyTypes, late?.type);
  if (late && type) {
    const penaltyPerDay = isNumber(late.penaltyPerDay) ? late.penaltyPerDay : defaultPenaltyPerDay;
    const maxLateDays = isNumber(late.maxLateDays) ? Math.round(late.maxLateDays) : defaultMaxLateDays;
    if (penaltyPerDay < 0) result.problems.push("Penalty per day cannot be negative");
    else if (type === "percentage" && penaltyPerDay > 100) result.problems.push("Penalty per day must be at most 100");
    else if (maxLateDays < 0 || maxLateDays > 365) result.problems.push("Maximum late days must be at most 365");
    else facts.latePolicy = { type, penaltyPerDay, maxLateDays };
  }

  const criteria = readCriteria(raw.criteria, result.problems);
  if (criteria) facts.criteria = criteria;
  const sample = readSampleFact(raw.sample, result.problems);
  if (sample) facts.sample = sample;
  return result;
}
