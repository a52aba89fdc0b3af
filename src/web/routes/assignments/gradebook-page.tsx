import { Download, Printer } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { Gradebook } from "../../../contracts/submissions";
import { BackToDashboardHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Switch } from "../../features/assignments/components/switch";
import { RequireSession } from "../../features/auth/require-session";
import { plural } from "../../features/assignments/format";
import { gradebookCsvUrl } from "../../features/submissions/api";
import { GradebookTable } from "../../features/submissions/components/gradebook-table";
import { ScoreDistribution } from "../../features/submissions/components/score-distribution";
import { useGradebook } from "../../features/submissions/hooks";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AssignmentQueryView, BackLink } from "../../features/assignments/components/assignment-query-view";

export function GradebookPage() {
  return (
    <RequireSession>
      <GradebookScreen />
    </RequireSession>
  );
}

function GradebookScreen() {
  const { id = "" } = useParams();
  const query = useGradebook(id);
  useDocumentTitle(query.data ? `Gradebook: ${query.data.title || "Untitled assignment"}` : "Gradebook");

  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <BackLink to={`/assignments/${id}`}>Back to assignment</BackLink>
        <AssignmentQueryView query={query} noun="gradebook">
          {(data) => <GradebookView book={data} />}
        </AssignmentQueryView>
      </main>
    </div>
  );
}

function GradebookView({ book }: { book: Gradebook }) {
  const [includeDrafts, setIncludeDrafts] = useState(false);
  const draftCount = book.rows.filter((row) => row.status === "needs_review" && row.rawScore !== null).length;
  return (
    <>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">Gradebook</p>
          <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight wrap-anywhere sm:text-4xl">{book.title || "Untitled assignment"}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{`${plural(book.rows.length, "submission")} · ${book.totalPoints} points`}</p>
          {book.scoreBasis === "holistic" ? (
            <p className="mt-1 max-w-prose text-sm text-muted-foreground">Holistic grading: the score is one overall judgement, and the criterion scores beside it are guidance, so they need not add up to it.</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {draftCount > 0 ? (
            <div className="flex items-center gap-2">
              <Switch id="csv-drafts" checked={includeDrafts} onCheckedChange={setIncludeDrafts} />
              <Label htmlFor="csv-drafts" className="text-sm font-normal text-muted-foreground">
                {`Export ${plural(draftCount, "unreviewed grade")} as drafts`}
              </Label>
            </div>
          ) : null}
          <Button asChild>
            <a href={gradebookCsvUrl(book.assignmentId, includeDrafts ? "mark" : "omit")} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/assignments/${book.assignmentId}/feedback`}>
              <Printer aria-hidden />
              Printable feedback
            </Link>
          </Button>
        </div>
      </div>

      <div className="mt-8 grid gap-8">
        <Section id="grades-heading" title="Grades">
          {book.rows.length ? (
            <GradebookTable book={book} />
          ) : (
            <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">No submissions yet. Add them on the assignment page.</p>
          )}
        </Section>

        {book.missing.length ? (
          <Section id="missing-heading" title={`Missing work (${book.missing.length})`}>
            <ul className="flex flex-wrap gap-1.5">
              {book.missing.map((student) => (
                <li key={`${student.name}-${student.identifier ?? ""}`} className="rounded-full bg-muted px-2.5 py-0.5 text-sm">
                  {student.name}
                  {student.identifier ? <span className="ml-1 text-xs text-muted-foreground">{student.identifier}</span> : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        {book.distribution.length ? (
          <Section id="distribution-heading" title="Score distribution">
            <ScoreDistribution distribution={book.distribution} />
          </Section>
        ) : null}
      </div>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="font-display text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
