import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../services/teacher-profiles";
import { preparedQuery } from "./prepared";

const notes = pgTable("notes", {
  id: integer("id").primaryKey(),
  body: text("body").notNull(),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
});

/** Values of every kind a read returns: JSON, arrays, nulls, text beyond ASCII. */
const marks = pgTable("marks", {
  id: integer("id").primaryKey(),
  student: text("student").notNull(),
  scores: jsonb("scores").$type<Record<string, number>>(),
  tags: text("tags").array(),
  note: text("note"),
});

const pglite = new PGlite();
const db = drizzle({ client: pglite, schema: { notes, marks } });
const handle = db as unknown as Queryable;

const noteById = preparedQuery((queryable) =>
  queryable
    .select()
    .from(notes)
    .where(eq(notes.id, sql.placeholder("id")))
    .prepare("note_by_id"),
);

const marksByNote = preparedQuery((queryable) =>
  queryable
    .select({ id: marks.id })
    .from(marks)
    .where(sql`${marks.note} is not distinct from ${sql.placeholder("note")}`)
    .prepare("marks_by_note"),
);

const allMarks = preparedQuery((queryable) => queryable.select().from(marks).orderBy(marks.id).prepare("all_marks"));

async function statementNames(): Promise<string[]> {
  const result = await pglite.query<{ name: string }>("select name from pg_prepared_statements order by name");
  return result.rows.map((row) => row.name);
}

beforeAll(async () => {
  await pglite.exec(`create table notes (id integer primary key, body text not null, written_at timestamptz not null);
    insert into notes values (1, 'first', '2026-11-27T08:00:00Z'), (2, 'second', '2026-11-27T09:30:00Z');
    create table marks (id integer primary key, student text not null, scores jsonb, tags text[], note text);
    insert into marks values (1, 'Zoë Ångström', '{"ideas": 4, "voice": 3}', '{late,"re-read"}', 'très bien — 👍'), (2, 'Li Wei', null, null, null);
    insert into marks select i, 'Student ' || i, jsonb_build_object('ideas', i % 5), array['t' || i], repeat('é', i) from generate_series(3, 400) as i;`);
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

  it("read JSON, arrays, nulls, text beyond ASCII and an answer of hundreds of rows as Drizzle does", async () => {
    const unprepared = await db.select().from(marks).orderBy(marks.id);
    const read = await allMarks(handle).execute();
    expect(read).toEqual(unprepared);
    expect(read.slice(0, 2)).toEqual([
      { id: 1, student: "Zoë Ångström", scores: { ideas: 4, voice: 3 }, tags: ["late", "re-read"], note: "très bien — 👍" },
      { id: 2, student: "Li Wei", scores: null, tags: null, note: null },
    ]);
    expect(read).toHaveLength(400);
  });

  it("send a null parameter and one beyond ASCII as the values they are", async () => {
    expect(await marksByNote(handle).execute({ note: null })).toEqual([{ id: 2 }]);
    expect(await marksByNote(handle).execute({ note: "très bien — 👍" })).toEqual([{ id: 1 }]);
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
