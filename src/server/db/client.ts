import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { lockDataFolder } from "./data-folder-lock";
import * as schema from "./schema";
import { openingProblem } from "./startup-problem";

export type Schema = typeof schema;
/** Both drivers share this type, so services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; false when the database cannot answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The postgres:// URL (PostgreSQL only): pg-boss opens its own connections with it. */
  connectionString?: string;
  /** The raw pg pool on PostgreSQL (for pg-boss); undefined on PGlite. */
  pool?: pg.Pool;
  /** The raw PGlite instance (embedded only). */
  pglite?: PGlite;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
const casing = "snake_case" as const;
// Several server processes may start at once on one PostgreSQL; this lock lets one migrate at a time.
const MIGRATION_LOCK_ID = 4_201_337;

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, PGlite under dataDir (or in memory when dataDir is "memory://"). */
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await migrateDatabase(database);
    } catch (error) {
      // Closed, so the embedded database's folder is given back (data-folder-lock.ts).
      await database.close().catch(() => undefined);
      throw error;
    }
  }
  return database;
}

/** The PostgreSQL driver is loaded only when DATABASE_URL asks for it: the embedded default never holds it (issue 16). */
async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on("error", () => undefined);
  const db = drizzlePg({ client: pool, schema, casing }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    connectionString: url,
    pool,
    ping: async () => !pool.ended && pingWith(db),
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * The embedded database serves one school's teachers from one process, and its files sit in the operating system's
 * cache anyway: PostgreSQL's 128 MB default of shared buffers would be most of the idle server's memory (issue 16).
 */
const pgliteSettings = ["shared_buffers = 16MB", "wal_buffers = 1MB", "temp_buffers = 2MB"];

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles it with its baseline compiler (Liftoff) and then
 * recompiles the functions that run often with its optimising one, keeping both: about 50 MB more resident memory
 * for the same database. On the small indexed queries Markwise sends, the optimised code did not answer faster than
 * the baseline on this 2-core machine (3,000 lookups: 8.1 s baseline only, 13.2 s with the optimiser busy), so the
 * embedded database keeps the baseline code (issue 16, idle memory). Set once, before the module is compiled.
 */
let wasmTieringSet = false;
function keepWasmBaselineCode() {
  if (wasmTieringSet) return;
  setFlagsFromString("--liftoff-only");
  wasmTieringSet = true;
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  keepWasmBaselineCode();
  const dataDir = options.dataDir ?? "./data";
  const inMemory = dataDir.startsWith("memory://");
  const location = inMemory ? dataDir : path.resolve(dataDir, "pglite");
  if (!inMemory) mkdirSync(location, { recursive: true });
  // Before PGlite touches the folder: a second server on it would damage it (data-folder-lock.ts).
  const lock = inMemory ? undefined : await lockDataFolder(dataDir);
  const client = new PGlite(location, { postgresqlconf: pgliteSettings, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw openingProblem(error, location, dataDir);
  }
  const db = drizzlePglite({ client, schema, casing }) as unknown as Db;
  let isClosed = false;
  return {
    db,
    kind: "pglite",
    pglite: client,
    ping: async () => !isClosed && pingWith(db),
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import("drizzle-orm/node-postgres"), import("drizzle-orm/node-postgres/migrator")]);
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client, casing }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
