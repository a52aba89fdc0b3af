/**
 * The profile as plain text: what the review dialog shows in its 12-row box and what the teacher checks before
 * saving. One line per item, "not set yet" for what is missing, so nothing is silently assumed.
 */
import { findCoursePreset } from "../setup/presets";
import { rubricTotal } from "./progress";
import type { SetupChatState } from "./setup-chat-state";
import type { LatePolicy } from "./types";

const notSet = "not set yet";

export function describeLatePolicy(policy: LatePolicy): string {
  if (policy.type === "none") return "no penalty";
  const amount = policy.type === "percentage" ? `${policy.penaltyPerDay}%` : `${policy.penaltyPerDay} point${policy.penaltyPerDay === 1 ? "" : "s"}`;
  return `${amount} off per day, up to ${policy.maxLateDays} day${policy.maxLateDays === 1 ? "" : "s"}`;
}

export function describeCriteria(state: SetupChatState): string {
  const { criteria } = state.rubric;
  if (criteria.length === 0) return notSet;
  const isWeighted = state.rubric.kind === "weights";
  const parts = criteria.map((criterion) => (isWeighted ? `${criterion.name} ${criterion.maxPoints}%` : `${criterion.name} ${criterion.maxPoints} pts`));
  const total = rubricTotal(state) ?? 0;
  return `${parts.join(", ")} (total ${isWeighted ? `${total}%` : `${total} points`})`;
}

export function buildProfileText(state: SetupChatState): string {
  const { profile } = state;
  const show = (value: string | number | undefined) => (value === undefined || value === "" ? notSet : String(value));
  const preset = profile.coursePreset ? findCoursePreset(profile.coursePreset) : undefined;
  const lines = [
    `Name: ${show(profile.name)}`,
    `School: ${show(profile.school)}`,
    `Course: ${show(profile.course)}${preset ? ` (${preset.label} preset)` : ""}`,
    `Tone: ${show(profile.tone)}`,
    `Strictness: ${profile.strictness === undefined ? notSet : `${profile.strictness}/100`}`,
    `Feedback length: ${show(profile.feedbackLength)}`,
    `Grammar vs content: ${profile.grammarVsContent === undefined ? notSet : `${profile.grammarVsContent}% grammar, ${100 - profile.grammarVsContent}% content`}`,
    `Grading approach: ${show(profile.gradingApproach)}`,
    `Late policy: ${profile.latePolicy ? describeLatePolicy(profile.latePolicy) : notSet}`,
    `Strengths first: ${profile.strengthsFirst === undefined ? notSet : profile.strengthsFirst ? "yes" : "no"}`,
    `Auto-accept threshold: ${profile.autoAcceptThreshold === undefined ? notSet : profile.autoAcceptThreshold >= 100 ? "never (review every grade)" : `above ${profile.autoAcceptThreshold}% confidence`}`,
    `Rubric: ${describeCriteria(state)}`,
    `Graded samples: ${state.samples.length === 0 ? "none yet" : state.samples.map((sample) => `${formatScore(sample.score)}/${formatScore(sample.outOf)}`).join(", ")}`,
  ];
  return lines.join("\n");
}

export function formatScore(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
