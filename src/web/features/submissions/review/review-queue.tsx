import { CircleAlert, Clock, Copy, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { gradeStateLabel, type SubmissionSummary } from "../../../../contracts/submissions";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import { Switch } from "../../assignments/components/switch";
import { reviewOrders, type ReviewOrder } from "./hooks";

type ReviewQueueProps = {
  items: SubmissionSummary[] | undefined;
  /** Students whose kept edit failed to save (failed-saves.ts), in the list shown or not. */
  unsaved: { id: string; studentName: string }[];
  selectedId: string | undefined;
  showAll: boolean;
  onShowAllChange: (showAll: boolean) => void;
  /** Submissions queued or grading right now (a regrade among them): they come back to the list when graded. */
  busyCount: number;
  order: ReviewOrder;
  onOrderChange: (order: ReviewOrder) => void;
};

const orderLabels: Record<ReviewOrder, string> = {
  review: "Lowest confidence first",
  // Unsure grades of work unlike anything reviewed yet: each review teaches the grader most.
  learning: "Teaches the grader most first",
};

export const formatConfidence = (confidence: number | null) => (confidence === null ? "No confidence" : `${Math.round(confidence)}% confident`);

export function ReviewQueue({ items, unsaved, selectedId, showAll, onShowAllChange, busyCount, order, onOrderChange }: ReviewQueueProps) {
  const title = showAll ? "Graded submissions" : "Review queue";
  const unsavedIds = new Set(unsaved.map((item) => item.id));
  return (
    <section aria-labelledby="queue-heading" className="rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4">
      <h2 id="queue-heading" className="px-1 font-display text-lg font-semibold tracking-tight">
        {showAll ? "All graded" : "Needs review"}
        {items ? <span className="ml-2 font-sans text-sm font-normal text-muted-foreground">{items.length}</span> : null}
      </h2>
      <Select value={order} onValueChange={(value) => onOrderChange(value as ReviewOrder)}>
        <SelectTrigger aria-label="Order" className="mt-1.5 h-9 text-xs sm:h-9">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {reviewOrders.map((value) => (
            <SelectItem key={value} value={value}>
              {orderLabels[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="mt-2.5 flex items-center gap-2 px-1">
        <Switch id="show-all-graded" checked={showAll} onCheckedChange={onShowAllChange} />
        <Label htmlFor="show-all-graded" className="text-sm font-normal text-muted-foreground">
          Show all graded
        </Label>
      </div>
      {busyCount > 0 ? (
        <p role="status" className="mt-2 flex items-center gap-1.5 rounded-lg bg-muted px-2.5 py-1.5 text-xs text-muted-foreground">
          <Clock aria-hidden className="size-3.5 shrink-0" />
          {busyCount === 1 ? "1 submission is being graded; it appears here when done." : `${busyCount} submissions are being graded; they appear here when done.`}
        </p>
      ) : null}
      {unsaved.length ? <UnsavedNotice unsaved={unsaved} selectedId={selectedId} /> : null}
      {items === undefined ? (
        <Spinner label="Loading submissions..." className="mt-4 px-1" size="sm" />
      ) : items.length === 0 ? (
        <p className="mt-3 px-1 text-sm text-muted-foreground">{showAll ? "No graded submissions yet." : "The queue is empty."}</p>
      ) : (
        <ol aria-label={title} className="mt-3 grid max-h-72 grid-cols-[minmax(0,1fr)] gap-1 overflow-y-auto lg:max-h-[calc(100dvh-22rem)]">
          {items.map((item) => {
            const isSelected = item.id === selectedId;
            return (
              <li key={item.id}>
                <Link
                  to={`?submission=${encodeURIComponent(item.id)}`}
                  replace
                  aria-current={isSelected ? "true" : undefined}
                  className={cn(
                    "flex items-center justify-between gap-3 rounded-lg px-2.5 py-2 text-sm transition-colors",
                    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isSelected ? "bg-accent-soft text-accent-strong" : "hover:bg-muted",
                  )}
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{item.studentName}</span>
                    {showAll ? <span className="block text-xs text-muted-foreground">{gradeStateLabel(item)}</span> : null}
                    {unsavedIds.has(item.id) ? (
                      <span className="flex items-center gap-1 text-xs font-semibold text-destructive">
                        <CircleAlert aria-hidden className="size-3.5 shrink-0" />
                        Not saved
                      </span>
                    ) : null}
                  </span>
                  <span className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
                    {item.late && item.late.daysLate > 0 ? <span className="rounded-full border border-border px-1.5">Late</span> : null}
                    {item.textConcerns.length ? (
                      <span title={item.textConcerns.join(" ")}>
                        <TriangleAlert aria-hidden className="size-3.5 text-amber-700" />
                        <span className="sr-only">Check the text</span>
                      </span>
                    ) : null}
                    {item.topSimilarity !== null ? (
                      <span title="Overlaps other work">
                        <Copy aria-hidden className="size-3.5" />
                        <span className="sr-only">Overlaps other work</span>
                      </span>
                    ) : null}
                    <span className="tabular-nums">{formatConfidence(item.confidence)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * Above the list, where scrolling it cannot hide it, and naming students the list may not show ("Show all graded"
 * off, an accepted grade edited): the failed save's toast in words that stay, with its way back.
 */
function UnsavedNotice({ unsaved, selectedId }: { unsaved: { id: string; studentName: string }[]; selectedId: string | undefined }) {
  return (
    <ul aria-label="Not saved" className="mt-2 grid gap-1.5">
      {unsaved.map(({ id, studentName }) => (
        <li key={id} className="flex items-start gap-1.5 rounded-lg border border-destructive/30 bg-destructive-soft px-2.5 py-1.5 text-xs text-destructive">
          <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          <span className="min-w-0">
            {studentName}&apos;s grade was not saved. Your changes to it are kept.
            {id === selectedId ? null : (
              <>
                {" "}
                <Link to={`?submission=${encodeURIComponent(id)}`} replace className="font-semibold underline underline-offset-2">
                  Go back to {studentName}
                </Link>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
