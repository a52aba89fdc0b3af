import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import { createPreparedCache, findForgottenSubmissions, gradeQueuedSubmission, reclaimStalledSubmissions, type GradingDeps } from "./grading";
import { checkSimilarity } from "./similarity-check";

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
 * Starts this process's grading worker and its sweep for stalled or forgotten work. On the embedded database this
 * process is the only one, so claims left at start are stale at once; on PostgreSQL another process may be mid-grade.
 */
export async function startGradingWorker(deps: GradingDeps & { queue: JobQueue; database: Database; logger: Logger }): Promise<{ stop(): Promise<void> }> {
  const cache = createPreparedCache();
  const grading = gradingQueueOver(deps.queue);
  const sweep = async (leaseSeconds: number) => {
    try {
      const stalled = await reclaimStalledSubmissions(deps.db, leaseSeconds);
      const forgotten = await findForgottenSubmissions(deps.db, 10 * 60);
      const ids = [...new Set([...stalled, ...forgotten])];
      if (ids.length) {
        deps.logger.info({ count: ids.length }, "queued stalled or forgotten submissions again");
        await grading.enqueueGrading(ids);
      }
    } catch (error) {
      deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "grading sweep failed; it runs again shortly");
    }
  };
  // Before the worker starts: on the embedded database a lease of 0 must only ever see a dead process's claims.
  await sweep(deps.database.kind === "pglite" ? 0 : claimLeaseSeconds);
  await deps.queue.work<{ submissionId: string }>(gradingJobs.grade, { batchSize: 20 }, (job) =>
    gradeQueuedSubmission(deps, cache, { submissionId: job.data.submissionId, isLastAttempt: job.retryCount >= gradeDefinition.retryLimit }),
  );
  await deps.queue.work<{ assignmentId: string }>(gradingJobs.similarity, { batchSize: 1 }, (job) => checkSimilarity(deps.db, job.data.assignmentId));

  const timer = setInterval(() => void sweep(claimLeaseSeconds), sweepEverySeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
    },
  };
}
