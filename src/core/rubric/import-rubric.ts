import { withBarePointsUnits } from "./bare-points.js";
import { readLines } from "./lines.js";
import { digitizeWordedPoints } from "./points.js";
import { isTotalLine } from "./names.js";
import { barredRowsAsTabbed, readTables, tablesFromTabbedLines, transposeLevelTables } from "./tables.js";
import { weighted } from "./weights.js";
import { nameLoneCriterion, withoutCaption } from "./lone-criterion.js";
import { asLevelTable } from "./level-rows.js";
import { lineKey, type DraftCriterion, type ParsedCriterion, type Reading, type RubricDocument, type SkipReason } from "./types.js";

export type { SkipReason } from "./types.js";

export interface SkippedLine {
  /** 1-based line number in the document's text. */
  lineNumber: number;
  text: string;
  reason: SkipReason;
}

export interface RubricImport {
  criteria: ParsedCriterion[];
  /** "model": read by a language model and checked against the text (set by the server, never by this parser). */
  reading: Reading["kind"] | "none" | "model";
  /** Share of the document's rubric lines (titles and instructions aside) the reading understood, 0..1. */
  score: number;
  /** The document had no points: each criterion got its number of levels (or the rubric's usual count) to confirm. */
  pointsAssumed: boolean;
  /** Every non-empty line the reading did not use, with why. */
  skipped: SkippedLine[];
  /** What the teacher should check that no criterion shows: each weight found, applied or not, and why. */
  notices: string[];
  /** Set (with no criteria) when the document reads as running text, not a rubric: an essay uploaded by mistake. */
  notARubric?: true;
}

/** Points a criterion gets when the rubric has none and it names no levels either: the common four-level scale. */
const defaultLevels = 4;

function withWordedPointsAsDigits(doc: RubricDocument): RubricDocument {
  return { text: withBarePointsUnits(digitizeWordedPoints(barredRowsAsTabbed(doc.text))), tables: doc.tables.map((table) => table.map((row) => row.map(digitizeWordedPoints))) };
}

/**
 * Reads a rubric document every way it could be laid out (its tables, levels as rows, headed sections and lists, a
 * list with a summary table below it, checklist sections) and keeps the reading that understood the most of its
 * lines. Readings with points win over readings without; a rubric with no points at all is still imported, each
 * criterion worth its number of levels, for the teacher to confirm. Nothing is dropped unlisted: every line the
 * chosen reading did not use comes back in `skipped` with its line number.
 */
export function importRubric(document: RubricDocument): RubricImport {
  const doc = withWordedPointsAsDigits(document);
  const lines = doc.text.split("\n");
  const tables = doc.tables.length > 0 ? doc.tables : tablesFromTabbedLines(doc.text);
  const withPoints = readingsOf(doc.text, tables, false).filter((reading) => reading.criteria.some((c) => c.maxPoints !== undefined));
  const candidates = withPoints.length > 0 ? withPoints : readingsOf(doc.text, tables, true).filter((reading) => reading.criteria.length > 0);
  const scored = candidates.map((reading) => ({ reading, ...account(lines, reading) }));
  scored.sort((a, b) => b.score - a.score || b.usedCount - a.usedCount);
  const best = scored[0];
  if (!best) {
    return { criteria: [], reading: "none", score: 0, pointsAssumed: false, skipped: account(lines, undefined).skipped, notices: [] };
  }
  if (!looksLikeRubric(best)) {
    return { criteria: [], reading: "none", score: 0, pointsAssumed: false, skipped: account(lines, undefined).skipped, notices: [], notARubric: true };
  }
  const pointsAssumed = withPoints.length === 0;
  const usual = usualLevels(best.reading.criteria);
  const kept = best.reading.criteria.filter((c) => pointsAssumed || c.maxPoints !== undefined);
  const notices: string[] = [];
  const criteria = kept.map((c) => {
    const points = c.maxPoints ?? (c.levels >= 2 ? c.levels : usual);
    return { name: c.name, maxPoints: applyWeight(c, points, pointsAssumed, notices), descriptors: c.descriptors };
  });
  // In a rubric with points, a criterion found without any is listed, not guessed.
  const unscored = best.reading.criteria.filter((c) => !kept.includes(c)).map((c) => noPointsLine(lines, c.name));
  const skipped = [...best.skipped, ...unscored].sort((a, b) => a.lineNumber - b.lineNumber);
  return { criteria, reading: best.reading.kind, score: best.score, pointsAssumed, skipped, notices };
}

/**
 * A criterion's points with its weight: multiplied when the weight says plainly that it multiplies ("x2", "Weight 2")
 * and the points are the document's own; otherwise kept. Either way the teacher is told, so no total is silently wrong.
 */
function applyWeight(criterion: DraftCriterion, points: number, pointsAssumed: boolean, notices: string[]): number {
  const { weight, name } = criterion;
  if (!weight) return points;
  if (weight.asPoints) {
    notices.push(`${name}: its weight "${weight.text}" was read as its points (${points}).`);
    return points;
  }
  if (weight.factor === undefined || pointsAssumed) {
    notices.push(`${name}: the weight "${weight.text}" was not applied; the criterion keeps ${points} points. Change them if the weight should count.`);
    return points;
  }
  const total = weighted(points, weight.factor);
  notices.push(`${name}: ${points} points × ${weight.factor} (weight "${weight.text}") = ${total} points.`);
  return total;
}

