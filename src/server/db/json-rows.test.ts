import { PGlite } from "@electric-sql/pglite";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { boolean, date, doublePrecision, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRowShape } from "./json-rows";

/** A column of every kind the app's tables use. */
const records = pgTable("records", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  note: text("note"),
  score: doublePrecision("score"),
  done: boolean("done").notNull(),
  due: date("due", { mode: "string" }),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
  details: jsonb("details").$type<unknown>(),
  tags: text("tags").array(),
});

const pglite = new PGlite();
const db = drizzle({ client: pglite });
const shape = jsonRowShape(getTableColumns(records));

beforeAll(async () => {
  await pglite.exec(`create table records (id integer primary key, name text not null, note text, score double precision, done boolean not null,
    due date, written_at timestamptz not null, details jsonb, tags text[])`);
  await db.insert(records).values([
    { id: 1, name: "Zoë „Ñandú“", note: "line\nbreak", score: 7.25, done: true, due: "2026-12-01", writtenAt: new Date("2026-11-27T12:34:56.789Z"), details: { scores: { ideas: 3 }, list: [1, "two"] }, tags: ["a", "b,c"] },
    { id: 2, name: "plain", note: null, score: null, done: false, due: null, writtenAt: new Date("2026-01-02T03:04:05.000Z"), details: "just text", tags: null },
    { id: 3, name: "json text", done: false, writtenAt: new Date("2026-01-02T03:04:05.000Z"), details: '{"looks":"like json"}' },
  ]);
});
afterAll(() => pglite.close());

describe("jsonRowShape", () => {
  it("reads every kind of column back as Drizzle's own select gives it", async () => {
    for (const id of [1, 2]) {
      const [plain] = await db.select().from(records).where(eq(records.id, id));
      const [asJson] = await db.select({ row: shape.values() }).from(records).where(eq(records.id, id));
      const row = shape.read(asJson!.row);
      expect(row).toEqual(plain);
      expect(row.writtenAt).toBeInstanceOf(Date);
    }
  });

  it("keeps SQL values as the JSON gives them, after the columns and in the keys' order", async () => {
    const withExtra = jsonRowShape({ name: records.name, rank: sql<number>`${records.id} * 10` });
    const [found] = await db.select({ row: withExtra.values() }).from(records).where(eq(records.id, 2));
    expect(found!.row).toEqual(["plain", 20]);
    expect(Object.keys(withExtra.read(found!.row))).toEqual(["name", "rank"]);
  });

  it("keeps a JSON value that is a string as that string, even when it reads as JSON", async () => {
    // Drizzle's own select parses such a string a second time and returns an object; the JSON read does not.
    const [found] = await db.select({ row: shape.values() }).from(records).where(eq(records.id, 3));
    expect(shape.read(found!.row).details).toBe('{"looks":"like json"}');
  });
});
