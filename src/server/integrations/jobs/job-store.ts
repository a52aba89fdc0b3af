import type { Job, JobCounts, JobOptions, JobQueue, QueueDefinition } from "./types";

/** A job taken by a worker, with what it needs to tell a retry from a final failure. */
export interface FetchedJob extends Job<object> {
  retryLimit: number;
}

/**
 * Where jobs live: pg-boss's tables on PostgreSQL, `embedded_jobs` on PGlite. The polling, the handler timeout,
 * the logging and the graceful stop are shared (polling-job-queue.ts), so both databases behave the same.
 */
export interface JobStore {
  readonly kind: JobQueue["kind"];
  start(): Promise<void>;
  createQueue(name: string, definition: QueueDefinition): Promise<void>;
  send(name: string, data: object, options: JobOptions, definition: QueueDefinition): Promise<void>;
  sendMany(name: string, items: object[], definition: QueueDefinition): Promise<void>;
  /** Marks up to batchSize due jobs active and returns them; a job is returned to one caller only. */
  fetch(name: string, batchSize: number): Promise<FetchedJob[]>;
  /** Records success, unless the job is no longer active (it expired and went back to retry meanwhile). */
  complete(name: string, id: string): Promise<void>;
  /** Counts an attempt: back to retry after the backoff delay while retries remain, else failed with the error. */
  fail(name: string, job: FetchedJob, error: Error, definition: QueueDefinition): Promise<void>;
  /** Returns fetched jobs that were never started to the queue without counting an attempt. */
  release(name: string, ids: string[]): Promise<void>;
  counts(name: string): Promise<JobCounts>;
  stop(): Promise<void>;
}

/** Seconds a failed job waits before its next attempt (retryCount: the attempts it has already retried). */
export function retryDelaySecondsOf(definition: QueueDefinition, retryCount: number): number {
  return definition.retryDelaySeconds * (definition.retryBackoff ? 2 ** retryCount : 1);
}

/** Folds per-state row counts into the JobQueue's four numbers (pending is created plus retry). */
export function countByState(rows: { state: string; count: number }[]): JobCounts {
  const count = (...states: string[]) => rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + Number(row.count), 0);
  return { pending: count("created", "retry"), active: count("active"), completed: count("completed"), failed: count("failed") };
}
