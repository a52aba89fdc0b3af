/**
 * A quiz's time limit kept by the server's clock (decision record 020, addendum): the student's page counts down and
 * submits at zero, and the server, which saw the attempt open, tells the teacher of an attempt that came in late.
 */

/**
 * Time an attempt may take past its limit and still count as on time: the page submits at zero, and its answers can
 * take a few seconds on a school's network (or a retry after a dropped connection) to arrive.
 */
export const timeLimitGraceSeconds = 60;

const secondsBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 1000);

/** Seconds left of an attempt opened at `startedAt`, never below zero; null when the quiz has no time limit. */
export function secondsLeft(startedAt: Date, timeLimitMinutes: number | null, now: Date): number | null {
  if (timeLimitMinutes === null) return null;
  return Math.max(0, timeLimitMinutes * 60 - secondsBetween(startedAt, now));
}

/** How long a submitted attempt took; null when the server never saw it open. */
export function secondsTaken(startedAt: Date | null, submittedAt: Date): number | null {
  return startedAt ? Math.max(0, secondsBetween(startedAt, submittedAt)) : null;
}

/**
 * How far past the time limit an attempt was submitted, measured from the limit itself; null when it came in within
 * the limit and its grace, when the quiz has no limit, or when its start is unknown.
 */
export function secondsOverLimit(startedAt: Date | null, submittedAt: Date, timeLimitMinutes: number | null): number | null {
  const taken = secondsTaken(startedAt, submittedAt);
  if (taken === null || timeLimitMinutes === null) return null;
  const over = taken - timeLimitMinutes * 60;
  return over > timeLimitGraceSeconds ? over : null;
}
