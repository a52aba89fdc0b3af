import { gradeStateLabel, type Gradebook } from "../../../../contracts/submissions";
import { formatScore } from "../../assignments/format";

export type Row = Gradebook["rows"][number];
export type Direction = "ascending" | "descending";
export interface Column {
  key: string;
  label: string;
  /** Shown under the label, like a criterion's maximum. */
  detail?: string;
  isNumeric: boolean;
  /** What the column sorts by: a score on an earlier rubric counts as its share of the current scale. */
  value: (row: Row) => string | number | null;
}

/**
 * A score of a grade given on an earlier rubric, put on the current scale for sorting only (the cell still shows
 * "14 / 30"): 14 of 30 sorts with 9.3 of 20, not above every 13 of 20.
 */
function onCurrentScale(score: number | null, earlierMax: number | undefined, currentMax: number): number | null {
  if (score === null || earlierMax === undefined) return score;
  return earlierMax > 0 ? (score / earlierMax) * currentMax : null;
}

export function columnsOf(book: Gradebook): Column[] {
  const total = (score: (row: Row) => number | null) => (row: Row) => onCurrentScale(score(row), row.earlierRubric?.totalPoints, book.totalPoints);
  return [
    { key: "student", label: "Student", isNumeric: false, value: (row) => row.studentName },
    ...book.criteria.map((criterion) => ({
      key: `criterion-${criterion.id}`,
      label: criterion.name,
      detail: `/${formatScore(criterion.maxPoints)}`,
      isNumeric: true,
      // A grade on an earlier rubric has scores only for the criteria the rubric kept unchanged: same scale.
      value: (row: Row) => row.criteriaScores?.[criterion.id] ?? null,
    })),
    { key: "raw", label: book.scoreBasis === "holistic" ? "Holistic score" : "Raw score", detail: `/${formatScore(book.totalPoints)}`, isNumeric: true, value: total((row) => row.rawScore) },
    { key: "penalty", label: "Late penalty", isNumeric: true, value: total((row) => row.latePenalty) },
    { key: "final", label: "Final", isNumeric: true, value: total((row) => row.finalScore) },
    // The status says who graded ("Reviewed", "Auto-accepted"): a column of its own pushed Similarity off a laptop's screen.
    { key: "status", label: "Status", isNumeric: false, value: gradeStateLabel },
    { key: "similarity", label: "Similarity", isNumeric: true, value: (row) => row.topSimilarity },
  ];
}

/** Empty cells sort last whichever way the column runs, so the graded rows stay together at the top. */
export function compareRows(column: Column, direction: Direction) {
  const sign = direction === "ascending" ? 1 : -1;
  return (a: Row, b: Row) => {
    const left = column.value(a);
    const right = column.value(b);
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    const order = typeof left === "number" && typeof right === "number" ? left - right : String(left).localeCompare(String(right), undefined, { sensitivity: "base", numeric: true });
    return order * sign || a.studentName.localeCompare(b.studentName);
  };
}
