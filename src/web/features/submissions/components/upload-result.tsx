import { CircleAlert, CircleCheck, Copy } from "lucide-react";
import { useId } from "react";
import type { UploadOutcome } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { plural } from "../../assignments/format";

/** What happened to each file; it stays on screen until the teacher dismisses it, since a toast is gone too soon for a list. */
export function UploadResult({ outcome, onDismiss }: { outcome: UploadOutcome; onDismiss: () => void }) {
  const headingId = useId();
  const { created, duplicates, rejected } = outcome;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-border bg-background p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold">
          Upload results
        </h3>
        <Button variant="outline" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <p className="flex items-center gap-2 text-sm">
        <CircleCheck aria-hidden className="size-4 shrink-0 text-primary" />
        {created.length ? `${plural(created.length, "submission")} added and queued for grading.` : "No new submissions were added."}
      </p>
      {duplicates.length ? (
        <div className="grid gap-1.5">
          <p className="flex items-center gap-2 text-sm font-medium">
            <Copy aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {`${plural(duplicates.length, "duplicate")} skipped`}
          </p>
          <ul className="grid gap-1 pl-6 text-sm text-muted-foreground">
            {duplicates.map((item, index) => (
              <li key={`${item.fileName ?? item.studentName}-${index}`} className="wrap-anywhere">
                {item.fileName ? <span className="font-medium text-foreground">{item.fileName}: </span> : null}
                {item.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {rejected.length ? (
        <div className="grid gap-1.5">
          <p className="flex items-center gap-2 text-sm font-medium text-destructive">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            {`${plural(rejected.length, "file")} not added`}
          </p>
          <ul className="grid gap-1 pl-6 text-sm">
            {rejected.map((item, index) => (
              <li key={`${item.fileName}-${index}`} className="wrap-anywhere">
                <span className="font-medium">{item.fileName}: </span>
                {item.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
