import { is, sql, SQL, type Column } from "drizzle-orm";
import { timeFromJson } from "./times";

/**
 * Columns read as one JSON array per row instead of one result field each. The PostgreSQL driver describes every field
 * of every result anew (a RowDescription parsed and a type parser looked up per field, on each execution of a named
 * statement too), and Drizzle maps each field of each row: for an assignment's 27 fields the description alone was a
 * tenth of its read's JavaScript in a profile, and as two JSON fields the app's CPU per read fell 12-18% (issue 16,
 * decision 015). `read` turns an array back into the row Drizzle would have given.
 */
export interface JsonRowShape<Row> {
  /** `json_build_array` of the values, in the order of their keys (PostgreSQL takes at most 100). */
  values(): SQL<unknown[]>;
  /** The row from the array the database built: every key filled in one order, so all rows share one shape. */
  read(values: unknown[]): Row;
}

type ValueOf<Entry> = Entry extends Column ? (Entry["_"]["notNull"] extends true ? Entry["_"]["data"] : Entry["_"]["data"] | null) : Entry extends SQL<infer T> ? T : never;
export type RowOf<Entries extends Record<string, Column | SQL>> = { [K in keyof Entries]: ValueOf<Entries[K]> };

/**
 * `entries` are columns, mapped from JSON as Drizzle maps their text where JSON does not already give the final value
 * (times come as ISO 8601, which `new Date` reads), or SQL values taken as the JSON gives them. Pass `Row` when a
 * column comes from an outer join and may be null although the table says not.
 */
export function jsonRowShape<Entries extends Record<string, Column | SQL>, Row = RowOf<Entries>>(entries: Entries): JsonRowShape<Row> {
  const list: Array<Column | SQL> = Object.values(entries);
  const mappers = list.map(mapperOf);
  // One object literal per shape, written out: a reader shared by every shape saw all their keys at one store and
  // slowed down on each (V8 keeps one set of type feedback per place in the code), and the list of 30 summaries read
  // 6-10% slower than its own hand-written reader. The keys are the code's own column names, never input.
  const fields = Object.keys(entries).map((key, i) => `${JSON.stringify(key)}: ${mappers[i] ? `values[${i}] == null ? null : maps[${i}](values[${i}])` : `values[${i}] ?? null`}`);
  const build = new Function("maps", `return (values) => ({ ${fields.join(", ")} });`) as (maps: typeof mappers) => (values: unknown[]) => Row;
  return {
    values: () => sql<unknown[]>`json_build_array(${sql.join(list.map((entry) => sql`${entry}`), sql`, `)})`,
    read: build(mappers),
  };
}

/**
 * How an entry's JSON value becomes what a select gives, undefined when it already is. A `timestamp with time zone`
 * comes in the one form `timeFromJson` reads quickly (times.ts); other columns are mapped as Drizzle maps them.
 */
function mapperOf(entry: Column | SQL): ((value: unknown) => unknown) | undefined {
  if (is(entry, SQL) || !needsMapping(entry)) return undefined;
  if (entry.columnType === "PgTimestamp" && (entry as Column & { withTimezone?: boolean }).withTimezone) return (value) => timeFromJson(value as string);
  return (value) => entry.mapFromDriverValue(value);
}

/**
 * Whether a column's JSON value needs Drizzle's mapping to become what a select gives: times become Dates, numerics
 * text. Text, numbers, booleans and JSON arrive in their final form.
 */
function needsMapping(column: Column): boolean {
  if (column.dataType === "json" || column.dataType === "boolean" || column.dataType === "number") return false;
  return column.dataType !== "string" || column.columnType === "PgNumeric";
}
