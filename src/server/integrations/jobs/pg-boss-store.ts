import type PgBoss from "pg-boss";
import type pg from "pg";
import type { Logger } from "pino";
import type { QueueDefinition } from "./types";
import { countByState, type JobStore } from "./job-store";

const schema = "pgboss";
const createQueueLock = "markwise-jobs:create-queue";

export interface PgBossStoreOptions {
  connectionString: string;
  /** The app's pool: it holds the advisory locks around queue creation and singleton sends. */
  pool: pg.Pool;
  logger: Logger;
  stopTimeoutSeconds: number;
}

/**
 * The job store on PostgreSQL: pg-boss in its own schema. It gets a pool of its own from the connection string
 * rather than an adapter over the app's pool, so that polling and maintenance never wait behind request queries
 * (nor hold connections requests need), and so that boss.stop() closes exactly the connections pg-boss opened.
 * A few SQL statements below read or touch pg-boss's `job` table directly (singleton check, release, counts):
 * pg-boss 10 has no API for them. They use only its name, id, state, singleton_key and started_on columns.
 */
export async function createPgBossStore(options: PgBossStoreOptions): Promise<JobStore> {
  const { pool, logger } = options;
  // Imported here, not at the top: the server bundle inlines this file, and only PostgreSQL needs pg-boss (issue 16).
  const { default: PgBossQueue } = await import("pg-boss");
  const boss = new PgBossQueue({
    connectionString: options.connectionString,
    schema,
    application_name: "markwise-jobs",
    // One poll at a time per worker plus maintenance needs few connections; every server process opens this
    // pool beside its own, and together they must fit under PostgreSQL's max_connections.
    max: 5,
    // No cron schedules are used; the clock-skew and cron monitors would only add queries.
    schedule: false,
  });
  // pg-boss emits connection and maintenance errors as events; an EventEmitter with no listener would throw them.
  boss.on("error", (error) => logger.error({ err: error }, "pg-boss reported an error"));
  const query = (text: string, values: unknown[]) => boss.getDb().executeSql(text, values);

  return {
    kind: "pg-boss",

    // Several processes may start at once on a new database: pg-boss creates its schema under an advisory lock.
    async start() {
      await boss.start();
    },

    async createQueue(name, definition) {
      // pg-boss's create_queue adds a partition and foreign keys, and two of them running at once (several processes
      // booting together) deadlock, even for different queues: the tests caught it. So one at a time, database-wide.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [createQueueLock]);
        await boss.createQueue(name, toPgBossQueue(name, definition));
        // createQueue leaves an existing queue as it was; the definition in the code is the one that should hold.
        await boss.updateQueue(name, toPgBossQueue(name, definition));
      } finally {
        await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [createQueueLock]).catch(() => undefined);
        client.release();
      }
    },

    async send(name, data, options) {
      const { singletonKey } = options;
      const sendOptions = { startAfter: options.startAfterSeconds };
      if (!singletonKey) {
        await boss.send(name, data, sendOptions);
        return;
      }
      // pg-boss's own singleton policies count keyless jobs as one key, so they would collapse every keyless job of
      // the queue. Instead: one transaction per key (serialized across processes by an advisory lock) inserts only
      // when no job with the key is still waiting to start.
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`markwise-job:${name}:${singletonKey}`]);
        const pending = await client.query(
          `select 1 from ${schema}.job where name = $1 and singleton_key = $2 and state in ('created', 'retry') limit 1`,
          [name, singletonKey],
        );
        if (pending.rowCount === 0) {
          await boss.send(name, data, { ...sendOptions, singletonKey, db: { executeSql: (text, values) => client.query(text, values) } });
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async sendMany(name, items) {
      await boss.insert(items.map((data) => ({ name, data })));
    },

    async fetch(name, batchSize) {
      const jobs = await boss.fetch<object>(name, { batchSize, includeMetadata: true });
      return jobs.map((job) => ({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }));
    },

    async complete(name, id) {
      await boss.complete(name, id);
    },

    async fail(name, job, error) {
      await boss.fail(name, job.id, error);
    },

    // Clearing started_on keeps pg-boss's next fetch from counting a retry, since these jobs never ran.
    async release(name, ids) {
      await query(`update ${schema}.job set state = 'retry', started_on = null where name = $1 and id = any($2::uuid[]) and state = 'active'`, [name, ids]);
    },

    // Completed and failed jobs move to pg-boss's archive after 12 hours (its default), so they count until then.
    async counts(name) {
      const { rows } = await query(`select state, count(*)::int as count from ${schema}.job where name = $1 group by state`, [name]);
      return countByState(rows);
    },

    async stop() {
      await boss.stop({ graceful: true, wait: true, close: true, timeout: options.stopTimeoutSeconds * 1000 });
    },
  };
}

function toPgBossQueue(name: string, definition: QueueDefinition): PgBoss.Queue {
  return {
    name,
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelaySeconds,
    retryBackoff: definition.retryBackoff,
    expireInSeconds: definition.expireInSeconds,
  };
}
