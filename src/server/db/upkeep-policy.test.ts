import { describe, expect, it } from "vitest";
import { firstStatisticsDue, upkeepDue, upkeepStatement, type TableActivity } from "./upkeep-policy";

const quiet: TableActivity = { schema: "public", table: "submissions", rows: 1000, pages: 40, deadRows: 0, changedSinceAnalyze: 0, insertedSinceVacuum: 0 };

describe("the embedded database's upkeep rule (autovacuum's defaults)", () => {
  it("leaves a table alone until its changes pass 50 rows plus a share of its size", () => {
    expect(upkeepDue(quiet)).toBeUndefined();
    // Analyse after 50 + 10% of 1,000 changed rows, vacuum after 50 + 20% dead ones.
    expect(upkeepDue({ ...quiet, changedSinceAnalyze: 150 })).toBeUndefined();
    expect(upkeepDue({ ...quiet, changedSinceAnalyze: 151 })).toBe("analyze");
    expect(upkeepDue({ ...quiet, deadRows: 250 })).toBeUndefined();
    expect(upkeepDue({ ...quiet, deadRows: 251, changedSinceAnalyze: 500 })).toBe("vacuum");
  });

  it("vacuums a table that only grows once its inserts pass 1,000 plus a fifth of its size", () => {
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 1200, changedSinceAnalyze: 0 })).toBeUndefined();
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 1201 })).toBe("vacuum");
  });

  it("analyses a table holding rows that never had statistics, whatever its counts (they start again at zero on each start)", () => {
    expect(upkeepDue({ ...quiet, rows: -1 })).toBe("analyze");
    // An empty table that never had statistics has nothing to analyse.
    expect(upkeepDue({ ...quiet, rows: -1, pages: 0 })).toBeUndefined();
    // A small new table counts from zero rows: 51 changes are enough.
    expect(upkeepDue({ ...quiet, rows: -1, pages: 0, changedSinceAnalyze: 51 })).toBe("analyze");
  });

  it("writes the statement with the names quoted as identifiers", () => {
    expect(upkeepStatement({ schema: "public", table: "submissions" }, "vacuum")).toBe('vacuum (analyze) "public"."submissions"');
    expect(upkeepStatement({ schema: "odd", table: 'a"b' }, "analyze")).toBe('analyze "odd"."a""b"');
  });
});

describe("PostgreSQL's first statistics (autovacuum does the rest)", () => {
  it("analyses a table holding rows that never had statistics, and nothing else", () => {
    expect(firstStatisticsDue({ ...quiet, rows: -1, changedSinceAnalyze: 30 })).toBe("analyze");
    expect(firstStatisticsDue({ ...quiet, rows: -1, pages: 0 })).toBeUndefined();
    // Changes, dead rows and inserts are autovacuum's to act on.
    expect(firstStatisticsDue({ ...quiet, changedSinceAnalyze: 5000, deadRows: 5000, insertedSinceVacuum: 5000 })).toBeUndefined();
  });
});
