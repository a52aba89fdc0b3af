/**
 * Which tables need vacuuming or fresh statistics, applied by database-upkeep.ts: on the embedded database PostgreSQL's
 * own autovacuum rule with its default settings (PGlite runs no autovacuum of its own), on PostgreSQL only the first
 * statistics of a table autovacuum leaves alone.
 */

/** A table's activity as PostgreSQL's statistics report it (pg_stat_user_tables, with pg_class.reltuples). */
export interface TableActivity {
  schema: string;
  table: string;
  /** Rows as of the last vacuum or analyse (pg_class.reltuples), or -1 when the table never had either. */
  rows: number;
  /** Pages the table holds on disk now. */
  pages: number;
  deadRows: number;
  changedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

export type UpkeepAction = "vacuum" | "analyze";

// PostgreSQL 15's defaults: autovacuum_vacuum_threshold and _scale_factor, autovacuum_analyze_threshold and
// _scale_factor, autovacuum_vacuum_insert_threshold and _scale_factor.
export const autovacuumDefaults = {
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  analyzeThreshold: 50,
  analyzeScale: 0.1,
  insertThreshold: 1000,
  insertScale: 0.2,
} as const;

/**
 * A vacuum (which analyses too) when dead rows or inserts since the last vacuum pass their limits, else an analyse
 * when enough rows changed since the last one, else nothing; as autovacuum decides it (autovacuum.c,
 * relation_needs_vacanalyze). One addition: PGlite forgets its activity counts when it closes, so a table holding
 * rows that was never analysed is analysed whatever its counts say.
 */
export function upkeepDue(table: TableActivity, limits = autovacuumDefaults): UpkeepAction | undefined {
  const rows = Math.max(0, table.rows);
  if (table.deadRows > limits.vacuumThreshold + limits.vacuumScale * rows) return "vacuum";
  if (table.insertedSinceVacuum > limits.insertThreshold + limits.insertScale * rows) return "vacuum";
  if (table.changedSinceAnalyze > limits.analyzeThreshold + limits.analyzeScale * rows) return "analyze";
  if (table.rows < 0 && table.pages > 0) return "analyze";
  return undefined;
}

/**
 * PostgreSQL's autovacuum analyses a table once 50 rows (and a tenth of it) changed, so on a new server a teacher's
 * first class set (30 submissions, 30 files) never gets statistics, and the planner plans for empty tables: a
 * submission's read found its similarity matches by looping over every submission of the teacher, 91 buffers read
 * where 16 do with statistics (issue 16). A table holding rows that was never analysed is analysed once; autovacuum
 * keeps it from then on.
 */
export function firstStatisticsDue(table: TableActivity): UpkeepAction | undefined {
  return table.rows < 0 && table.pages > 0 ? "analyze" : undefined;
}

/** The statement for one table's upkeep, its schema and name quoted as identifiers. */
export function upkeepStatement(table: Pick<TableActivity, "schema" | "table">, action: UpkeepAction): string {
  const quoted = [table.schema, table.table].map((name) => `"${name.replaceAll('"', '""')}"`).join(".");
  return action === "vacuum" ? `vacuum (analyze) ${quoted}` : `analyze ${quoted}`;
}
