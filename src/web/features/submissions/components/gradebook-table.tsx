import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { Gradebook } from "../../../../contracts/submissions";
import { cn } from "../../../lib/utils";
import { formatScore, plural } from "../../assignments/format";
import { classAverageNote } from "./class-average-note";
import { columnsOf, compareRows, type Column, type Direction, type Row } from "./gradebook-columns";
import { EarlierRubricBadge } from "./earlier-rubric-badge";
import { OverlapBadge, StatusBadge } from "./submission-list";

/** Students by criteria; every column header sorts, and says so through aria-sort. */
export function GradebookTable({ book }: { book: Gradebook }) {
  const columns = useMemo(() => columnsOf(book), [book]);
  const [sort, setSort] = useState<{ key: string; direction: Direction }>({ key: "student", direction: "ascending" });
  const column = columns.find((candidate) => candidate.key === sort.key) ?? columns[0]!;
  const rows = useMemo(() => [...book.rows].sort(compareRows(column, sort.direction)), [book.rows, column, sort.direction]);
  // Totals out of another rubric's total do not average with the current one's: the footer leaves them out, and says so.
  const onCurrent = book.rows.filter((row) => !row.earlierRubric);
  const onEarlier = book.rows.length - onCurrent.length;

  const sortBy = (next: Column) =>
    setSort((current) =>
      current.key === next.key
        ? { key: next.key, direction: current.direction === "ascending" ? "descending" : "ascending" }
        : // Scores read best-first; names and labels read A to Z.
          { key: next.key, direction: next.isNumeric ? "descending" : "ascending" },
    );

  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Gradebook: click a column header to sort</caption>
        <thead>
          <tr className="border-b border-border bg-muted">
            {columns.map((candidate) => {
              const isSorted = candidate.key === sort.key;
              const Icon = isSorted ? (sort.direction === "ascending" ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th
                  key={candidate.key}
                  scope="col"
                  aria-sort={isSorted ? sort.direction : "none"}
                  className={cn(
                    "px-2 py-1.5 font-medium",
                    // Headers wrap (the student's stays on one line) so a four-criterion rubric fits a laptop screen.
                    candidate.key === "student" ? "whitespace-nowrap" : "max-w-[8rem]",
                    candidate.isNumeric ? "text-right" : "text-left",
                    candidate.key === "student" && "sticky left-0 z-10 bg-muted",
                  )}
                >
                  <button
                    type="button"
                    onClick={() => sortBy(candidate)}
                    className={cn(
                      "inline-flex items-center gap-1 rounded px-1 py-1 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                      isSorted ? "text-foreground" : "text-muted-foreground",
                      candidate.isNumeric && "flex-row-reverse",
                    )}
                  >
                    <span>
                      {candidate.label}
                      {candidate.detail ? <span className="ml-1 text-xs font-normal text-muted-foreground">{candidate.detail}</span> : null}
                    </span>
                    <Icon aria-hidden className="size-3.5 shrink-0" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.submissionId} className="border-b border-border/70 last:border-b-0">
              {/* A long name wraps rather than push the last columns off a laptop's screen. */}
              <th scope="row" className="sticky left-0 z-10 max-w-[13rem] bg-surface px-2 py-2 text-left font-medium wrap-anywhere">
                <Link to={`/assignments/${book.assignmentId}/review?submission=${encodeURIComponent(row.submissionId)}`} className="hover:underline">
                  {row.studentName}
                </Link>
                {row.studentIdentifier ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">{row.studentIdentifier}</span> : null}
              </th>
              {book.criteria.map((criterion) => (
                <td key={criterion.id} className="px-2 py-2 text-right tabular-nums">
                  {scoreText(row.criteriaScores?.[criterion.id])}
                </td>
              ))}
              <td className="px-2 py-2 text-right tabular-nums">{totalText(row, row.rawScore)}</td>
              <td className="px-2 py-2 text-right tabular-nums" title={row.lateNote ?? undefined}>
                {row.latePenalty ? `−${formatScore(row.latePenalty)}` : row.daysLate > 0 ? "0" : "—"}
                {row.daysLate > 0 ? <span className="block text-xs whitespace-nowrap text-muted-foreground">{`${plural(row.daysLate, "day")} late`}</span> : null}
              </td>
              <td className="px-2 py-2 text-right font-semibold tabular-nums">{totalText(row, row.finalScore)}</td>
              <td className="px-2 py-2">
                <span className="inline-flex flex-wrap gap-1">
                  <StatusBadge status={row.status} gradeSource={row.gradeSource} />
                  {row.earlierRubric ? <EarlierRubricBadge rubric={row.earlierRubric} /> : null}
                </span>
              </td>
              <td className="px-2 py-2 text-right">{row.topSimilarity !== null ? <OverlapBadge similarity={row.topSimilarity} isCompact /> : "—"}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border bg-muted/60 font-semibold">
            <th scope="row" className="sticky left-0 z-10 bg-muted px-2 py-2 text-left whitespace-nowrap">
              Class average
            </th>
            {book.criteria.map((criterion) => (
              <td key={criterion.id} className="px-2 py-2 text-right tabular-nums">
                {scoreText(averageOf(book.rows, (row) => row.criteriaScores?.[criterion.id]))}
              </td>
            ))}
            <td className="px-2 py-2 text-right tabular-nums">{scoreText(averageOf(onCurrent, (row) => row.rawScore))}</td>
            <td className="px-2 py-2" />
            <td className="px-2 py-2 text-right tabular-nums">{scoreText(averageOf(onCurrent, (row) => row.finalScore))}</td>
            <td className="px-2 py-2 text-xs font-normal text-muted-foreground" colSpan={2}>
              {classAverageNote(onCurrent.filter((row) => row.rawScore !== null).length, onEarlier)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The mean over the students who have a score, to two decimals; null when nobody has one. */
function averageOf(rows: Row[], value: (row: Row) => number | null | undefined): number | null {
  const scores = rows.map(value).filter((score): score is number => typeof score === "number");
  return scores.length ? Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 100) / 100 : null;
}

const scoreText = (value: number | null | undefined) => (value === null || value === undefined ? "—" : formatScore(value));

/** A total in the columns out of the current rubric's total: one given on an earlier rubric says its own ("14 / 20"). */
const totalText = (row: Row, value: number | null) => (value !== null && row.earlierRubric ? `${formatScore(value)} / ${formatScore(row.earlierRubric.totalPoints)}` : scoreText(value));
