import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import type { ClassAnalyses } from "./class-analyses";
import { createPreparedCache, findForgottenSubmissions, gradeQueuedSubmission, reclaimStalledSubmissions, type GradingDeps } from "./grading";
import { checkSimilarity } from "./similarity-check";
import { beat, holdJobs, liveness, reapDeadWorkers, registerWorker, unregisterWorker } from "./worker-liveness";

/** What the rest of the server asks of the queue: grade these, check that assignment's overlap. */
export interface GradingQueue {
  enqueueGrading(submissionIds: string[]): Promise<void>;
  enqueueSimilarity(assignmentId: string): Promise<void>;
}

export const gradingJobs = {
  grade: "grade-submission",
  similarity: "check-similarity",
} as const;

/** Three tries 2, 4 and 8 s apart ride out a database restart or a model outage; then the teacher sees why. */
const gradeDefinition = { retryLimit: 3, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 300 };
const similarityDefinition = { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 300 };
/** A claim older than this belongs to a process that died: the work is queued again. */
const claimLeaseSeconds = 120;
const sweepEverySeconds = 60;

export function gradingQueueOver(queue: JobQueue): GradingQueue {
  return {
    enqueueGrading: async (ids) => {
      if (ids.length) await queue.sendMany(gradingJobs.grade, ids.map((submissionId) => ({ submissionId })));
    },
    // Uploads arrive in several requests: one check a few seconds after the last of them covers them all.
    enqueueSimilarity: (assignmentId) => queue.send(gradingJobs.similarity, { assignmentId }, { singletonKey: assignmentId, startAfterSeconds: 3 }),
  };
}

export async function createGradingQueues(queue: JobQueue): Promise<void> {
  await queue.createQueue(gradingJobs.grade, gradeDefinition);
  await queue.createQueue(gradingJobs.similarity, similarityDefinition);
}

/**
 * Starts this process's grading worker and its sweeps. A process that dies leaves claims and fetched jobs behind:
 * the survivors (or the next process to start) see its heartbeat stop and put them back within about half a minute
 * (worker-liveness.ts). Claims without a heartbeat behind them (older rows) wait out the lease; on the embedded
 * database this process is the only one, so claims left at start are stale at once.
 */
export async function startGradingWorker(deps: GradingDeps & { queue: JobQueue; database: Database; logger: Logger; classAnalyses: ClassAnalyses }): Promise<{ stop(): Promise<void> }> {
  const workerId = randomUUID();
  const cache = createPreparedCache(deps.classAnalyses);
  const grading = gradingQueueOver(deps.queue);
  const runSafely = (what: string, work: () => Promise<void>) => async () => {
    try {
      await work();
    } catch (error) {
      deps.logger.warn({ err: error }, `${what} failed; it runs again shortly`);
    }
  };
  const sweep = (leaseSeconds: number) =>
    runSafely("grading sweep", async () => {
      const stalled = await reclaimStalledSubmissions(deps.db, leaseSeconds);
      const forgotten = await findForgottenSubmissions(deps.db, 10 * 60);
      const ids = [...new Set([...stalled, ...forgotten])];
      if (ids.length) {
        deps.logger.info({ count: ids.length }, "queued stalled or forgotten submissions again");
        await grading.enqueueGrading(ids);
      }
    })();
  const reap = runSafely("the check for dead grading processes", async () => {
    const reaped = await reapDeadWorkers(deps.db, liveness.deadAfterSeconds);
    for (const [queue, ids] of reaped.heldJobs) await deps.queue.release(queue, ids);
    await grading.enqueueGrading(reaped.requeued);
    const held = [...reaped.heldJobs.values()].reduce((sum, ids) => sum + ids.length, 0);
    if (held || reaped.requeued.length || reaped.failed) {
      deps.logger.info({ jobs: held, submissions: reaped.requeued.length, failed: reaped.failed }, "took back the work of a grading process that stopped");
    }
  });

  await registerWorker(deps.db, workerId);
  // Before the worker starts: on the embedded database a lease of 0 must only ever see a dead process's claims.
  await sweep(deps.database.kind === "pglite" ? 0 : claimLeaseSeconds);
  await reap();
  const gradeDeps = { ...deps, workerId };
  const onFetched = (queue: string) => (jobIds: string[]) => holdJobs(deps.db, workerId, queue, jobIds);
  // On PostgreSQL two grades in flight let one's round trips overlap the other's CPU work: 1,000 essays uploaded to
  // one process were graded in 8.1-8.8 s instead of 10.9-11.4 (bench:queue). PGlite answers one statement at a time in this
  // same thread, so there it gains nothing.
  const concurrency = deps.database.kind === "pglite" ? 1 : 2;
  await deps.queue.work<{ submissionId: string }>(gradingJobs.grade, { batchSize: 20, concurrency, onFetched: onFetched(gradingJobs.grade) }, (job) =>
    gradeQueuedSubmission(gradeDeps, cache, { submissionId: job.data.submissionId, isLastAttempt: job.retryCount >= gradeDefinition.retryLimit }),
  );
  await deps.queue.work<{ assignmentId: string }>(gradingJobs.similarity, { batchSize: 1, onFetched: onFetched(gradingJobs.similarity) }, (job) =>
    checkSimilarity(deps.db, job.data.assignmentId),
  );

  const timers = [
    setInterval(() => void sweep(claimLeaseSeconds), sweepEverySeconds * 1000),
    setInterval(runSafely("the heartbeat", () => beat(deps.db, workerId)), liveness.beatEverySeconds * 1000),
    setInterval(reap, liveness.reapEverySeconds * 1000),
  ];
  for (const timer of timers) timer.unref();
  return {
    // Called after the queue has stopped (its jobs settled or handed back), so nothing is left for a reaper.
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await unregisterWorker(deps.db, workerId).catch(() => undefined);
    },
  };
}
