import { remembered } from "./remembered.js";
import { addCalendarDays, DAY_MS, instantOfWallTime } from "./time-zone.js";
import { plural } from "../language/plural.js";

export type LatePolicyType = "none" | "percentage" | "points";

export interface LatePolicy {
  type: LatePolicyType;
  /** Percent of the maximum score (percentage) or points (points) taken per late day. */
  penaltyPerDay: number;
  /** The most late days that are charged; later work is flagged for the teacher instead of charged more. */
  maxLateDays: number;
}

export interface LatePolicyInput {
  rawScore: number;
  maxScore: number;
  submittedAt: Date;
  /** The due moment; null when the assignment has no due date. */
  dueAt: Date | null;
  policy: LatePolicy;
  /** The teacher's IANA time zone: late days follow its calendar (23- and 25-hour days included). UTC when absent. */
  timeZone?: string;
}

export interface LatePolicyResult {
  /** Whole days started after the due moment; 0 when on time or when there is no due date. */
  daysLate: number;
  /** Points taken off the raw score. */
  penalty: number;
  /** rawScore minus penalty: never below 0, never above rawScore. */
  finalScore: number;
  /** Submitted after more than maxLateDays late days: the penalty stops growing and the teacher decides. */
  beyondMaxLateDays: boolean;
  /** One sentence a teacher can read. */
  explanation: string;
}

/**
 * The due moment for a date-only due date: the last millisecond of that day in the teacher's time zone, so work
 * handed in at 23:59 that evening is on time and work at midnight is one day late.
 */
export function dueMomentFor(dueDate: string, timeZone: string): Date {
  return new Date(dueInstantFor(dueDate, timeZone));
}

/** The due moment as milliseconds: kept, since every student of a class has the same one (remembered.ts). */
const dueInstantFor = remembered((dueDate: string, timeZone: string): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  if (!match) throw new RangeError(`Due date "${dueDate}" is not in the form YYYY-MM-DD.`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Due date "${dueDate}" is not a real calendar date.`);
  }
  const nextMidnight = instantOfWallTime(
    { year, month, day: day + 1, hour: 0, minute: 0, second: 0, millisecond: 0 },
    timeZone,
  );
  return nextMidnight - 1;
});

/**
 * Late day n ends at the due moment's wall-clock time n calendar days later, so a day that loses or gains an hour to
 * DST still counts as one day, the way a teacher reads a calendar.
 */
function countDaysLate(submitted: number, due: number, timeZone: string | undefined): number {
  if (submitted <= due) return 0;
  if (!timeZone) return Math.ceil((submitted - due) / DAY_MS);
  // Calendar days are 23 to 25 hours, so the elapsed-time estimate is at most one off; start below and step up.
  let days = Math.max(1, Math.floor((submitted - due) / DAY_MS));
  while (submitted > addCalendarDays(due, days, timeZone)) days += 1;
  while (days > 1 && submitted <= addCalendarDays(due, days - 1, timeZone)) days -= 1;
  return days;
}

// Scores are shown to people: two decimals, and no 0.30000000000000004.
const round2 = (value: number) => Math.round(value * 100) / 100;

function assertValid(input: LatePolicyInput): void {
  const { rawScore, maxScore, submittedAt, dueAt, policy } = input;
  if (!Number.isFinite(maxScore) || maxScore <= 0) throw new RangeError("maxScore must be a positive number.");
  if (!Number.isFinite(rawScore) || rawScore < 0) throw new RangeError("rawScore must be zero or more.");
  if (Number.isNaN(submittedAt.getTime())) throw new RangeError("submittedAt is not a valid date.");
  if (dueAt && Number.isNaN(dueAt.getTime())) throw new RangeError("dueAt is not a valid date.");
  if (!Number.isFinite(policy.penaltyPerDay) || policy.penaltyPerDay < 0) {
    throw new RangeError("penaltyPerDay must be zero or more.");
  }
  if (!Number.isInteger(policy.maxLateDays) || policy.maxLateDays < 0) {
    throw new RangeError("maxLateDays must be a whole number of days, zero or more.");
  }
}

/**
 * Applies the assignment's late policy to a raw score. Beyond maxLateDays the penalty is capped at maxLateDays days
 * and the result is flagged (beyondMaxLateDays) for the teacher to decide; the work is never silently zeroed.
 */
export function applyLatePolicy(input: LatePolicyInput): LatePolicyResult {
  assertValid(input);
  const { rawScore, maxScore, submittedAt, dueAt, policy, timeZone } = input;
  const unchanged = { penalty: 0, finalScore: rawScore, beyondMaxLateDays: false };

  if (!dueAt) return { daysLate: 0, ...unchanged, explanation: "No due date, so no late penalty applies." };
  const daysLate = countDaysLate(submittedAt.getTime(), dueAt.getTime(), timeZone);
  if (daysLate === 0) return { daysLate, ...unchanged, explanation: "Submitted on time: no late penalty." };

  const late = `Submitted ${plural(daysLate, "day")} late`;
  if (policy.type === "none") {
    return { daysLate, ...unchanged, explanation: `${late}; this assignment has no late penalty.` };
  }

  const beyondMaxLateDays = daysLate > policy.maxLateDays;
  const chargedDays = Math.min(daysLate, policy.maxLateDays);
  const perDayPoints = policy.type === "percentage" ? (policy.penaltyPerDay / 100) * maxScore : policy.penaltyPerDay;
  const fullPenalty = round2(perDayPoints * chargedDays);
  const penalty = round2(Math.min(fullPenalty, rawScore));
  const finalScore = round2(rawScore - penalty);

  const rate =
    policy.type === "percentage"
      ? `${policy.penaltyPerDay}% per day, ${round2(policy.penaltyPerDay * chargedDays)}% off (${fullPenalty} of ${maxScore} points)`
      : `${plural(policy.penaltyPerDay, "point")} per day, ${plural(fullPenalty, "point")} off`;
  const cap = beyondMaxLateDays
    ? `, beyond the ${policy.maxLateDays}-day limit: penalty capped at ${plural(chargedDays, "day")}, `
    : ": ";
  const floor = penalty < fullPenalty ? `, limited to the ${plural(rawScore, "point")} scored` : "";
  const flag = beyondMaxLateDays ? "; flagged for you to decide" : "";
  return { daysLate, penalty, finalScore, beyondMaxLateDays, explanation: `${late}${cap}${rate}${floor}${flag}.` };
}
