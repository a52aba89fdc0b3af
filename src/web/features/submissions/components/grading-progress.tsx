import type { GradingProgress } from "../../../../contracts/submissions";
import { submissionStatusLabels } from "../../../../contracts/submissions";
import { cn } from "../../../lib/utils";
import { Progress } from "../../assignments/components/progress";

/** Counts by grading state and a bar of how many are done; the page polls while any are queued or grading. */
export function GradingProgressView({ progress }: { progress: GradingProgress }) {
  const done = progress.graded + progress.failed;
  const isBusy = progress.queued + progress.grading > 0;
  const counts: { label: string; value: number; isProblem?: boolean }[] = [
    { label: submissionStatusLabels.queued, value: progress.queued },
    { label: submissionStatusLabels.grading, value: progress.grading },
    { label: "Graded", value: progress.graded },
    { label: submissionStatusLabels.needs_review, value: progress.needsReview },
    { label: submissionStatusLabels.accepted, value: progress.accepted },
    ...(progress.failed ? [{ label: submissionStatusLabels.failed, value: progress.failed, isProblem: true }] : []),
  ];
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium" aria-live="polite">
        {isBusy ? `Grading: ${done} of ${progress.total} done` : `${done} of ${progress.total} done`}
      </p>
      <Progress value={done} max={progress.total} aria-label="Grading progress" />
      <dl className="grid grid-cols-3 gap-2 sm:auto-cols-fr sm:grid-flow-col sm:grid-cols-none">
        {counts.map((count) => (
          <div key={count.label} className={cn("grid gap-0.5 rounded-lg px-2.5 py-2", count.isProblem ? "bg-destructive-soft text-destructive" : "bg-muted")}>
            <dt className={cn("text-xs font-medium", !count.isProblem && "text-muted-foreground")}>{count.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{count.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
