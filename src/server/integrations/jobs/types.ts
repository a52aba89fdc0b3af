/**
 * The job queue's types, shared by its parts (the queue, the polling worker and the two stores), so that none of them
 * imports another only for its types and the module's files never import each other in a circle.
 */

export interface QueueDefinition {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** a job active longer than this is presumed lost (its process died) and retried */
  expireInSeconds: number;
}

export interface JobOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface Job<T> {
  id: string;
  data: T;
  /** retries so far: 0 on the first attempt */
  retryCount: number;
}

export interface WorkOptions {
  /** jobs fetched per round trip; all are marked active when fetched, so a batch should finish within expireInSeconds */
  batchSize: number;
  /** Told the ids of each fetched batch before any of it runs (a process records what it holds, for its survivors). */
  onFetched?: (jobIds: string[]) => Promise<void>;
  /**
   * Jobs of a batch run at once (default 1). More than one lets a job's database round trips overlap another's CPU
   * work; the handler must be safe to run alongside itself.
   */
  concurrency?: number;
}

export interface JobCounts {
  pending: number;
  active: number;
  completed: number;
  failed: number;
}

export interface JobQueue {
  readonly kind: "pg-boss" | "embedded";
  start(): Promise<void>;
  createQueue(name: string, definition: QueueDefinition): Promise<void>;
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<void>;
  sendMany<T extends object>(name: string, items: T[]): Promise<void>;
  /** Handles jobs one at a time (in fetched batches). A handler that throws fails that job only: it is retried with backoff, then failed. */
  work<T extends object>(name: string, options: WorkOptions, handler: (job: Job<T>) => Promise<void>): Promise<void>;
  /** Hands jobs back to the queue without counting an attempt (a dead process's batch); settled ones are left as they are. */
  release(name: string, jobIds: string[]): Promise<void>;
  /** Counts by state for a queue, for tests and the system page: { pending, active, completed, failed } */
  counts(name: string): Promise<JobCounts>;
  /** Stops fetching, waits for handlers in flight (up to a timeout), then releases connections. Idempotent. */
  stop(): Promise<void>;
}
