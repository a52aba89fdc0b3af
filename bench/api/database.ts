import pg from "pg";

/**
 * With DATABASE_URL, a fresh database on that server for the run (dropped after), so the app and the reference start
 * empty, and a count of the statements committed in it; without it, nothing (each process opens its own PGlite).
 */
export async function withBenchDatabase(run: (databaseUrl: string | undefined, committed?: () => Promise<number>) => Promise<void>): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) return run(undefined);
  const name = `markwise_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const committed = async () => {
    await admin.query("select pg_stat_clear_snapshot()");
    const { rows } = await admin.query("select xact_commit from pg_stat_database where datname = $1", [name]);
    return Number(rows[0]?.xact_commit ?? 0);
  };
  try {
    await run(url.toString(), committed);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
