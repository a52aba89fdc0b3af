import type { Logger } from "pino";
import type { Job, JobCounts, JobOptions, JobQueue, QueueDefinition, WorkOptions } from "./types";
import { retryDelaySecondsOf, type FetchedJob, type JobStore } from "./job-store";

export interface PollingJobQueueSettings {
  logger: Logger;
  pollingIntervalSeconds: number;
  stopTimeoutSeconds: number;
}

/**
 * The JobQueue over either store. Workers poll the store themselves rather than through pg-boss's `work()`:
 * pg-boss 10 completes or fails a fetched batch as a whole, after the handler returns, and gives the whole batch
 * one timeout. Settling each job by itself is what lets one throwing job fail alone, and the bulk complete that
 * pg-boss sends afterwards could otherwise mark a failed job completed once another process had fetched its retry.
 */
export class PollingJobQueue implements JobQueue {
  readonly kind: JobQueue["kind"];
  private readonly definitions = new Map<string, QueueDefinition>();
  private readonly workers: QueueWorker[] = [];
  private starting?: Promise<void>;
  private stopping?: Promise<void>;

  constructor(
    private readonly store: JobStore,
    private readonly settings: PollingJobQueueSettings,
  ) {
    this.kind = store.kind;
  }

  start(): Promise<void> {
    if (this.stopping) return Promise.reject(new Error("The job queue has been stopped; create a new one."));
    this.starting ??= this.store.start();
    return this.starting;
  }

  async createQueue(name: string, definition: QueueDefinition): Promise<void> {
    await this.whenRunning();
    await this.store.createQueue(name, definition);
    this.definitions.set(name, definition);
  }

  async send<T extends object>(name: string, data: T, options: JobOptions = {}): Promise<void> {
    const definition = await this.definitionOf(name);
    await this.store.send(name, data, options, definition);
    this.wakeWorkers(name, options.startAfterSeconds);
  }

  async sendMany<T extends object>(name: string, items: T[]): Promise<void> {
    const definition = await this.definitionOf(name);
    if (items.length === 0) return;
    await this.store.sendMany(name, items, definition);
    this.wakeWorkers(name);
  }

  async work<T extends object>(name: string, options: WorkOptions, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    const definition = await this.definitionOf(name);
    this.workers.push(
      new QueueWorker({
        name,
        definition,
        batchSize: options.batchSize,
        concurrency: Math.max(1, options.concurrency ?? 1),
        onFetched: options.onFetched,
        handler: (job) => handler(job as Job<T>),
        store: this.store,
        logger: this.settings.logger,
        pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
      }),
    );
  }

  async release(name: string, jobIds: string[]): Promise<void> {
    await this.whenRunning();
    if (jobIds.length) await this.store.release(name, jobIds);
    this.wakeWorkers(name);
  }

  async counts(name: string): Promise<JobCounts> {
    await this.whenRunning();
    return this.store.counts(name);
  }

  stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    return this.stopping;
  }

  private async shutDown(): Promise<void> {
    // A start in progress opens connections; let it finish so that closing them below is final.
    await this.starting?.catch(() => undefined);
    for (const worker of this.workers) worker.stop();
    const isFinished = await settlesWithin(Promise.all(this.workers.map((worker) => worker.finished)), this.settings.stopTimeoutSeconds);
    if (!isFinished) {
      this.settings.logger.warn({ timeoutSeconds: this.settings.stopTimeoutSeconds }, "job handlers still running at shutdown; their jobs go back to retry");
      await Promise.all(this.workers.map((worker) => worker.abandon()));
    }
    await this.store.stop();
  }

  /** Work was sent or handed back in this process: its workers look now, or when it falls due. */
  private wakeWorkers(name: string, inSeconds = 0): void {
    for (const worker of this.workers) if (worker.name === name) worker.wakeIn(inSeconds);
  }

  private async whenRunning(): Promise<void> {
    if (!this.starting) throw new Error("Start the job queue (await jobQueue.start()) before using it.");
    await this.starting;
    if (this.stopping) throw new Error("The job queue has been stopped; create a new one.");
  }

  private async definitionOf(name: string): Promise<QueueDefinition> {
    await this.whenRunning();
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`The job queue "${name}" is not defined in this process: call createQueue("${name}", ...) first.`);
    return definition;
  }
}

interface QueueWorkerOptions {
  name: string;
  definition: QueueDefinition;
  batchSize: number;
  concurrency: number;
  onFetched?: (jobIds: string[]) => Promise<void>;
  handler: (job: Job<object>) => Promise<void>;
  store: JobStore;
  logger: Logger;
  pollingIntervalSeconds: number;
}

/**
 * One polling loop over one queue: fetch a batch, handle its jobs `concurrency` at a time, sleep only when there was
 * none.
 */
class QueueWorker {
  readonly name: string;
  readonly finished: Promise<void>;
  private isStopping = false;
  private isAbandoned = false;
  private isWoken = false;
  private endSleep?: () => void;
  private readonly running = new Set<FetchedJob>();
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private waiting: FetchedJob[] = [];

