/**
 * Which tables of the embedded database need vacuuming or fresh statistics: PostgreSQL's own autovacuum rule, with its
 * default settings, applied by embedded-upkeep.ts (PGlite runs no autovacuum of its own).
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

/** The statement for one table's upkeep, its schema and name quoted as identifiers. */
export function upkeepStatement(table: Pick<TableActivity, "schema" | "table">, action: UpkeepAction): string {
  const quoted = [table.schema, table.table].map((name) => `"${name.replaceAll('"', '""')}"`).join(".");
  return action === "vacuum" ? `vacuum (analyze) ${quoted}` : `analyze ${quoted}`;
}
