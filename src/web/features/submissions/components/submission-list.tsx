import { CalendarClock, Copy, EllipsisVertical, Pencil, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { gradeStateLabel, type SubmissionStatus, type SubmissionSummary } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";
import { cn } from "../../../lib/utils";
import { formatScore, plural } from "../../assignments/format";
import { formatSubmittedAt } from "../format";
import { EarlierRubricBadge } from "./earlier-rubric-badge";
import { DeleteSubmissionDialog, EditSubmissionDialog } from "./submission-dialogs";

const statusClass: Record<SubmissionStatus, string> = {
  queued: "border-border bg-muted text-muted-foreground",
  grading: "border-border bg-muted text-foreground",
  needs_review: "border-foreground/25 bg-surface text-foreground",
  accepted: "border-primary/20 bg-accent-soft text-accent-strong",
  failed: "border-destructive/25 bg-destructive-soft text-destructive",
};

export function StatusBadge({ status, gradeSource }: { status: SubmissionStatus; gradeSource: SubmissionSummary["gradeSource"] }) {
  return <span className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", statusClass[status])}>{gradeStateLabel({ status, gradeSource })}</span>;
}

function LateBadge({ daysLate, explanation }: { daysLate: number; explanation: string }) {
  return (
    <span title={explanation} className="inline-flex items-center gap-1 rounded-full bg-destructive-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-destructive">
      <CalendarClock aria-hidden className="size-3" />
      {`${plural(daysLate, "day")} late`}
    </span>
  );
}

/** `isCompact`: under a column headed Similarity, the percentage says enough. */
export function OverlapBadge({ similarity, isCompact = false }: { similarity: number; isCompact?: boolean }) {
  const percent = `${Math.round(similarity)}%`;
  return (
    <span title={isCompact ? `Overlaps other work: ${percent}` : undefined} className="inline-flex items-center gap-1 rounded-full border border-destructive/25 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-destructive">
      <Copy aria-hidden className="size-3" />
      {isCompact ? percent : `Overlap ${percent}`}
    </span>
  );
}

/** The grader found something in the text itself to check (an answer to another assignment, not words, copied). */
export function TextCheckBadge({ concerns }: { concerns: string[] }) {
  return (
    <span title={concerns.join(" ")} className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800">
      <TriangleAlert aria-hidden className="size-3" />
      Check the text
    </span>
  );
}

/** The header and every row share the desktop columns; the status column fits "Check the text" under a status. */
const desktopColumns = "md:grid-cols-[minmax(0,1.5fr)_minmax(0,1.4fr)_8.75rem_minmax(0,1.2fr)_auto]";

/** Every submission with its state and grade; each row leads to the review page and offers corrections. */
export function SubmissionList({ assignmentId, submissions, totalPoints }: { assignmentId: string; submissions: SubmissionSummary[]; totalPoints: number }) {
  const [editing, setEditing] = useState<SubmissionSummary | null>(null);
  const [deleting, setDeleting] = useState<SubmissionSummary | null>(null);

  return (
    <>
      <div className={cn("hidden gap-3 border-b border-border px-3 pb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid", desktopColumns)} aria-hidden>
        <span>Student</span>
        <span>Submitted</span>
        <span>Status</span>
        <span>Score</span>
        <span className="w-32" />
      </div>
      <ul aria-label="Submissions" className="grid divide-y divide-border/70">
        {submissions.map((submission) => (
          <li
            key={submission.id}
            aria-label={submission.studentName}
            className={cn("grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 px-1 py-3 md:items-center md:px-3", desktopColumns)}
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{submission.studentName}</p>
              {submission.originalName ? <p className="truncate text-xs text-muted-foreground">{submission.originalName}</p> : null}
            </div>
            <RowActions
              assignmentId={assignmentId}
              submission={submission}
              onEdit={() => setEditing(submission)}
              onDelete={() => setDeleting(submission)}
              className="self-start md:order-last md:self-center"
            />
            <div className="col-span-2 flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground md:col-span-1">
              <span>{formatSubmittedAt(submission.submittedAt)}</span>
              {submission.late && submission.late.daysLate > 0 ? <LateBadge daysLate={submission.late.daysLate} explanation={submission.late.explanation} /> : null}
            </div>
            <div className="col-span-2 flex flex-wrap items-center gap-1.5 md:col-span-1">
              <StatusBadge status={submission.status} gradeSource={submission.gradeSource} />
              {submission.textConcerns.length ? <TextCheckBadge concerns={submission.textConcerns} /> : null}
              {submission.status === "failed" && submission.failureReason ? <span className="text-xs text-destructive">{submission.failureReason}</span> : null}
            </div>
            <ScoreCell submission={submission} totalPoints={totalPoints} className="col-span-2 md:col-span-1" />
          </li>
        ))}
      </ul>
      <EditSubmissionDialog submission={editing} onClose={() => setEditing(null)} />
      <DeleteSubmissionDialog submission={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function ScoreCell({ submission, totalPoints, className }: { submission: SubmissionSummary; totalPoints: number; className?: string }) {
  const { overallScore, late, confidence, topSimilarity, earlierRubric } = submission;
  const hasPenalty = overallScore !== null && late !== null && late.finalScore !== overallScore;
  return (
    <div className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm", className)}>
      {overallScore === null ? (
        <span className="text-muted-foreground">{submission.status === "failed" ? "No score" : "Not graded yet"}</span>
      ) : (
        // A grade given on an earlier rubric is out of that rubric's total, never the current one's.
        <span className="font-semibold tabular-nums">{`${formatScore(overallScore)} / ${formatScore(earlierRubric?.totalPoints ?? totalPoints)}`}</span>
      )}
      {earlierRubric && overallScore !== null ? <EarlierRubricBadge rubric={earlierRubric} /> : null}
      {hasPenalty ? <span className="tabular-nums">{`Final ${formatScore(late.finalScore)}`}</span> : null}
      {confidence !== null && overallScore !== null ? <span className="text-xs text-muted-foreground">{`${Math.round(confidence)}% confidence`}</span> : null}
      {topSimilarity !== null ? <OverlapBadge similarity={topSimilarity} /> : null}
    </div>
  );
}

function RowActions({
  assignmentId,
  submission,
  onEdit,
  onDelete,
  className,
}: {
  assignmentId: string;
  submission: SubmissionSummary;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex items-center justify-end gap-1", className)}>
      <Button asChild variant="outline" size="sm">
        <Link to={`/assignments/${assignmentId}/review?submission=${encodeURIComponent(submission.id)}`} aria-label={`Review ${submission.studentName}`}>
          Review
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${submission.studentName}`}>
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            Rename or change time
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onDelete} className="text-destructive">
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