  constructor(private readonly options: QueueWorkerOptions) {
    this.name = options.name;
    this.finished = this.run();
  }

  /** Work was sent from this process: look now instead of at the next poll. */
  wake(): void {
    this.isWoken = true;
    this.endSleep?.();
  }

  /**
   * Work falls due in that many seconds (a delayed send, a retry's backoff): look then, not at the next poll. With
   * these wakes the embedded queue, where every job passes through this process, can poll rarely (job-queue.ts).
   */
  wakeIn(seconds: number): void {
    if (seconds <= 0) return this.wake();
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.wake();
    }, seconds * 1000);
    // A wake does not keep the process alive; stop() clears the rest.
    timer.unref();
    this.wakeTimers.add(timer);
  }

  stop(): void {
    this.isStopping = true;
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    this.endSleep?.();
  }

  /**
   * After the stop timeout: the jobs still running count as failed attempts (their handlers may have done part of
   * the work), and fetched jobs not yet started go back without counting one.
   */
  async abandon(): Promise<void> {
    this.isAbandoned = true;
    const { store, name, definition, logger } = this.options;
    const running = [...this.running];
    const waiting = this.waiting.splice(0);
    try {
      if (waiting.length > 0) await store.release(name, waiting.map((job) => job.id));
      for (const job of running) await store.fail(name, job, new Error("The server stopped while this job was still running."), definition);
    } catch (error) {
      logger.error({ err: error, queue: name }, "could not hand back the jobs of a stopping worker; they are retried when they expire");
    }
  }

  private async run(): Promise<void> {
    while (!this.isStopping) {
      this.isWoken = false;
      const jobs = await this.fetch();
      // Jobs fetched after abandonment stay active until they expire, then another worker retries them.
      if (this.isAbandoned) return;
      this.waiting = [...jobs];
      const lane = async () => {
        let job: FetchedJob | undefined;
        while (!this.isStopping && (job = this.waiting.shift())) await this.handle(job);
      };
      await Promise.all(Array.from({ length: this.options.concurrency }, lane));
      await this.releaseWaiting();
      if (jobs.length === 0 && !this.isWoken) await this.sleep();
    }
  }

  private async fetch(): Promise<FetchedJob[]> {
    let jobs: FetchedJob[];
    try {
      jobs = await this.options.store.fetch(this.name, this.options.batchSize);
    } catch (error) {
      this.options.logger.error({ err: error, queue: this.name }, "could not fetch jobs; trying again at the next poll");
      return [];
    }
    if (jobs.length > 0 && this.options.onFetched) {
      // Without the record the batch is still safe: it comes back when it expires, only later.
      await this.options.onFetched(jobs.map((job) => job.id)).catch((error: unknown) => {
        this.options.logger.warn({ err: error, queue: this.name }, "could not record the fetched batch");
      });
    }
    return jobs;
  }

  private async handle(job: FetchedJob): Promise<void> {
    const { store, name, definition, handler, logger } = this.options;
    this.running.add(job);
    let failure: Error | undefined;
    try {
      await runWithin(() => handler({ id: job.id, data: job.data, retryCount: job.retryCount }), definition.expireInSeconds);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    this.running.delete(job);
    if (this.isAbandoned) return;
    try {
      if (!failure) {
        await store.complete(name, job.id);
        return;
      }
      await store.fail(name, job, failure, definition);
      const details = { err: failure, queue: name, jobId: job.id, retryCount: job.retryCount };
      if (job.retryCount < job.retryLimit) {
        logger.warn(details, "job failed; it will be retried");
        this.wakeIn(retryDelaySecondsOf(definition, job.retryCount));
      } else logger.error(details, "job failed with no retries left");
    } catch (error) {
      logger.error({ err: error, queue: name, jobId: job.id }, "could not record a job's outcome; it is retried when it expires");
    }
  }

  private async releaseWaiting(): Promise<void> {
    const waiting = this.waiting.splice(0);
    if (waiting.length === 0) return;
    try {
      await this.options.store.release(this.name, waiting.map((job) => job.id));
    } catch (error) {
      this.options.logger.error({ err: error, queue: this.name }, "could not hand back unstarted jobs; they are retried when they expire");
    }
  }

  private sleep(): Promise<void> {
    if (this.isStopping) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.endSleep = undefined;
        resolve();
      };
      const timer = setTimeout(end, this.options.pollingIntervalSeconds * 1000);
      this.endSleep = end;
    });
  }
}

/**
 * A handler still running after expireInSeconds is treated as failed, so one stuck job cannot hold its worker
 * forever; the stuck promise is left to settle on its own, since JavaScript cannot cancel it.
 */
async function runWithin(work: () => Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The job ran longer than its queue allows (expireInSeconds ${seconds}).`)), seconds * 1000);
  });
  try {
    await Promise.race([Promise.resolve().then(work), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function settlesWithin(promise: Promise<unknown>, seconds: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), seconds * 1000);
    const settle = () => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(settle, settle);
  });
}
