import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openDatabase, type Database } from "../../src/server/db/client";
import { embeddedJobs } from "../../src/server/db/schema";
import { createJobQueue, type CreateJobQueueOptions, type JobQueue, type QueueDefinition } from "../../src/server/integrations/jobs/job-queue";
import { createLogger } from "../../src/server/logger";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "../support/test-database";

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
const quick: QueueDefinition = { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 };
const eventually = { timeout: 20_000, interval: 100 };
const range = (length: number) => Array.from({ length }, (_, n) => n);
const never = new Promise<void>(() => undefined);

interface StoredJob {
  state: string;
  /** start_after minus now: how long until the job may run */
  waitSeconds: number;
  error: string | null;
}

describe(`the job queue (${testDatabaseKind})`, () => {
  let testDatabase: TestDatabase;
  // Run after each test, last added first: queues stop before the databases under them close.
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(() => testDatabase?.drop());

  async function startQueue(database = testDatabase.database, options: Partial<CreateJobQueueOptions> = {}, url = testDatabase.url): Promise<JobQueue> {
    const queue = await createJobQueue(database, { connectionString: url, logger, ...options });
    cleanups.push(() => queue.stop());
    await queue.start();
    return queue;
  }

  /** What the database holds for a queue's jobs, oldest first, read past the queue (pg-boss's table or ours). */
  async function readJobs(name: string, database = testDatabase.database): Promise<StoredJob[]> {
    const query =
      testDatabaseKind === "postgres"
        ? sql`select state::text as state, extract(epoch from start_after - now())::float8 as "waitSeconds", output->>'message' as error
              from pgboss.job where name = ${name} order by created_on`
        : sql`select state, extract(epoch from start_after - now())::float8 as "waitSeconds", last_error as error
              from embedded_jobs where queue = ${name} order by created_at`;
    const result = (await database.db.execute(query)) as unknown as { rows: StoredJob[] };
    return result.rows;
  }

  /** Skips the wait before a queue's retries, so that backoff can be checked without waiting it out. */
  async function makeRetriesDue(name: string): Promise<void> {
    await testDatabase.database.db.execute(
      testDatabaseKind === "postgres"
        ? sql`update pgboss.job set start_after = now() where name = ${name} and state = 'retry'`
        : sql`update embedded_jobs set start_after = now() where queue = ${name} and state = 'retry'`,
    );
  }

  /** A database that a "new process" opens again: PGlite in a folder of its own, or the PostgreSQL test database. */
  function restartableDatabase(): { open(): Promise<Database> } {
    if (testDatabaseKind === "postgres") {
      return {
        open: async () => {
          const database = await openDatabase({ databaseUrl: testDatabase.url, migrate: false });
          cleanups.push(() => database.close());
          return database;
        },
      };
    }
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-jobs-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let isNew = true;
    return {
      open: async () => {
        const loadDataDir = isNew ? new Blob([new Uint8Array(await readFile(inject("pgliteTemplatePath")))]) : undefined;
        isNew = false;
        const database = await openDatabase({ dataDir, loadDataDir, migrate: false });
        cleanups.push(() => database.close());
        return database;
      },
    };
  }

  it("handles every job sent exactly once, on its first attempt, fetching again at once while work remains", async () => {
    // A poll interval longer than the test: every batch after the first must be fetched without waiting for it.
    const queue = await startQueue(testDatabase.database, { pollingIntervalSeconds: 600 });
    await queue.createQueue("once", quick);
    await queue.sendMany("once", range(20).map((n) => ({ n })));
    await queue.send("once", { n: 20 });
    const handled: { n: number; retryCount: number }[] = [];
    await queue.work<{ n: number }>("once", { batchSize: 5 }, async (job) => {
      handled.push({ n: job.data.n, retryCount: job.retryCount });
    });

    await vi.waitFor(async () => expect(await queue.counts("once")).toEqual({ pending: 0, active: 0, completed: 21, failed: 0 }), eventually);
    expect(handled.map((job) => job.n).sort((a, b) => a - b)).toEqual(range(21));
    expect(handled.every((job) => job.retryCount === 0)).toBe(true);
  });

  // pg-boss adds random jitter to a retry's delay, so only the embedded queue knows to the second when it falls due.
  it.runIf(testDatabaseKind === "pglite")("wakes for a delayed job and for a retry when each falls due, not at the next poll", async () => {
    const queue = await startQueue(testDatabase.database, { pollingIntervalSeconds: 600 });
    await queue.createQueue("due", quick);
    const attempts: { n: number; retryCount: number; at: number }[] = [];
    await queue.work<{ n: number }>("due", { batchSize: 5 }, async (job) => {
      attempts.push({ n: job.data.n, retryCount: job.retryCount, at: Date.now() });
      if (job.data.n === 1 && job.retryCount === 0) throw new Error("The model is not answering.");
    });
    const sentAt = Date.now();
    await queue.send("due", { n: 1 });
    await queue.send("due", { n: 2 }, { startAfterSeconds: 1 });

    await vi.waitFor(async () => expect(await queue.counts("due")).toEqual({ pending: 0, active: 0, completed: 2, failed: 0 }), { timeout: 8_000, interval: 100 });
    const retry = attempts.find((attempt) => attempt.n === 1 && attempt.retryCount === 1)!;
    const delayed = attempts.find((attempt) => attempt.n === 2)!;
    expect(retry.at - sentAt).toBeGreaterThanOrEqual(1_000);
    expect(delayed.at - sentAt).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(retry.at, delayed.at) - sentAt).toBeLessThan(5_000);
  });

  it("refuses jobs for a queue this process has not defined", async () => {
    const queue = await startQueue();
    await expect(queue.send("undefined-queue", { n: 1 })).rejects.toThrow(/createQueue/);
  });

  it("retries a job whose handler throws up to retryLimit times, then fails it with the error, and the others in its batch succeed", async () => {
    const queue = await startQueue();
    await queue.createQueue("flaky", { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 });
    await queue.sendMany("flaky", [{ n: 1, isBroken: true }, { n: 2, isBroken: false }, { n: 3, isBroken: false }]);
    const attempts: { n: number; retryCount: number }[] = [];
    await queue.work<{ n: number; isBroken: boolean }>("flaky", { batchSize: 3 }, async (job) => {
      attempts.push({ n: job.data.n, retryCount: job.retryCount });
      if (job.data.isBroken) throw new Error("The rubric could not be read.");
    });

    await vi.waitFor(async () => expect(await queue.counts("flaky")).toEqual({ pending: 0, active: 0, completed: 2, failed: 1 }), eventually);
    expect(attempts.filter((attempt) => attempt.n === 1).map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    expect(attempts.filter((attempt) => attempt.n !== 1).map((attempt) => attempt.retryCount)).toEqual([0, 0]);
    const failed = (await readJobs("flaky")).filter((job) => job.state === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toContain("The rubric could not be read.");
  });

  it("with backoff, waits retryDelaySeconds * 2^retryCount before each retry", async () => {
    const queue = await startQueue();
    await queue.createQueue("backoff", { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 60 });
    const retryCounts: number[] = [];
    await queue.work("backoff", { batchSize: 1 }, async (job) => {
      retryCounts.push(job.retryCount);
      throw new Error("The model is not answering.");
    });
    await queue.send("backoff", { n: 1 });

    // pg-boss adds up to 100% random jitter on top of the delay, so the wait lies between the delay and twice it.
    const expectRetryWithin = async (fromSeconds: number, toSeconds: number) =>
      vi.waitFor(async () => {
        const [job] = await readJobs("backoff");
        expect(job?.state).toBe("retry");
        expect(job!.waitSeconds).toBeGreaterThan(fromSeconds - 5);
        expect(job!.waitSeconds).toBeLessThanOrEqual(toSeconds);
      }, eventually);
    await expectRetryWithin(60, 120);
    await makeRetriesDue("backoff");
    await vi.waitFor(() => expect(retryCounts).toEqual([0, 1]), eventually);
    await expectRetryWithin(120, 240);
    expect(retryCounts).toEqual([0, 1]);
  });

  it("collapses sends with the same singletonKey while that job waits to start, and queues it again once it runs", async () => {
    const queue = await startQueue();
    await queue.createQueue("single", quick);
    await Promise.all(range(5).map(() => queue.send("single", { teacher: "a" }, { singletonKey: "teacher-a" })));
    await queue.send("single", { teacher: "b" }, { singletonKey: "teacher-b" });
    await queue.send("single", { teacher: "none" });
    await queue.send("single", { teacher: "none" });
    expect(await queue.counts("single")).toEqual({ pending: 4, active: 0, completed: 0, failed: 0 });

    let finishFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve));
    const handled: string[] = [];
    await queue.work<{ teacher: string }>("single", { batchSize: 1 }, async (job) => {
      handled.push(job.data.teacher);
      if (handled.length === 1) await firstMayFinish;
    });
    await vi.waitFor(() => expect(handled).toEqual(["a"]), eventually);
    // The first "a" is running: a new request for "a" needs a new run, and repeats of it collapse into that one.
    await queue.send("single", { teacher: "a" }, { singletonKey: "teacher-a" });
    await queue.send("single", { teacher: "a" }, { singletonKey: "teacher-a" });
    expect(await queue.counts("single")).toEqual({ pending: 4, active: 1, completed: 0, failed: 0 });
    finishFirst();

    await vi.waitFor(async () => expect(await queue.counts("single")).toEqual({ pending: 0, active: 0, completed: 5, failed: 0 }), eventually);
    expect(handled.sort()).toEqual(["a", "a", "b", "none", "none"]);
  });

  it("keeps jobs sent while no worker runs across a restart, and the next process handles them", async () => {
    const restartable = restartableDatabase();
    const before = await restartable.open();
    const first = await startQueue(before);
    await first.createQueue("durable", quick);
    await first.send("durable", { n: 1 });
    await first.send("durable", { n: 2 }, { startAfterSeconds: 1 });
    await first.stop();
    await before.close();

    const after = await restartable.open();
    const second = await startQueue(after);
    await second.createQueue("durable", quick);
    const handled: number[] = [];
    await second.work<{ n: number }>("durable", { batchSize: 2 }, async (job) => {
      handled.push(job.data.n);
    });
    await vi.waitFor(async () => expect(await second.counts("durable")).toEqual({ pending: 0, active: 0, completed: 2, failed: 0 }), eventually);
    expect(handled.sort()).toEqual([1, 2]);
  });

  it.runIf(testDatabaseKind === "pglite")("retries a job left active by a process that died, counting that attempt", async () => {
    const restartable = restartableDatabase();
    const crashed = await restartable.open();
    await crashed.db.insert(embeddedJobs).values([
      { queue: "interrupted", data: { n: 1 }, state: "active", retryCount: 0, retryLimit: 2, startedAt: new Date() },
      { queue: "interrupted", data: { n: 2 }, state: "active", retryCount: 2, retryLimit: 2, startedAt: new Date() },
    ]);
    await crashed.close();

    const database = await restartable.open();
    const queue = await startQueue(database);
    await queue.createQueue("interrupted", quick);
    const handled: { n: number; retryCount: number }[] = [];
    await queue.work<{ n: number }>("interrupted", { batchSize: 5 }, async (job) => {
      handled.push({ n: job.data.n, retryCount: job.retryCount });
    });

    await vi.waitFor(async () => expect(await queue.counts("interrupted")).toEqual({ pending: 0, active: 0, completed: 1, failed: 1 }), eventually);
    expect(handled).toEqual([{ n: 1, retryCount: 1 }]);
    const failed = (await readJobs("interrupted", database)).filter((job) => job.state === "failed");
    expect(failed[0]?.error).toContain("The process stopped while this job was running.");
  });

  it("stops gracefully: fetches no more, waits for the handler in flight, and its job is completed", async () => {
    const queue = await startQueue();
    await queue.createQueue("graceful", quick);
    let finish!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finish = resolve));
    const handled: number[] = [];
    await queue.work<{ n: number }>("graceful", { batchSize: 1 }, async (job) => {
      handled.push(job.data.n);
      await mayFinish;
    });
    await queue.send("graceful", { n: 1 });
    await vi.waitFor(() => expect(handled).toEqual([1]), eventually);
    await queue.send("graceful", { n: 2 });

    let isStopped = false;
    const stopping = queue.stop().then(() => (isStopped = true));
    await sleep(700);
    expect(isStopped).toBe(false);
    finish();
    await stopping;
    await queue.stop();

    expect(handled).toEqual([1]);
    expect((await readJobs("graceful")).map((job) => job.state)).toEqual(["completed", "created"]);
  });

  it("on stop, hands back the fetched jobs it had not started, without counting an attempt", async () => {
    const first = await startQueue();
    await first.createQueue("handed-back", quick);
    await first.sendMany("handed-back", [{ n: 1 }, { n: 2 }, { n: 3 }]);
    let finish!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finish = resolve));
    const attempts: { n: number; retryCount: number }[] = [];
    await first.work<{ n: number }>("handed-back", { batchSize: 3 }, async (job) => {
      attempts.push({ n: job.data.n, retryCount: job.retryCount });
      await mayFinish;
    });
    await vi.waitFor(() => expect(attempts).toHaveLength(1), eventually);
    const stopping = first.stop();
    finish();
    await stopping;

    const second = await startQueue();
    await second.createQueue("handed-back", quick);
    await second.work<{ n: number }>("handed-back", { batchSize: 3 }, async (job) => {
      attempts.push({ n: job.data.n, retryCount: job.retryCount });
    });
    await vi.waitFor(async () => expect(await second.counts("handed-back")).toEqual({ pending: 0, active: 0, completed: 3, failed: 0 }), eventually);
    expect(attempts).toHaveLength(3);
    expect(attempts.map((attempt) => attempt.n).sort()).toEqual([1, 2, 3]);
    expect(attempts.every((attempt) => attempt.retryCount === 0)).toBe(true);
  });

  it("after the stop timeout, gives up on a handler still running and its job is retried by the next process", async () => {
    const first = await startQueue(testDatabase.database, { stopTimeoutSeconds: 1 });
    await first.createQueue("stuck", quick);
    const attempts: number[] = [];
    await first.work("stuck", { batchSize: 1 }, async (job) => {
      attempts.push(job.retryCount);
      await never;
    });
    await first.send("stuck", { n: 1 });
    await vi.waitFor(() => expect(attempts).toEqual([0]), eventually);
    await first.stop();

    const second = await startQueue();
    await second.createQueue("stuck", quick);
    await second.work("stuck", { batchSize: 1 }, async (job) => {
      attempts.push(job.retryCount);
    });
    await vi.waitFor(async () => expect(await second.counts("stuck")).toEqual({ pending: 0, active: 0, completed: 1, failed: 0 }), eventually);
    expect(attempts).toEqual([0, 1]);
  });

  it("with concurrency 2, runs two jobs of a batch at once and never a third, and a stop that times out fails both", async () => {
    const first = await startQueue(testDatabase.database, { stopTimeoutSeconds: 1 });
    await first.createQueue("pair", quick);
    await first.sendMany("pair", range(3).map((n) => ({ n })));
    const started: number[] = [];
    await first.work<{ n: number }>("pair", { batchSize: 3, concurrency: 2 }, async (job) => {
      started.push(job.data.n);
      await never;
    });
    await vi.waitFor(() => expect(started).toHaveLength(2), eventually);
    await sleep(500);
    expect(started).toHaveLength(2);
    await first.stop();

    // The two running count an attempt each; the one never started goes back without one.
    const second = await startQueue();
    await second.createQueue("pair", quick);
    const retries = new Map<number, number>();
    await second.work<{ n: number }>("pair", { batchSize: 3, concurrency: 2 }, async (job) => {
      retries.set(job.data.n, job.retryCount);
    });
    await vi.waitFor(async () => expect(await second.counts("pair")).toEqual({ pending: 0, active: 0, completed: 3, failed: 0 }), eventually);
    expect([...retries.keys()].sort()).toEqual([0, 1, 2]);
    expect(started.map((n) => retries.get(n))).toEqual([1, 1]);
    expect(retries.get(range(3).find((n) => !started.includes(n))!)).toBe(0);
  });

  it("fails and retries a job whose handler runs longer than expireInSeconds, and the worker moves on", async () => {
    const queue = await startQueue();
    await queue.createQueue("slow", { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 1 });
    const attempts: number[] = [];
    await queue.work("slow", { batchSize: 1 }, async (job) => {
      attempts.push(job.retryCount);
      if (job.retryCount === 0) await never;
    });
    await queue.send("slow", { n: 1 });

    await vi.waitFor(async () => expect(await queue.counts("slow")).toEqual({ pending: 0, active: 0, completed: 1, failed: 0 }), eventually);
    expect(attempts).toEqual([0, 1]);
  });

  it.runIf(testDatabaseKind === "postgres")("on a new database, three processes start at once and share 200 jobs, each handled exactly once", async () => {
    const fresh = await createTestDatabase();
    cleanups.push(() => fresh.drop());
    // Each has its own pg-boss and pool, like separate server processes; all create pg-boss's schema at once.
    const queues = await Promise.all(
      range(3).map(async () => {
        const queue = await startQueue(fresh.database, {}, fresh.url);
        await queue.createQueue("shared", quick);
        return queue;
      }),
    );
    await queues[0]!.sendMany("shared", range(200).map((n) => ({ n })));

    const handled: { id: string; n: number; worker: number }[] = [];
    await Promise.all(
      queues.map((queue, worker) =>
        queue.work<{ n: number }>("shared", { batchSize: 5 }, async (job) => {
          handled.push({ id: job.id, n: job.data.n, worker });
          await sleep(5);
        }),
      ),
    );

    await vi.waitFor(async () => expect(await queues[1]!.counts("shared")).toEqual({ pending: 0, active: 0, completed: 200, failed: 0 }), eventually);
    expect(handled).toHaveLength(200);
    expect(new Set(handled.map((job) => job.id)).size).toBe(200);
    expect(handled.map((job) => job.n).sort((a, b) => a - b)).toEqual(range(200));
    expect(new Set(handled.map((job) => job.worker)).size).toBeGreaterThan(1);
  });
});
