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
