import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The embedded database's job queue (PostgreSQL uses pg-boss's own tables instead). Rows outlive the process, so
 * work queued before a restart is done after it.
 */
export const embeddedJobs = pgTable(
  "embedded_jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    queue: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    state: text().$type<"created" | "retry" | "active" | "completed" | "failed">().notNull().default("created"),
    singletonKey: text(),
    retryCount: integer().notNull().default(0),
    retryLimit: integer().notNull().default(2),
    startAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.queue, table.state, table.startAfter)],
);

/**
 * Every process that grades beats here every few seconds and lists the jobs it has fetched. A process whose beat has
 * stopped is dead (killed, or its machine gone): the others put its claims and its jobs back at once instead of
 * waiting out the claim lease and pg-boss's expiry (minutes).
 */
export const jobWorkers = pgTable("job_workers", {
  id: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Job ids fetched but maybe not settled, by queue name; ids already settled are harmless (release skips them). */
  heldJobs: jsonb().$type<Record<string, string[]>>().notNull().default({}),
});
