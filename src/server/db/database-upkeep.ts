import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Logger } from "pino";
import type { Database } from "./client";
import { firstStatisticsDue, upkeepDue, upkeepStatement, type TableActivity, type UpkeepAction } from "./upkeep-policy";

/**
 * PGlite is PostgreSQL in one process, without the background workers a server runs: no autovacuum. Left alone, its
 * tables never get statistics, so the planner guesses (a submission's read looped over every other submission of the
 * teacher to find its similarity matches, with a file-size system call each time), and the rows that updates and the
 * job queue leave behind are never reclaimed. This runs autovacuum's own rule (upkeep-policy.ts) on a timer. On
 * PostgreSQL autovacuum runs, and this gives only the first statistics it leaves out (firstStatisticsDue).
 *
 * A vacuum or analyse holds the database while it runs, as every statement on PGlite does; on a school's tables it
 * takes milliseconds to a second, and only tables that changed enough are touched. Besides the timer, a pass runs
 * seconds after `soon()`: the grading worker calls it when a class set is graded, since the teacher's review of it
 * comes next.
 */
export interface DatabaseUpkeep {
  /** One pass now: what was done to which table. */
  runOnce(): Promise<Array<{ table: string; action: UpkeepAction }>>;
  /** A pass in two seconds (unless one is due sooner): many rows just changed. */
  soon(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

const activityQuery = `
  select s.schemaname as schema, s.relname as table, c.reltuples::float8 as rows,
    (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages,
    s.n_dead_tup::float8 as "deadRows", s.n_mod_since_analyze::float8 as "changedSinceAnalyze",
    s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid`;

/**
 * PostgreSQL passes a statement's activity counts on at the end of a transaction, at most once a second, and PGlite
 * has no timer to pass on what is left: each pass first ends a transaction of its own, so counts older than a second
 * have arrived whatever else ran (the job queue's polls did this when they ran four times a second). Two seconds
 * after a class set's last grade its counts have arrived.
 */
const SOON_MS = 2_000;

/** What a pass needs of a database: its rows for a query, and a statement run. */
export interface UpkeepConnection {
  query<T>(text: string): Promise<T[]>;
  exec(text: string): Promise<unknown>;
}

export const pgliteConnection = (pglite: PGlite): UpkeepConnection => ({ query: async <T>(text: string) => (await pglite.query<T>(text)).rows, exec: (text) => pglite.exec(text) });
const poolConnection = (pool: pg.Pool): UpkeepConnection => ({ query: async <T>(text: string) => (await pool.query(text)).rows as T[], exec: (text) => pool.query(text) });

/**
 * The upkeep a database needs: the whole rule every `embeddedIntervalMs` on PGlite, first statistics every
 * `serverIntervalMs` on PostgreSQL (where several app processes may each run it: an analysed table is not analysed
 * again).
 */
export function startUpkeepFor(database: Database, logger: Logger, intervals: { embeddedIntervalMs: number; serverIntervalMs: number }): DatabaseUpkeep | undefined {
  if (database.pglite) return startDatabaseUpkeep(pgliteConnection(database.pglite), logger, intervals.embeddedIntervalMs);
  if (!database.pool) return undefined;
  return startDatabaseUpkeep(poolConnection(database.pool), logger, intervals.serverIntervalMs, firstStatisticsDue);
}

export function startDatabaseUpkeep(connection: UpkeepConnection, logger: Logger, intervalMs: number, due = upkeepDue): DatabaseUpkeep {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let nextPassAt = Infinity;

  async function pass() {
    await connection.query("select 1");
    const rows = await connection.query<TableActivity>(activityQuery);
    const done: Array<{ table: string; action: UpkeepAction }> = [];
    for (const table of rows) {
      const action = due(table);
      if (!action || stopped) continue;
      const started = performance.now();
      await connection.exec(upkeepStatement(table, action));
      done.push({ table: `${table.schema}.${table.table}`, action });
      logger.debug({ table: table.table, action, ms: Math.round(performance.now() - started) }, "database upkeep");
    }
    return done;
  }

  function runOnce() {
    const result = running.then(pass);
    running = result.catch(() => undefined);
    return result;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    nextPassAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      nextPassAt = Infinity;
      runOnce()
        .catch((error: unknown) => logger.warn({ err: error }, "database upkeep failed; it is tried again at the next pass"))
        .finally(() => {
          if (!stopped && nextPassAt === Infinity) schedule(intervalMs);
        });
    }, delayMs);
    // The timer alone never keeps the process alive.
    timer.unref();
  }
  schedule(intervalMs);

  return {
    runOnce,
    soon() {
      if (!stopped && nextPassAt > Date.now() + SOON_MS) schedule(SOON_MS);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
