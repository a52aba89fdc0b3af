import { PGlite } from "@electric-sql/pglite";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteConnection, startDatabaseUpkeep } from "./database-upkeep";

const pglite = new PGlite();
// A timer that never fires in the test: passes run when the test asks (runOnce) or through soon().
const upkeep = startDatabaseUpkeep(pgliteConnection(pglite), pino({ level: "silent" }), 3_600_000);

async function statisticsOf(table: string) {
  const { rows } = await pglite.query<{ reltuples: number; analyzed: boolean }>(
    "select c.reltuples::float8 as reltuples, exists (select 1 from pg_statistic s where s.starelid = c.oid) as analyzed from pg_class c where c.relname = $1",
    [table],
  );
  return rows[0]!;
}

/** The plan the database makes to read one teacher's essay by its id. */
async function planFor(id: number): Promise<string> {
  const { rows } = await pglite.query<{ "QUERY PLAN": string }>(`explain select * from essays where teacher = 1 and id = ${id}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

/**
 * The essays table's activity counts once they reach `until`. PostgreSQL passes a statement's counts on to its
 * statistics at most once a second, at the end of a later transaction; each query here is one.
 */
async function activityWhen(until: (activity: { inserted: number; dead: number }) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await pglite.query<{ inserted: number; dead: number }>(
      "select n_ins_since_vacuum::float8 as inserted, n_dead_tup::float8 as dead from pg_stat_user_tables where relname = 'essays'",
    );
    if (until(rows[0]!) || Date.now() > deadline) return rows[0]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  await pglite.exec(`create table essays (id integer primary key, teacher integer not null, body text not null);
    create index on essays (teacher);
    insert into essays select i, 1 + i % 2, repeat('word ', 50) from generate_series(1, 2000) as i;
    create table untouched (id integer primary key);`);
  // The first statement waits for PGlite to start (compiling its WebAssembly): seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await upkeep.stop();
  await pglite.close();
});

describe("the embedded database's upkeep", () => {
  it("analyses a table holding rows that never had statistics, even before its counts arrive", async () => {
    expect(await statisticsOf("essays")).toEqual({ reltuples: -1, analyzed: false });
    const done = await upkeep.runOnce();
    expect(done).toEqual([{ table: "public.essays", action: "analyze" }]);
    expect(await statisticsOf("essays")).toEqual({ reltuples: 2000, analyzed: true });
    expect(await planFor(7)).toMatch(/Index Scan using essays_pkey/);
  });

  it("vacuums a table once its inserts pass autovacuum's limit, and then leaves it alone", async () => {
    expect((await activityWhen((activity) => activity.inserted >= 2000)).inserted).toBe(2000);
    expect(await upkeep.runOnce()).toEqual([{ table: "public.essays", action: "vacuum" }]);
    expect((await activityWhen((activity) => activity.inserted === 0)).inserted).toBe(0);
    expect(await upkeep.runOnce()).toEqual([]);
  });

  it("runs a pass soon after it is told many rows changed", async () => {
    await pglite.exec("update essays set body = 'edited' where id <= 600");
    expect((await activityWhen((activity) => activity.dead >= 600)).dead).toBe(600);
    upkeep.soon();
    // The 600 replaced rows are vacuumed away within seconds, not at the hourly timer.
    expect((await activityWhen((activity) => activity.dead === 0)).dead).toBe(0);
  });

  it("sees the changes of a second ago although nothing else ran since", async () => {
    // Counts are passed on at most once a second: right after the last test's reads, these wait in the session.
    await pglite.exec("update essays set body = 'edited again' where id > 600 and id <= 1200");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await upkeep.runOnce()).map((done) => done.table)).toEqual(["public.essays"]);
  });
});
