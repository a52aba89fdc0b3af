/**
 * When the supervisor restarts a server that stopped on its own: at once after a long healthy run, then backing
 * off (1 s, 2 s, 4 s ... at most 30 s) while it keeps failing, and not at all after five failures in a row that
 * each came within 10 s of starting: a wrong setting or a database that is not there will not fix itself, and
 * the operator should read why rather than watch it loop.
 */
export interface RestartDecision {
  restart: boolean;
  delayMs: number;
}

/**
 * A server exits with this code (EX_CONFIG in sysexits.h) when starting again cannot help (db/startup-problem.ts: its
 * data folder is in use by another Markwise, or its files are damaged). The supervisor then stops at once with the
 * server's reason as the last line.
 */
export const doNotRestartExitCode = 78;

/** `retryGivenUpMs`: a process that kept failing while others serve is tried again after this (a database back). */
export const restartLimits = { quickFailureMs: 10_000, maxQuickFailures: 5, firstDelayMs: 1_000, maxDelayMs: 30_000, retryGivenUpMs: 300_000 } as const;

export function nextRestart(recentRuns: readonly { ranMs: number }[]): RestartDecision {
  let quickFailures = 0;
  for (let index = recentRuns.length - 1; index >= 0 && recentRuns[index]!.ranMs < restartLimits.quickFailureMs; index -= 1) quickFailures += 1;
  if (quickFailures >= restartLimits.maxQuickFailures) return { restart: false, delayMs: 0 };
  const delayMs = quickFailures === 0 ? 0 : Math.min(restartLimits.maxDelayMs, restartLimits.firstDelayMs * 2 ** (quickFailures - 1));
  return { restart: true, delayMs };
}

/**
 * Why the supervisor stopped restarting one server process: it said starting again cannot help (exit 78), or it kept
 * failing soon after starting.
 */
export type GaveUpBecause = "cannot-start" | "keeps-failing";

/**
 * The supervisor's exit code once it has given up every server process: 78 when each said starting again cannot help,
 * so a service manager told not to restart on 78 leaves it; 1 when one kept failing (a database that was away may be
 * back by the next start), so the service manager may try again.
 */
export function exitCodeWhenAllGaveUp(reasons: readonly GaveUpBecause[]): number {
  return reasons.length > 0 && reasons.every((reason) => reason === "cannot-start") ? doNotRestartExitCode : 1;
}
