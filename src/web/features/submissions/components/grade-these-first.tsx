import { ListChecks } from "lucide-react";
import { Link } from "react-router";
import type { ProposedSamples } from "../../../../contracts/submissions";
import { plural } from "../../assignments/format";

/**
 * The essays the teacher should grade first while the calibration wants more graded texts: each links to its review
 * page, where accepting or editing the grade makes it a sample the grader learns from.
 */
export function GradeTheseFirst({ assignmentId, proposed }: { assignmentId: string; proposed: ProposedSamples }) {
  if (proposed.proposals.length === 0) return null;
  return (
    <section aria-labelledby="grade-first-heading" className="grid gap-2 rounded-xl border border-border bg-background p-4">
      <h3 id="grade-first-heading" className="flex items-center gap-2 text-sm font-semibold">
        <ListChecks aria-hidden className="size-4 shrink-0 text-primary" />
        Grade these first
      </h3>
      <p className="text-sm text-muted-foreground">
        {`The grader learns from every grade you review. It has ${plural(proposed.gradedCount, "graded essay")} of the ${proposed.wantedCount} it wants; these teach it the most.`}
      </p>
      <ol aria-label="Essays to grade first" className="grid gap-1">
        {proposed.proposals.map((item) => (
          <li key={item.submissionId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link
              to={`/assignments/${encodeURIComponent(assignmentId)}/review?submission=${encodeURIComponent(item.submissionId)}`}
              className="rounded font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {item.studentName}
            </Link>
            <span className="text-muted-foreground">{item.reason}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
