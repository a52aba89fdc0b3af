import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { embeddedJobs } from "../../db/schema";
import type { JobOptions, QueueDefinition } from "./types";
import { countByState, retryDelaySecondsOf, type FetchedJob, type JobStore } from "./job-store";

const pendingStates: ("created" | "retry")[] = ["created", "retry"];
const interruptedMessage = "The process stopped while this job was running.";

/**
 * The job store of the embedded database. One process owns a PGlite data directory, so jobs are claimed without
 * row locks, and an `active` row seen at start belonged to a process that is gone. That holds only with one job
 * queue per process: a second one starting would take the first one's running jobs for abandoned.
 */
export function createEmbeddedStore(db: Db, logger: Logger): JobStore {
  const newRow = (name: string, data: object, definition: QueueDefinition, options: JobOptions = {}) => ({
    queue: name,
    data: data as Record<string, unknown>,
    singletonKey: options.singletonKey,
    retryLimit: definition.retryLimit,
    startAfter: new Date(Date.now() + (options.startAfterSeconds ?? 0) * 1000),
  });

  return {
    kind: "embedded",

    async start() {
      const { retried, failed } = await db.transaction(async (tx) => {
        const retried = await tx
          .update(embeddedJobs)
          .set({ state: "retry", retryCount: sql`${embeddedJobs.retryCount} + 1`, startAfter: new Date(), startedAt: null, lastError: interruptedMessage })
          .where(and(eq(embeddedJobs.state, "active"), lt(embeddedJobs.retryCount, embeddedJobs.retryLimit)))
          .returning({ id: embeddedJobs.id });
        const failed = await tx
          .update(embeddedJobs)
          .set({ state: "failed", completedAt: new Date(), lastError: interruptedMessage })
          .where(eq(embeddedJobs.state, "active"))
          .returning({ id: embeddedJobs.id });
        return { retried: retried.length, failed: failed.length };
      });
      if (retried + failed > 0) logger.warn({ retried, failed }, "found jobs the previous process left running; they are retried, or failed when out of retries");
    },

    // Queue definitions live in the process (PollingJobQueue); the table needs no setup.
    async createQueue() {},

    async send(name, data, options, definition) {
      const row = newRow(name, data, definition, options);
      const { singletonKey } = options;
      if (!singletonKey) {
        await db.insert(embeddedJobs).values(row);
        return;
      }
      // PGlite runs a transaction alone on its one connection, so nothing can slip in between the check and the insert.
      await db.transaction(async (tx) => {
        const [pending] = await tx
          .select({ id: embeddedJobs.id })
          .from(embeddedJobs)
          .where(and(eq(embeddedJobs.queue, name), eq(embeddedJobs.singletonKey, singletonKey), inArray(embeddedJobs.state, pendingStates)))
          .limit(1);
        if (!pending) await tx.insert(embeddedJobs).values(row);
      });
    },

    async sendMany(name, items, definition) {
      await db.insert(embeddedJobs).values(items.map((data) => newRow(name, data, definition)));
    },

    async fetch(name, batchSize) {
      const due = db
        .select({ id: embeddedJobs.id })
        .from(embeddedJobs)
        .where(and(eq(embeddedJobs.queue, name), inArray(embeddedJobs.state, pendingStates), lte(embeddedJobs.startAfter, new Date())))
        .orderBy(asc(embeddedJobs.createdAt), asc(embeddedJobs.id))
        .limit(batchSize);
      const rows = await db
        .update(embeddedJobs)
        .set({ state: "active", startedAt: new Date() })
        .where(inArray(embeddedJobs.id, due))
        .returning({ id: embeddedJobs.id, data: embeddedJobs.data, retryCount: embeddedJobs.retryCount, retryLimit: embeddedJobs.retryLimit });
      return rows satisfies FetchedJob[];
    },

    async complete(_name, id) {
      await db
        .update(embeddedJobs)
        .set({ state: "completed", completedAt: new Date() })
        .where(and(eq(embeddedJobs.id, id), eq(embeddedJobs.state, "active")));
    },

    async fail(_name, job, error, definition) {
      const isRetried = job.retryCount < job.retryLimit;
      const delaySeconds = retryDelaySecondsOf(definition, job.retryCount);
      await db
        .update(embeddedJobs)
        .set(
          isRetried
            ? { state: "retry", retryCount: job.retryCount + 1, startAfter: new Date(Date.now() + delaySeconds * 1000), startedAt: null, lastError: error.message }
            : { state: "failed", completedAt: new Date(), lastError: error.message },
        )
        .where(and(eq(embeddedJobs.id, job.id), eq(embeddedJobs.state, "active")));
    },

    async release(_name, ids) {
      await db
        .update(embeddedJobs)
        .set({ state: "retry", startedAt: null })
        .where(and(inArray(embeddedJobs.id, ids), eq(embeddedJobs.state, "active")));
    },

    async counts(name) {
      const rows = await db
        .select({ state: embeddedJobs.state, count: sql<number>`count(*)::int` })
        .from(embeddedJobs)
        .where(eq(embeddedJobs.queue, name))
        .groupBy(embeddedJobs.state);
      return countByState(rows);
    },

    // The database belongs to the caller, who closes it after the queue has stopped.
    async stop() {},
  };
}
