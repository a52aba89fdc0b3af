import { ClipboardCheck, Inbox, Pencil, RotateCcw, Table2 } from "lucide-react";
import { Link } from "react-router";
import type { Assignment } from "../../../../contracts/assignments";
import type { RosterView } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { plural } from "../../assignments/format";
import { useAgreementGrowth, useGradingProgress, useProposedSamples, useRoster, useSubmissionList } from "../hooks";
import { AgreementSoFar } from "./agreement-so-far";
import { GradeTheseFirst } from "./grade-these-first";
import { GradingProgressView } from "./grading-progress";
import { PasteDialog } from "./paste-dialog";
import { RosterDialog } from "./roster-dialog";
import { SubmissionList } from "./submission-list";
import { UploadArea } from "./upload-area";
import { pastDueNotice } from "../past-due";

/** The body of the assignment page's "Student submissions" panel: intake, live grading progress and the list. */
export function SubmissionsSection({ assignment }: { assignment: Assignment }) {
  const id = assignment.id;
  const isActive = assignment.status === "active";
  const list = useSubmissionList(id);
  const progress = useGradingProgress(id);
  const roster = useRoster(id);
  const proposed = useProposedSamples(id);
  const growth = useAgreementGrowth(id);
  const submissions = list.data ?? [];
  const reviewCount = progress.data?.needsReview ?? 0;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary">
          <Link to={`/assignments/${id}/review`}>
            <ClipboardCheck aria-hidden />
            {`Review queue (${reviewCount})`}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/assignments/${id}/gradebook`}>
            <Table2 aria-hidden />
            Gradebook
          </Link>
        </Button>
      </div>

      {isActive ? (
        <section aria-labelledby="add-submissions-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="add-submissions-heading" className="text-sm font-semibold">
              Add submissions
            </h3>
            <div className="flex flex-wrap gap-2">
              <PasteDialog assignmentId={id} />
              <RosterDialog assignmentId={id} roster={roster.data} />
            </div>
          </div>
          <UploadArea assignmentId={id} pastDue={pastDueNotice(assignment, new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone)} />
        </section>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-input p-4 text-sm">
          <p className="flex items-start gap-3 text-muted-foreground">
            <Inbox aria-hidden className="mt-0.5 size-5 shrink-0" />
            Activate this assignment to add submissions.
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to={`/assignments/${id}/edit`}>
              <Pencil aria-hidden />
              Edit and activate
            </Link>
          </Button>
        </div>
      )}

      {progress.data && progress.data.total > 0 ? (
        <section aria-labelledby="grading-heading" className="grid gap-3">
          <h3 id="grading-heading" className="text-sm font-semibold">
            Grading
          </h3>
          <GradingProgressView progress={progress.data} />
          {growth.data ? <AgreementSoFar growth={growth.data} /> : null}
        </section>
      ) : null}

      {proposed.data ? <GradeTheseFirst assignmentId={id} proposed={proposed.data} /> : null}

      {roster.data && roster.data.students.length ? <MissingWork roster={roster.data} /> : null}

      <section aria-labelledby="submission-list-heading" className="grid gap-2">
        <h3 id="submission-list-heading" className="text-sm font-semibold">
          {list.data ? `Submissions (${submissions.length})` : "Submissions"}
        </h3>
        {list.isError ? (
          <div role="alert" className="grid gap-2 rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
            <p>The submissions could not be loaded.</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void list.refetch()}>
              <RotateCcw aria-hidden />
              Try again
            </Button>
          </div>
        ) : !list.data ? (
          <Spinner label="Loading submissions..." />
        ) : submissions.length ? (
          <SubmissionList assignmentId={id} submissions={submissions} totalPoints={assignment.rubric.totalPoints} />
        ) : (
          <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">
            {isActive ? "No submissions yet. Upload files or paste text above; each one is graded as soon as it arrives." : "No submissions."}
          </p>
        )}
      </section>
    </div>
  );
}

function MissingWork({ roster }: { roster: RosterView }) {
  return (
    <section aria-labelledby="missing-work-heading" className="grid gap-2 rounded-xl border border-border bg-background p-4">
      <h3 id="missing-work-heading" className="text-sm font-semibold">
        {roster.missing.length ? `Missing work: ${plural(roster.missing.length, "student")}` : "Missing work: none"}
      </h3>
      {roster.missing.length ? (
        <ul aria-label="Students with no submission" className="flex flex-wrap gap-1.5">
          {roster.missing.map((student) => (
            <li key={student.id} className="rounded-full bg-muted px-2.5 py-0.5 text-sm">
              {student.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{`All ${plural(roster.students.length, "student")} on the roster have handed in work.`}</p>
      )}
      {roster.unmatched.length ? (
        <p className="text-sm text-muted-foreground">{`Not on the roster: ${roster.unmatched.map((item) => item.studentName).join(", ")}.`}</p>
      ) : null}
    </section>
  );
}
