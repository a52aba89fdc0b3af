/**
 * The reference for bench:api: a bare Hono server that answers each GET with one indexed select, on the same database
 * engine as the app (PostgreSQL with a pool of 10 like the app's when DATABASE_URL is set, else a file-backed PGlite).
 * Prints its URL on stdout when ready. Run by bench/api/run.ts in a process of its own.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

type Query = (id: number) => Promise<unknown>;

async function openEngine(): Promise<Query> {
  const setup = "create table if not exists bench_items (id integer primary key, title text not null, body text not null)";
  const fill = "insert into bench_items select i, 'Item ' || i, repeat('x', 200) from generate_series(1, 1000) as i on conflict do nothing";
  const select = "select id, title, body from bench_items where id = $1";
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await pool.query(setup);
    await pool.query(fill);
    return async (id) => (await pool.query(select, [id])).rows[0];
  }
  const db = new PGlite(path.join(mkdtempSync(path.join(os.tmpdir(), "markwise-ref-")), "pglite"));
  await db.waitReady;
  await db.exec(setup);
  await db.exec(fill);
  return async (id) => (await db.query(select, [id])).rows[0];
}

const query = await openEngine();
const app = new Hono();
app.get("/item/:id", async (c) => c.json(await query(Number(c.req.param("id")))));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`http://127.0.0.1:${info.port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
