import { ChevronDown } from "lucide-react";
import { Collapsible } from "radix-ui";
import type { GradeEvent, GradeEventSnapshot } from "../../../../contracts/submissions";
import { cn } from "../../../lib/utils";
import { formatSubmittedAt } from "../format";
import { formatPoints } from "./review-criteria";

const kindLabels: Record<GradeEvent["kind"], string> = {
  uploaded: "Uploaded",
  graded: "Graded",
  accepted_automatically: "Accepted automatically",
  sent_to_review: "Sent to review",
  grading_failed: "Grading failed",
  accepted: "Accepted",
  edited: "Edited",
  regrade_requested: "Regrade requested",
  review_restored: "Review restored",
  details_changed: "Details changed",
  added_to_samples: "Added to samples",
  rubric_changed: "Rubric changed",
};

const scoreText = (snapshot: GradeEventSnapshot | null) => (snapshot?.overallScore === null || snapshot?.overallScore === undefined ? "no score" : formatPoints(snapshot.overallScore));

/** What an event changed, in words: the overall score before and after, and whether the feedback changed. */
function changeOf(event: GradeEvent): string[] {
  const { before, after } = event;
  const lines: string[] = [];
  if (after && "overallScore" in after && (before?.overallScore !== after.overallScore || event.kind === "edited")) {
    lines.push(before ? `Score ${scoreText(before)} → ${scoreText(after)}` : `Score ${scoreText(after)}`);
  }
  if (before && after && "feedback" in before && "feedback" in after) {
    lines.push((before.feedback ?? "") === (after.feedback ?? "") ? "Feedback unchanged" : "Feedback changed");
  }
  if (before?.studentName !== undefined && after?.studentName !== undefined && before.studentName !== after.studentName) {
    lines.push(`Name ${before.studentName} → ${after.studentName}`);
  }
  return lines;
}

/** The submission's audit trail, newest first, closed until asked for. */
export function HistoryList({ events }: { events: GradeEvent[] }) {
  const newestFirst = [...events].reverse();
  return (
    <Collapsible.Root className="rounded-2xl border border-border bg-surface shadow-card">
      <Collapsible.Trigger
        className={cn(
          "group flex w-full items-center justify-between gap-2 rounded-2xl px-4 py-3 text-left sm:px-6",
          "hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        )}
      >
        <span className="font-display text-lg font-semibold tracking-tight">
          History <span className="font-sans text-sm font-normal text-muted-foreground">({events.length})</span>
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" />
      </Collapsible.Trigger>
      <Collapsible.Content className="border-t border-border px-4 py-3 sm:px-6">
        <ol aria-label="History" className="grid gap-3">
          {newestFirst.map((event) => {
            const changes = changeOf(event);
            return (
              <li key={event.id} className="grid gap-0.5 text-sm">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold">{kindLabels[event.kind]}</span>
                  <span className="text-muted-foreground">by {event.actorName}</span>
                  {event.isAutomatic ? <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">automatic</span> : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={event.createdAt}>{formatSubmittedAt(event.createdAt)}</time>
                </p>
                {changes.length ? <p className="tabular-nums">{changes.join(" · ")}</p> : null}
                {event.note ? <p className="text-muted-foreground">{event.note}</p> : null}
              </li>
            );
          })}
        </ol>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