function readingsOf(text: string, tables: string[][][], withoutPoints: boolean): Reading[] {
  const table = readTables(tables);
  const lines = text.split("\n");
  const transposed = tables.map((one) => {
    // A caption row ("Overall Quality" merged over "Score | Description") would become a column of the levels.
    const read = nameLoneCriterion(readTables(transposeLevelTables([asLevelTable(withoutCaption(one).rows)])).criteria, one, lines);
    return { rows: one, ...read };
  });
  const withoutTabs = text
    .split("\n")
    .filter((line) => !line.includes("\t"))
    .join("\n");
  const sections = readLines(withoutTabs, { withoutPoints });
  const everything = readLines(text, { withoutPoints });
  const keys = (rows: string[][]) => new Set(rows.map((row) => lineKey(row.join(" "))));
  const readings: Reading[] = [
    { kind: "table", criteria: table.criteria, used: keys(table.usedRows) },
    {
      kind: "table-levels-as-rows",
      criteria: transposed.flatMap((t) => t.criteria),
      // A table read with its levels as rows is used whole: its header row names the criteria, the others are levels.
      used: new Set([
        ...keys(transposed.filter((t) => t.criteria.length > 0).flatMap((t) => t.rows)),
        ...transposed.flatMap((t) => (t.nameLine ? [t.nameLine] : [])),
      ]),
    },
    { kind: "sections", criteria: sections.criteria, used: sections.used },
    { kind: "sections", criteria: everything.criteria, used: everything.used },
  ];
  // A headed list with a summary table below it: the list's criteria, and the table's rows that repeat them used.
  if (table.criteria.length > 0 && sections.criteria.length > 0) {
    const names = new Set(sections.criteria.map((c) => c.name.toLowerCase()));
    const extra = table.criteria.filter((c) => !names.has(c.name.toLowerCase()));
    readings.push({ kind: "table-and-sections", criteria: [...sections.criteria, ...extra], used: new Set([...sections.used, ...keys(table.usedRows)]) });
  }
  return readings;
}

/**
 * An essay still gives some reading ("English 10" over "12 March 2025" is a heading and a level with points), but it
 * uses few of the document's lines and fewer of its words. A real rubric's best reading uses most of either: a table
 * whose descriptors are long uses most words, a list after long instructions most of its rubric lines. Tables given
 * without text (no words to weigh) are not judged.
 */
function looksLikeRubric(best: { score: number; usedWordShare: number | undefined }): boolean {
  return best.usedWordShare === undefined || best.score >= 2 / 3 || best.usedWordShare >= 1 / 3;
}

function usualLevels(criteria: DraftCriterion[]): number {
  const counts = criteria.map((c) => c.levels).filter((levels) => levels >= 2);
  if (counts.length === 0) return defaultLevels;
  const frequency = new Map<number, number>();
  for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  return [...frequency.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
}

/** Which lines a reading used, which it skipped and why, and the share of rubric lines it understood. */
function account(lines: string[], reading: Reading | undefined) {
  const skipped: SkippedLine[] = [];
  let rubricLines = 0;
  let usedCount = 0;
  let words = 0;
  let usedWords = 0;
  let firstSeen = false;
  lines.forEach((raw, index) => {
    const key = lineKey(raw);
    if (!key) return;
    const isFirst = !firstSeen;
    firstSeen = true;
    const lineWords = key.split(" ").length;
    words += lineWords;
    if (isTotalLine(key)) {
      skipped.push({ lineNumber: index + 1, text: key, reason: "total" });
      return;
    }
    if (reading?.used.has(key)) {
      usedWords += lineWords;
      usedCount++;
      rubricLines++;
      return;
    }
    // Titles, instructions (and totals, above) are understood by every reading alike: listed, but not held against it.
    const reason: SkipReason = isFirst && !/\t/.test(raw) ? "title" : isInstructions(key) ? "instructions" : "not-understood";
    if (reason === "not-understood") rubricLines++;
    skipped.push({ lineNumber: index + 1, text: key, reason });
  });
  return { skipped, usedCount, score: rubricLines === 0 ? 0 : usedCount / rubricLines, usedWordShare: words === 0 ? undefined : usedWords / words };
}

function noPointsLine(lines: string[], name: string): SkippedLine {
  const index = lines.findIndex((line) => line.includes(name));
  return { lineNumber: index + 1, text: index >= 0 ? lineKey(lines[index]!) : name, reason: "no-points" };
}

/** Prose around a rubric: full sentences with no points in them. */
function isInstructions(line: string): boolean {
  const words = line.split(" ").length;
  const sentence = /[.!?]$/.test(line) && /\p{Ll}/u.test(line);
  return sentence && (words >= 10 || (words >= 6 && !/\d\s*(points?|pts?|marks?|%)/i.test(line)));
}
