import { Pencil, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { type Assignment, type AssignmentStatus } from "../../../contracts/assignments";
import { Button } from "../../components/ui/button";
import { RequireSession } from "../../features/auth/require-session";
import { CalibrationFitSummary } from "../../features/assignments/components/calibration-fit";
import { CalibrationResult } from "../../features/assignments/components/calibration-result";
import { CalibrationWarning } from "../../features/assignments/components/calibration-warning";
import { CriterionList, TotalPoints } from "../../features/assignments/components/criterion-list";
import { SampleList, sampleName } from "../../features/assignments/components/sample-list";
import { gradingSummary, guardrailSummary, SummaryList } from "../../features/assignments/components/settings-summary";
import { displayTitle, formatLongDate, parseDueDate, typeLabel } from "../../features/assignments/format";
import { useAssignment } from "../../features/assignments/hooks";
import { ArchiveButton } from "../../features/assignments/components/archive-button";
import { SubmissionsSection } from "../../features/submissions/components/submissions-section";
import { ReturnPanel } from "../../features/feedback-links/components/return-panel";
import { PlatformPanel } from "../lti/platform-panel";
import { ClassroomPanel } from "../../features/google-classroom/components/classroom-panel";
import { MakePracticeButton } from "../practice/make-practice-button";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AssignmentQueryView, BackLink } from "../../features/assignments/components/assignment-query-view";
import { BackToDashboardHeader } from "../../components/simple-header";
import { Panel } from "../../components/ui/panel";

const statusLabels: Record<AssignmentStatus, string> = { active: "Active", draft: "Draft", archived: "Archived" };

export function AssignmentDetailPage() {
  return (
    <RequireSession>
      <AssignmentDetail />
    </RequireSession>
  );
}

function AssignmentDetail() {
  const { id = "" } = useParams();
  const query = useAssignment(id);
  useDocumentTitle(query.data ? displayTitle(query.data) : "Assignment");

  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <BackLink to="/assignments">All assignments</BackLink>
        <AssignmentQueryView query={query} noun="assignment">
          {(data) => <AssignmentView assignment={data} />}
        </AssignmentQueryView>
      </main>
    </div>
  );
}

function AssignmentView({ assignment }: { assignment: Assignment }) {
  const dueDate = parseDueDate(assignment.dueDate);
  const preview = assignment.calibrationPreview;
  const previewIndex = preview ? assignment.sampleWork.findIndex((sample) => sample.id === preview.sampleId) : -1;

  return (
    <>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight wrap-anywhere sm:text-4xl">{displayTitle(assignment)}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">{typeLabel(assignment.type)}</span>
            <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">{statusLabels[assignment.status]}</span>
            {assignment.autogradingEnabled ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-strong">
                <Sparkles aria-hidden className="size-3.5" />
                Auto-grading
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={`/assignments/${assignment.id}/edit`}>
              <Pencil aria-hidden />
              Edit
            </Link>
          </Button>
          {assignment.status === "draft" ? null : <MakePracticeButton assignmentId={assignment.id} />}
          <ArchiveButton assignment={assignment} variant="outline" />
        </div>
      </div>

      {/* The work waiting to be graded and reviewed comes first; how the assignment is set up follows. */}
      <div className="mt-8 grid gap-6">
        <CalibrationWarning assignment={assignment} />
        <Panel title="Student submissions">
          <SubmissionsSection assignment={assignment} />
        </Panel>
        {assignment.status === "draft" ? null : (
          <Panel title="Return to students">
            <ReturnPanel assignmentId={assignment.id} assignmentTitle={displayTitle(assignment)} />
          </Panel>
        )}
        <PlatformPanel assignmentId={assignment.id} frame={(content) => <Panel title="Learning platform">{content}</Panel>} />
        {assignment.status === "draft" ? null : <ClassroomPanel assignmentId={assignment.id} frame={(content) => <Panel title="Google Classroom">{content}</Panel>} />}

        <Panel title="Details">
          <SummaryList
            items={[
              { term: "Due date", value: dueDate ? formatLongDate(dueDate) : "Not set" },
              { term: "Status", value: statusLabels[assignment.status] },
            ]}
          />
          <div className="mt-4 grid gap-1.5">
            <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Prompt</h3>
            <p className="text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere">{assignment.prompt.trim() || "No prompt yet."}</p>
          </div>
        </Panel>

        <Panel title="Rubric">
          {assignment.rubric.criteria.length ? <CriterionList criteria={assignment.rubric.criteria} /> : <Empty>No criteria yet. Edit the assignment to add a rubric.</Empty>}
          <div className="mt-3">
            <TotalPoints total={assignment.rubric.totalPoints} />
          </div>
        </Panel>

        <Panel title="Sample work">
          {assignment.sampleWork.length ? (
            <SampleList samples={assignment.sampleWork} criteria={assignment.rubric.criteria} />
          ) : (
            <Empty>No graded samples yet. Edit the assignment to upload 1-2 graded samples.</Empty>
          )}
        </Panel>

        <Panel title="Grading settings">
          <SummaryList items={[...gradingSummary(assignment.gradingSettings), ...guardrailSummary(assignment.gradingSettings)]} />
        </Panel>

        <Panel title="Calibration">
          <div className="grid gap-6">
            <section aria-labelledby="fit-heading" className="grid gap-2">
              <h3 id="fit-heading" className="text-sm font-semibold">
                How well the engine reproduces your samples
              </h3>
              <CalibrationFitSummary fit={assignment.calibrationFit} samples={assignment.sampleWork} />
            </section>
            <section aria-labelledby="preview-heading" className="grid gap-3">
              <h3 id="preview-heading" className="text-sm font-semibold">
                {preview && previewIndex >= 0 ? `Calibration preview of ${sampleName(assignment.sampleWork[previewIndex]!, previewIndex)}` : "Calibration preview"}
              </h3>
              {preview && previewIndex >= 0 ? (
                <CalibrationResult preview={preview} criteria={assignment.rubric.criteria} sample={assignment.sampleWork[previewIndex]} />
              ) : (
                <Empty>No preview yet. Generate one in the Calibration Preview step of the wizard.</Empty>
              )}
            </section>
          </div>
        </Panel>

      </div>
    </>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">{children}</p>;
}
