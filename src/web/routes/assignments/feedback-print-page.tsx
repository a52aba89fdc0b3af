import { Printer } from "lucide-react";
import { useParams, useSearchParams } from "react-router";
import { draftMark, type DraftHandling, type FeedbackReport } from "../../../contracts/submissions";
import { quotesNotInFeedback } from "../../../core/submissions";
import { lateNoteForStudent } from "../../../core/late-policy";
import { SimpleHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Switch } from "../../features/assignments/components/switch";
import { RequireSession } from "../../features/auth/require-session";
import { formatScore, plural } from "../../features/assignments/format";
import { useFeedbackReport } from "../../features/submissions/hooks";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AssignmentQueryView, BackLink } from "../../features/assignments/components/assignment-query-view";

type Sheet = FeedbackReport["sheets"][number];

export function FeedbackPrintPage() {
  return (
    <RequireSession>
      <FeedbackPrintScreen />
    </RequireSession>
  );
}

function FeedbackPrintScreen() {
  const { id = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const drafts: DraftHandling = searchParams.get("drafts") === "mark" ? "mark" : "omit";
  const query = useFeedbackReport(id, drafts);
  useDocumentTitle(query.data ? `Feedback: ${query.data.title || "Untitled assignment"}` : "Feedback");

  return (
    <div className="flex min-h-dvh flex-col print:block print:min-h-0">
      {/* Only while this page is open: sheets printed or saved as PDF keep a margin however the browser is set. */}
      <style>{"@page { margin: 18mm 16mm; }"}</style>
      <div className="print:hidden">
        <SimpleHeader
          action={
            <Button onClick={() => window.print()} disabled={!query.data?.sheets.length}>
              <Printer aria-hidden />
              Print
            </Button>
          }
        />
      </div>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10 print:max-w-none print:p-0">
        <BackLink to={`/assignments/${id}/gradebook`} className="print:hidden">Back to gradebook</BackLink>
        <AssignmentQueryView query={query} noun="feedback">
          {(data) => <Report report={data} onDraftsChange={(next) => setSearchParams(next === "mark" ? { drafts: "mark" } : {}, { replace: true })} />}
        </AssignmentQueryView>
      </main>
    </div>
  );
}

function Report({ report, onDraftsChange }: { report: FeedbackReport; onDraftsChange: (drafts: DraftHandling) => void }) {
  const title = report.title || "Untitled assignment";
  const isMarking = report.drafts === "mark";
  return (
    <>
      <div className="mt-3 mb-8 grid gap-3 print:hidden">
        <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight wrap-anywhere sm:text-4xl">Printable feedback</h1>
        <p className="text-sm text-muted-foreground">
          {report.sheets.length ? `${title}: ${plural(report.sheets.length, "sheet")}, one per student. Each prints on its own page.` : `${title}: no reviewed or accepted grades yet.`}
        </p>
        {report.draftCount > 0 ? (
          <div className="grid gap-2 rounded-xl border border-border bg-muted/50 p-3 text-sm">
            <p>
              {isMarking
                ? `${plural(report.draftCount, "grade")} not yet reviewed ${report.draftCount === 1 ? "is" : "are"} included, each marked "${draftMark}".`
                : `${plural(report.draftCount, "grade")} not yet reviewed ${report.draftCount === 1 ? "is" : "are"} left out. Review ${report.draftCount === 1 ? "it" : "them"} first, or include ${report.draftCount === 1 ? "it" : "them"} marked as drafts.`}
            </p>
            <div className="flex items-center gap-2">
              <Switch id="include-drafts" checked={isMarking} onCheckedChange={(checked) => onDraftsChange(checked ? "mark" : "omit")} />
              <Label htmlFor="include-drafts" className="font-normal">
                Include grades not yet reviewed, marked as drafts
              </Label>
            </div>
          </div>
        ) : null}
      </div>
      <div className="grid gap-8 print:block">
        {report.sheets.map((sheet) => (
          <FeedbackSheet key={sheet.submissionId} sheet={sheet} title={title} holistic={report.scoreBasis === "holistic"} />
        ))}
      </div>
    </>
  );
}

function FeedbackSheet({ sheet, title, holistic }: { sheet: Sheet; title: string; holistic: boolean }) {
  const headingId = `sheet-${sheet.submissionId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-5 shadow-card break-inside-avoid-page sm:p-8 print:break-after-page print:rounded-none print:border-0 print:p-0 print:shadow-none print:last:break-after-auto"
    >
      {/* A table only for its header: Chromium repeats a table's thead on every printed page the sheet runs onto,
          so a second page says whose it is (CSS display:table-header-group on other elements is not repeated). */}
      <table role="presentation" className="w-full">
        <thead>
          <tr>
            <td className="pb-5 align-top">
              <div className="grid gap-1 border-b border-border pb-4">
                <p className="text-sm text-muted-foreground">{title}</p>
                <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight">
                  {sheet.studentName}
                </h2>
                {sheet.isDraft ? <p className="justify-self-start rounded-md border-2 border-destructive px-2 py-0.5 text-sm font-semibold text-destructive uppercase">{draftMark}</p> : null}
              </div>
            </td>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="align-top">
              <SheetBody sheet={sheet} headingId={headingId} holistic={holistic} />
            </td>
          </tr>
        </tbody>
      </table>
    </article>
  );
}

function SheetBody({ sheet, headingId, holistic }: { sheet: Sheet; headingId: string; holistic: boolean }) {
  // Out of the sheet's own total: a grade given on an earlier rubric prints that rubric's rows and total.
  const totalPoints = sheet.outOf;
  const hasPenalty = sheet.late !== null && sheet.rawScore !== null && sheet.late.finalScore !== sheet.rawScore;
  return (
    <div className="grid gap-5">
      <ul aria-label="Scores by criterion" className="grid gap-4">
        {sheet.criteria.map((criterion) => (
          <li key={criterion.id} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="font-semibold">{criterion.name}</h3>
              <p className="font-semibold tabular-nums">{`${criterion.score === null ? "—" : formatScore(criterion.score)} / ${formatScore(criterion.maxPoints)}`}</p>
            </div>
            {criterion.rationale ? <p className="text-sm leading-relaxed whitespace-pre-wrap text-muted-foreground print:text-foreground">{criterion.rationale}</p> : null}
            {quotesNotInFeedback(criterion.quotes, sheet.feedback).length ? (
              <div className="grid gap-1 text-sm">
                <p className="text-muted-foreground print:text-foreground">From your essay:</p>
                {/* A passage the feedback below quotes already is not printed twice. */}
                {quotesNotInFeedback(criterion.quotes, sheet.feedback).map((quote) => (
                  <blockquote key={quote} className="border-l-2 border-border pl-3 italic">{`“${quote}”`}</blockquote>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="grid gap-1 border-t border-border pt-4 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="font-semibold">{holistic ? "Overall score" : "Total"}</dt>
          <dd className="font-semibold tabular-nums">{`${sheet.rawScore === null ? "—" : formatScore(sheet.rawScore)} / ${formatScore(totalPoints)}`}</dd>
        </div>
        {sheet.late && sheet.late.daysLate > 0 ? (
          <div className="flex justify-between gap-3">
            <dt>Late</dt>
            <dd className="text-right">{lateNoteForStudent(sheet.late)}</dd>
          </div>
        ) : null}
        {hasPenalty && sheet.late ? (
          <div className="flex justify-between gap-3">
            <dt className="font-semibold">Final score</dt>
            <dd className="font-semibold tabular-nums">{`${formatScore(sheet.late.finalScore)} / ${formatScore(totalPoints)}`}</dd>
          </div>
        ) : null}
      </dl>
      {sheet.feedback ? (
        <section aria-labelledby={`${headingId}-feedback`} className="grid gap-1.5">
          <h3 id={`${headingId}-feedback`} className="font-semibold">
            Feedback
          </h3>
          <p className="text-sm leading-relaxed whitespace-pre-wrap">{sheet.feedback}</p>
        </section>
      ) : null}
    </div>
  );
}
