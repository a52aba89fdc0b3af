import pg from "pg";

/**
 * With DATABASE_URL, a fresh database on that server for the run (dropped after), so the app and the reference start
 * empty; without it, nothing (each process opens its own PGlite).
 */
export async function withBenchDatabase(run: (databaseUrl: string | undefined) => Promise<void>): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) return run(undefined);
  const name = `markwise_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
