import type { Logger } from "pino";
import type { Database } from "../../db/client";
import { createEmbeddedStore } from "./embedded-store";
import { PollingJobQueue } from "./polling-job-queue";
import type { JobQueue } from "./types";

export type { Job, JobCounts, JobOptions, JobQueue, QueueDefinition, WorkOptions } from "./types";

export interface CreateJobQueueOptions {
  /** The PostgreSQL URL; pg-boss opens its own connections with it. Required when the database is PostgreSQL. */
  connectionString?: string;
  logger: Logger;
  pollingIntervalSeconds?: number;
  /** How long stop() waits for handlers in flight before failing their jobs back to retry; 30 s by default. */
  stopTimeoutSeconds?: number;
}

// pg-boss refuses to poll more often than every 0.5 s, and on PostgreSQL other processes send jobs too.
const PG_BOSS_POLLING_INTERVAL_SECONDS = 0.5;
// On PGlite one process owns the database, so every job is sent, failed or handed back through this queue, which
// wakes its worker at once or when the job falls due (polling-job-queue.ts). The poll only finds jobs an earlier
// process scheduled. Polling every 0.25 s had an idle server spend 3-5% of a core on it, each poll holding the
// database that requests wait for (issue 16).
const EMBEDDED_POLLING_INTERVAL_SECONDS = 5;
const STOP_TIMEOUT_SECONDS = 30;

/** Async because pg-boss (and the PostgreSQL driver it brings) is loaded only for PostgreSQL (issue 16, idle memory). */
export async function createJobQueue(database: Database, options: CreateJobQueueOptions): Promise<JobQueue> {
  const logger = options.logger.child({ component: "job-queue" });
  const stopTimeoutSeconds = options.stopTimeoutSeconds ?? STOP_TIMEOUT_SECONDS;
  if (database.kind === "pglite") {
    return new PollingJobQueue(createEmbeddedStore(database.db, logger), {
      logger,
      stopTimeoutSeconds,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? EMBEDDED_POLLING_INTERVAL_SECONDS,
    });
  }
  if (!options.connectionString || !database.pool) {
    throw new Error("The PostgreSQL job queue needs the database's connection string (DATABASE_URL) for pg-boss.");
  }
  const { createPgBossStore } = await import("./pg-boss-store");
  return new PollingJobQueue(
    await createPgBossStore({ connectionString: options.connectionString, pool: database.pool, logger, stopTimeoutSeconds }),
    {
      logger,
      stopTimeoutSeconds,
      pollingIntervalSeconds: Math.max(options.pollingIntervalSeconds ?? PG_BOSS_POLLING_INTERVAL_SECONDS, PG_BOSS_POLLING_INTERVAL_SECONDS),
    },
  );
}
