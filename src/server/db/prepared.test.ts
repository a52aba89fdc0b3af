import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../services/teacher-profiles";
import { preparedQuery } from "./prepared";

const notes = pgTable("notes", {
  id: integer("id").primaryKey(),
  body: text("body").notNull(),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
});

const pglite = new PGlite();
const db = drizzle({ client: pglite, schema: { notes } });
const handle = db as unknown as Queryable;

const noteById = preparedQuery((queryable) =>
  queryable
    .select()
    .from(notes)
    .where(eq(notes.id, sql.placeholder("id")))
    .prepare("note_by_id"),
);

async function statementNames(): Promise<string[]> {
  const result = await pglite.query<{ name: string }>("select name from pg_prepared_statements order by name");
  return result.rows.map((row) => row.name);
}

beforeAll(async () => {
  await pglite.exec(`create table notes (id integer primary key, body text not null, written_at timestamptz not null);
    insert into notes values (1, 'first', '2026-11-27T08:00:00Z'), (2, 'second', '2026-11-27T09:30:00Z');`);
});
afterAll(() => pglite.close());

describe("prepared queries on the embedded database", () => {
  it("run as one named statement and read the same rows as Drizzle's own path", async () => {
    const unprepared = await db.select().from(notes).where(eq(notes.id, 2));
    const first = await noteById(handle).execute({ id: 2 });
    const again = await noteById(handle).execute({ id: 1 });
    expect(first).toEqual(unprepared);
    expect(first[0]!.writtenAt).toEqual(new Date("2026-11-27T09:30:00Z"));
    expect(again.map((row) => row.body)).toEqual(["first"]);
    expect(await statementNames()).toEqual(["markwise_1"]);
  });

  it("report a failed run as the database's error and keep working after it", async () => {
    // Drizzle wraps the database's error; the cause is PostgreSQL's own (invalid text representation), as unprepared.
    const failure = await noteById(handle).execute({ id: "not a number" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ cause: { code: "22P02", message: expect.stringMatching(/invalid input syntax for type integer/) } });
    expect((await noteById(handle).execute({ id: 1 })).map((row) => row.body)).toEqual(["first"]);
  });

  it("wait for a transaction in progress instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 3, body: "never committed", writtenAt: new Date() });
        await held;
        tx.rollback();
      })
      .catch(() => undefined);
    const read = noteById(handle).execute({ id: 3 });
    release();
    await transaction;
    expect(await read).toEqual([]);
  });
});
