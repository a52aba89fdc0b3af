import { LoaderCircle, Undo2 } from "lucide-react";
import { rubricReadingLabels, skipReasonLabels, type RubricImportReport } from "../../../../contracts/rubric-import";
import { Button } from "../../../components/ui/button";

/**
 * What the rubric import read, under the criteria it produced: how it read the document, how much of it, whether
 * points were assumed, and every line it left out with its number. The criteria above can be edited in place or the
 * whole upload undone.
 */
export function RubricImportReportPanel({
  report,
  onUndo,
  undoProblem,
  isUndoing = false,
  onDismiss,
  onUseProposal,
}: {
  report: RubricImportReport;
  onUndo: () => void;
  /** Why the last undo did not put the earlier rubric back on the server. */
  undoProblem?: string;
  isUndoing?: boolean;
  onDismiss: () => void;
  onUseProposal: (criteria: NonNullable<RubricImportReport["proposal"]>) => void;
}) {
  const notUnderstood = report.skipped.filter((line) => line.reason === "not-understood" || line.reason === "no-points");
  const setAside = report.skipped.filter((line) => !notUnderstood.includes(line));
  return (
    <section aria-labelledby="rubric-import-heading" className="grid gap-3 rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <h3 id="rubric-import-heading" className="font-display text-lg font-semibold tracking-tight">
        Check the imported rubric
      </h3>
      <p className="text-sm leading-relaxed">
        Read as {rubricReadingLabels[report.reading]}: {Math.round(report.score * 100)}% of the document's rubric lines understood.
      </p>
      {report.pointsAssumed ? (
        <p role="note" className="rounded-xl bg-accent-soft px-3.5 py-2.5 text-sm text-accent-strong">
          This rubric has no points. Each criterion was given one point per level; edit the points below if you grade otherwise.
        </p>
      ) : null}
      {report.notices.length ? (
        <ul role="note" aria-label="Check these points" className="grid gap-1 rounded-xl bg-accent-soft px-3.5 py-2.5 text-sm text-accent-strong">
          {report.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      {notUnderstood.length ? (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">Lines left out ({notUnderstood.length}): add them below if they are criteria.</p>
          <SkippedLines lines={notUnderstood} label="Lines left out" />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Every rubric line of the document was used.</p>
      )}
      {report.proposal ? (
        <div className="grid gap-2 rounded-xl border border-border p-3.5">
          <p className="text-sm font-medium">
            The AI model reads it as {report.proposal.length} criteria, every name found in the document:
          </p>
          <ul aria-label="The AI model's reading" className="grid gap-1 text-sm">
            {report.proposal.map((criterion) => (
              <li key={criterion.name} className="flex justify-between gap-3">
                <span className="min-w-0 wrap-anywhere">{criterion.name}</span>
                <span className="shrink-0 tabular-nums text-muted-foreground">{criterion.maxPoints} points</span>
              </li>
            ))}
          </ul>
          <div className="flex justify-end">
            <Button type="button" variant="outline" onClick={() => onUseProposal(report.proposal!)}>
              Use the AI reading
            </Button>
          </div>
        </div>
      ) : null}
      {setAside.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">Also skipped: titles, instructions and totals ({setAside.length})</summary>
          <SkippedLines lines={setAside} label="Titles, instructions and totals" />
        </details>
      ) : null}
      {undoProblem ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft px-3.5 py-2.5 text-sm font-medium text-destructive">
          {undoProblem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDismiss} disabled={isUndoing}>
          Looks right
        </Button>
        <Button type="button" variant="outline" onClick={onUndo} disabled={isUndoing}>
          {isUndoing ? <LoaderCircle aria-hidden className="animate-spin" /> : <Undo2 aria-hidden />}
          Undo upload
        </Button>
      </div>
    </section>
  );
}

function SkippedLines({ lines, label }: { lines: RubricImportReport["skipped"]; label: string }) {
  return (
    <ul aria-label={label} className="mt-1 grid gap-1 text-sm">
      {lines.map((line) => (
        <li key={`${line.lineNumber}-${line.text}`} className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
          <span className="text-xs font-medium text-muted-foreground">
            Line {line.lineNumber} · {skipReasonLabels[line.reason]}
          </span>
          <span className="min-w-0 wrap-anywhere">{line.text}</span>
        </li>
      ))}
    </ul>
  );
}
