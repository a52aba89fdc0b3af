import { Clock, History } from "lucide-react";
import { earlierRubricNotice } from "../../../../contracts/earlier-rubric";
import type { SubmissionDetail } from "../../../../contracts/submissions";
import { TextConcernsNotice } from "../../../components/text-concerns-notice";
import { cn } from "../../../lib/utils";
import { criterionColor } from "./criterion-colors";
import { formatPoints, scoreOf, totalPointsOf, type ReviewCriterion } from "./review-criteria";

/** Why the grade waits, less the text checks' sentences that lead it: the notice below says those already. */
function reasonBeyondConcerns({ reviewReason, textConcerns }: SubmissionDetail): string | null {
  const concerns = textConcerns.join(" ");
  return concerns && reviewReason?.startsWith(concerns) ? reviewReason.slice(concerns.length).trim() || null : reviewReason;
}

type GradeSummaryProps = {
  detail: SubmissionDetail;
  criteria: ReviewCriterion[];
  focused: number | null;
  onFocus: (index: number | null) => void;
};

/** The grade as it stands: the score, how sure the grader was and why, the late penalty apart, then each criterion. */
export function GradeSummary({ detail, criteria, focused, onFocus }: GradeSummaryProps) {
  const total = totalPointsOf(criteria);
  const isEdited = detail.gradeSource === "reviewed" && detail.engineGrade !== null && detail.overallScore !== detail.engineGrade.overallScore;
  const reason = reasonBeyondConcerns(detail);
  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-muted p-3">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Score</p>
          <p className="mt-1 font-display text-3xl font-semibold tabular-nums">
            {detail.overallScore === null ? "-" : formatPoints(detail.overallScore)}
            <span className="text-base font-normal text-muted-foreground"> / {formatPoints(total)}</span>
          </p>
          {isEdited ? <p className="mt-1 text-xs text-muted-foreground">The grader gave {formatPoints(detail.engineGrade!.overallScore)}.</p> : null}
        </div>
        <div className="rounded-xl bg-muted p-3">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Confidence</p>
          <p className="mt-1 font-display text-3xl font-semibold tabular-nums">{detail.confidence === null ? "-" : `${Math.round(detail.confidence)}%`}</p>
          {reason ? <p className="mt-1 text-xs leading-snug text-muted-foreground">{reason}</p> : null}
        </div>
      </div>

      {detail.earlierRubric ? (
        <div className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
          <History aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <p className="font-medium">{earlierRubricNotice(detail.earlierRubric)}</p>
        </div>
      ) : null}

      <TextConcernsNotice concerns={detail.textConcerns} />

      {detail.late && detail.late.daysLate > 0 ? (
        <div className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <div className="grid gap-0.5">
            <p className="font-medium">
              Late penalty: -{formatPoints(detail.late.penalty)}, final score {formatPoints(detail.late.finalScore)} / {formatPoints(total)}
            </p>
            <p className="text-muted-foreground">{detail.late.explanation}</p>
          </div>
        </div>
      ) : null}

      <section aria-labelledby="criteria-heading" className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id="criteria-heading" className="text-sm font-semibold">
            Criteria
          </h3>
          <p className="text-xs text-muted-foreground">Choose one to see its evidence.</p>
        </div>
        <ul className="grid gap-2">
          {criteria.map((criterion, index) => {
            const score = scoreOf(criterion, detail);
            const isFocused = focused === index;
            const quoteCount = criterion.engine?.quotes.length ?? 0;
            return (
              <li key={criterion.id}>
                <button
                  type="button"
                  aria-pressed={isFocused}
                  onClick={() => onFocus(isFocused ? null : index)}
                  className={cn(
                    "grid w-full gap-1 rounded-xl border p-3 text-left transition-colors",
                    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isFocused ? "border-primary bg-accent-soft/60" : "border-border hover:bg-muted/60",
                  )}
                >
                  <span className="flex items-center justify-between gap-3">
                    <span className="flex min-w-0 items-center gap-2 font-medium">
                      <span aria-hidden className={cn("inline-flex size-5 shrink-0 items-center justify-center rounded text-[0.7rem] font-semibold text-foreground", criterionColor(index).swatch)}>
                        {index + 1}
                      </span>
                      <span className="truncate">{criterion.name}</span>
                    </span>
                    <span className="shrink-0 font-semibold tabular-nums">
                      {score === undefined ? "-" : formatPoints(score)} / {formatPoints(criterion.maxPoints)}
                    </span>
                  </span>
                  {criterion.engine?.rationale ? (
                    <span className="text-sm leading-snug text-muted-foreground">
                      {/* Beside the teacher's own score, the grader's words are its reading of its own score. */}
                      {score !== undefined && score !== criterion.engine.score ? <span className="font-medium text-foreground">The grader&apos;s reading, before your edit: </span> : null}
                      {criterion.engine.rationale}
                    </span>
                  ) : null}
                  <span className="text-xs text-muted-foreground">
                    {quoteCount === 0 ? "No quoted evidence" : quoteCount === 1 ? "1 quoted passage" : `${quoteCount} quoted passages`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="feedback-heading" className="grid gap-1.5">
        <h3 id="feedback-heading" className="text-sm font-semibold">
          Feedback
        </h3>
        <p className="text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere">{detail.feedback?.trim() || "No feedback yet."}</p>
      </section>
    </div>
  );
}
