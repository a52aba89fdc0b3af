import { BarChart3 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { analyticsDefinitions as definitions, type AgreementSummary, type AnalyticsView } from "../../../contracts/insights";
import { Spinner } from "../../components/ui/spinner";
import { useAnalytics } from "../../features/insights/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { EmptyPage } from "./empty-page";
import { PageBody, PageHeader } from "./page-header";

const description = "Counted from your own assignments and your students' graded work. Nothing here is estimated.";

const formatPercent = (value: number | null) => (value === null ? "—" : `${Math.round(value)}%`);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function AnalyticsPage() {
  useDocumentTitle("Analytics");
  const analytics = useAnalytics();

  if (analytics.data && analytics.data.submissions.total === 0) {
    return (
      <EmptyPage
        title="Analytics"
        description={description}
        icon={BarChart3}
        heading="Nothing to show yet"
        body="Once submissions are graded, this page counts them: how many grades were accepted automatically or reviewed by you, how often you changed the grader's score, average scores, late work, similarity flags, and how well the grader agrees with you."
      />
    );
  }

  return (
    <PageBody>
      <PageHeader title="Analytics" description={description} />
      {analytics.isPending ? (
        <Spinner className="mt-10" label="Counting your figures..." />
      ) : analytics.isError ? (
        <p role="alert" className="mt-8 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
          Your analytics could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <Figures data={analytics.data} />
      )}
    </PageBody>
  );
}

function Figures({ data }: { data: AnalyticsView }) {
  const { submissions, grades, assignments } = data;
  const accepted = grades.acceptedAutomatically + grades.reviewed;
  return (
    <div className="mt-8 grid gap-10">
      <Section title="Submissions">
        <Stat label="Submissions" value={submissions.total} definition={definitions.submissions} />
        <Stat label="Graded" value={submissions.graded} definition={definitions.graded} />
        <Stat label="Waiting for review" value={submissions.needsReview} definition={definitions.needsReview} />
        <Stat label="Could not grade" value={submissions.failed} definition={definitions.failed} tone={submissions.failed ? "warning" : undefined} />
        {submissions.inProgress ? <Stat label="Being graded" value={submissions.inProgress} definition={definitions.inProgress} /> : null}
      </Section>

      <Section title="Grades">
        <Stat
          label="Accepted automatically"
          value={grades.acceptedAutomatically}
          detail={accepted ? `${formatPercent(grades.automaticPercent)} of ${plural(accepted, "accepted grade")}` : "No accepted grades yet"}
          definition={definitions.acceptedAutomatically}
        />
        <Stat
          label="Reviewed by you"
          value={grades.reviewed}
          detail={accepted && grades.automaticPercent !== null ? `${formatPercent(100 - grades.automaticPercent)} of ${plural(accepted, "accepted grade")}` : undefined}
          definition={definitions.reviewed}
        />
        <Stat
          label="Edited by you"
          value={grades.edited}
          detail={grades.reviewed ? `${formatPercent((grades.edited / grades.reviewed) * 100)} of the grades you reviewed` : undefined}
          definition={definitions.edited}
        />
        <Stat label="Average score" value={formatPercent(data.averageScorePercent)} detail={`across ${plural(submissions.graded, "graded submission")}`} definition={definitions.averageScore} />
      </Section>

      <Section title="Late work and similarity">
        <Stat label="Late submissions" value={data.late} definition={definitions.late} />
        <Stat label="Similarity flags" value={data.similarityFlagged} definition={definitions.similarityFlagged} />
      </Section>

      <Section title="Grader agreement" description={definitions.agreement}>
        {data.agreement.reviewedCount ? (
          <>
            <Stat label="Exact match" value={formatPercent(data.agreement.exactPercent)} detail={`across ${plural(data.agreement.reviewedCount, "reviewed grade")}`} definition={definitions.agreementExact} />
            <Stat
              label="Within tolerance"
              value={formatPercent(data.agreement.withinTolerancePercent)}
              detail={`across ${plural(data.agreement.reviewedCount, "reviewed grade")}`}
              definition={definitions.agreementWithinTolerance}
            />
          </>
        ) : (
          <p className="rounded-2xl border border-dashed border-input bg-surface p-5 text-sm leading-relaxed text-muted-foreground min-[480px]:col-span-2">
            No reviewed grades yet. Accept or edit a few grades in an assignment's review queue to see how often the grader agrees with you.
          </p>
        )}
      </Section>

      <section aria-labelledby="by-assignment">
        <h2 id="by-assignment" className="font-display text-xl font-semibold tracking-tight">
          By assignment
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          You have {plural(assignments.active, "active assignment")}, {plural(assignments.draft, "draft")} and {assignments.archived} archived. Listed here: those with at least one
          submission, newest first; the average is the mean score as a percentage of the rubric total.
        </p>
        <AssignmentTable rows={data.perAssignment} />
      </section>
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {description ? <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-3 grid gap-3 min-[480px]:grid-cols-2 @4xl:grid-cols-4">{children}</div>
    </section>
  );
}

function Stat({ label, value, detail, definition, tone }: { label: string; value: number | string; detail?: string; definition: string; tone?: "warning" }) {
  return (
    <div role="group" aria-label={label} className={cn("rounded-2xl border bg-surface p-4 shadow-card sm:p-5", tone === "warning" ? "border-amber-300/70" : "border-border")}>
      {/* A phone reads label and figure on one line, which keeps eleven figures to a short scroll. */}
      <div className="flex items-baseline justify-between gap-3 sm:block">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="font-display text-2xl font-semibold tracking-tight tabular-nums sm:mt-1 sm:text-3xl">{value}</p>
      </div>
      {detail ? <p className="mt-0.5 text-sm font-medium">{detail}</p> : null}
      <p className="mt-2 text-xs leading-relaxed text-muted-foreground">{definition}</p>
    </div>
  );
}

function AgreementCell({ agreement }: { agreement: AgreementSummary }) {
  if (!agreement.reviewedCount) return <span>No reviewed grades</span>;
  return (
    <span className="grid max-sm:text-right">
      <span className="text-foreground">
        {formatPercent(agreement.exactPercent)} exact · {formatPercent(agreement.withinTolerancePercent)} within tolerance
      </span>
      <span className="text-xs">of {plural(agreement.reviewedCount, "reviewed grade")}</span>
    </span>
  );
}

const cell = "px-3 py-2.5 max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1";
const numberCell = cn(cell, "tabular-nums sm:text-right");

/** A table on wider screens; on a phone each row stacks into a card whose cells carry their own labels. */
function AssignmentTable({ rows }: { rows: AnalyticsView["perAssignment"] }) {
  return (
    <div className="mt-4 overflow-hidden rounded-2xl border border-border bg-surface shadow-card">
      <table className="w-full border-collapse text-sm max-sm:block">
        <thead className="max-sm:sr-only">
          <tr className="border-b border-border bg-muted/60 text-left whitespace-nowrap text-muted-foreground">
            <th scope="col" className="px-3 py-2.5 font-medium">Assignment</th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">Submissions</th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">Graded</th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">Needs review</th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">Average</th>
            <th scope="col" className="px-3 py-2.5 font-medium">Agreement</th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row) => (
            <tr key={row.assignmentId} className="border-b border-border last:border-b-0 max-sm:block max-sm:px-4 max-sm:py-3">
              <th scope="row" className="px-3 py-2.5 text-left font-medium max-sm:block max-sm:px-0 max-sm:pb-1.5">
                <Link to={`/assignments/${encodeURIComponent(row.assignmentId)}`} className="rounded-sm wrap-anywhere text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  {row.title.trim() || "Untitled assignment"}
                </Link>
                {row.status === "active" ? null : <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground capitalize">{row.status}</span>}
              </th>
              <td className={numberCell}>
                <MobileLabel>Submissions</MobileLabel>
                {row.submissions}
              </td>
              <td className={numberCell}>
                <MobileLabel>Graded</MobileLabel>
                {row.graded}
              </td>
              <td className={numberCell}>
                <MobileLabel>Needs review</MobileLabel>
                {row.needsReview}
              </td>
              <td className={numberCell}>
                <MobileLabel>Average</MobileLabel>
                {formatPercent(row.averageScorePercent)}
              </td>
              <td className={cn(cell, "text-muted-foreground")}>
                <MobileLabel>Agreement</MobileLabel>
                <AgreementCell agreement={row.agreement} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MobileLabel({ children }: { children: ReactNode }) {
  return <span className="font-medium text-muted-foreground sm:hidden">{children}</span>;
}
