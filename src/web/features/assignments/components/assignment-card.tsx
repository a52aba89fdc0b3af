import { CalendarDays, FileText, ListChecks, Sparkles, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { Assignment } from "../../../../contracts/assignments";
import { displayTitle, formatCardDate, formatScore, plural } from "../format";
import { ArchiveButton } from "./archive-button";

/** One assignment in the list; the whole card opens it, and the archive button sits above that link. */
export function AssignmentCard({ assignment }: { assignment: Assignment }) {
  const title = displayTitle(assignment);
  const dueDate = formatCardDate(assignment.dueDate);
  return (
    <li className="relative flex flex-col rounded-2xl border border-border bg-surface p-4 shadow-card transition-shadow hover:border-primary/40 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-display text-lg leading-snug font-semibold tracking-tight wrap-anywhere">
          <Link to={`/assignments/${assignment.id}`} className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']">
            {title}
          </Link>
        </h3>
        {assignment.autogradingEnabled ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-strong">
            <Sparkles aria-hidden className="size-3.5" />
            Auto-grading
          </span>
        ) : null}
      </div>
      {/* Spec section 2: the type with its underscores shown as spaces ("argumentative essay"), as written, not restyled:
          capitalised by CSS it read "Argumentative Essay" to anyone comparing the card with the specification. */}
      <p className="mt-1 text-sm text-muted-foreground">{assignment.type.replaceAll("_", " ")}</p>
      <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm" aria-label={`${title} details`}>
        <li className="flex items-center gap-1.5">
          <Trophy aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {plural(Number(formatScore(assignment.rubric.totalPoints)), "point")}
        </li>
        <li className="flex items-center gap-1.5">
          <ListChecks aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {plural(assignment.rubric.criteria.length, "criterion", "criteria")}
        </li>
        <li className="flex items-center gap-1.5">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {dueDate ? `Due ${dueDate}` : "No due date"}
        </li>
        <li className="flex items-center gap-1.5">
          <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {plural(assignment.sampleWork.length, "sample")}
        </li>
      </ul>
      <div className="relative z-10 mt-4 flex justify-end border-t border-border/70 pt-3">
        <ArchiveButton assignment={assignment} variant="ghost" size="sm" isLabelledByTitle />
      </div>
    </li>
  );
}
