import { Save, X } from "lucide-react";
import { useEffect, useState, type RefObject } from "react";
import { scoreRangeMessages, type GradeEditInput, type SubmissionDetail } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api";
import { cn } from "../../../lib/utils";
import { criterionColor } from "./criterion-colors";
import { versionOf, type GradeDraft } from "./grade-drafts";
import { formatPoints, totalPointsOf, type ReviewCriterion } from "./review-criteria";
import { outdatedScores } from "./stated-scores";

type GradeEditFormProps = {
  detail: SubmissionDetail;
  criteria: ReviewCriterion[];
  /** Holistic grading: the teacher gives the overall score, and the criterion scores are guidance beside it. */
  isHolistic: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  /** Where the form starts: an unsaved edit kept from before (grade-drafts.ts), or the grade as it stands. */
  draft: GradeDraft;
  /** The draft was kept from an earlier visit: the form says so. */
  isRestored: boolean;
  /** Returned to the student already: saving changes what their link shows. */
  isReturned: boolean;
  /** Every change, so the page can keep it (and ask before it is thrown away). */
  onDraftChange: (draft: GradeDraft) => void;
  isSaving: boolean;
  /** The last failed save: its field messages show beside the fields they name. */
  error: unknown;
  onSave: (edit: GradeEditInput) => void;
  onCancel: () => void;
};

/** The start of a feedback, enough to recognise the other version by. */
const clipped = (text: string) => (text.length > 140 ? `${text.slice(0, 140).trimEnd()}…` : text);

/** A score that is blank, not a number, or outside 0..max: the same words the server would answer with. */
function rangeProblems(criteria: ReviewCriterion[], scores: Record<string, string>, overall: string | undefined, maxTotal: number): Record<string, string> {
  const isOutside = (text: string | undefined, max: number) => !text?.trim() || !Number.isFinite(Number(text)) || Number(text) < 0 || Number(text) > max;
  const problems: Record<string, string> = {};
  for (const criterion of criteria) {
    if (isOutside(scores[criterion.id], criterion.maxPoints)) problems[`criteriaScores.${criterion.id}`] = scoreRangeMessages.criterion(criterion.name, criterion.maxPoints);
  }
  if (overall !== undefined && isOutside(overall, maxTotal)) problems.overallScore = scoreRangeMessages.overall(maxTotal);
  return problems;
}

/**
 * Scores for every criterion and the feedback. The browser's own range checks are off (noValidate): a score out
 * of range is named beside its field before anything is sent, in the words the server uses for the same mistake.
 */
export function GradeEditForm({ detail, criteria, isHolistic, formRef, draft, isRestored, isReturned, onDraftChange, isSaving, error, onSave, onCancel }: GradeEditFormProps) {
  const [scores, setScores] = useState<Record<string, string>>(draft.scores);
  const [feedback, setFeedback] = useState(draft.feedback);
  const [overall, setOverall] = useState(draft.overall);
  const [basedOn, setBasedOn] = useState(draft.basedOn);
  // A save refused because the grade changed meanwhile: once the page shows the grade as it now is, the next Save
  // is made knowingly, on that version.
  const isConflict = error instanceof ApiError && error.status === 409 && Boolean(error.fields?.basedOn);
  const currentVersion = versionOf(detail);
  useEffect(() => {
    if (isConflict) setBasedOn(currentVersion);
  }, [isConflict, currentVersion]);
  useEffect(() => {
    onDraftChange({ basedOn, scores, overall, feedback });
    // Only when the draft changes: onDraftChange is made anew on each render of the page.
  }, [basedOn, scores, overall, feedback]);
  const [localProblems, setLocalProblems] = useState<Record<string, string>>({});
  const [isEmptyFeedbackConfirmed, setEmptyFeedbackConfirmed] = useState(false);
  const hasLocalProblems = Object.keys(localProblems).length > 0;
  const fields = hasLocalProblems ? localProblems : error instanceof ApiError ? (error.fields ?? {}) : {};
  const fieldIds = new Set([...criteria.map((criterion) => `criteriaScores.${criterion.id}`), "feedback", ...(isHolistic ? ["overallScore"] : [])]);
  // The conflict's message says it all; its field (basedOn) is no field of the form.
  const otherProblems = isConflict && !hasLocalProblems ? [] : Object.entries(fields).filter(([key]) => !fieldIds.has(key)).map(([, message]) => message);
  const isAllPlaced = !isConflict && Object.keys(fields).length > 0 && otherProblems.length === 0;
  const summary = hasLocalProblems
    ? "The grade was not saved. Fix the fields marked below."
    : !error
    ? undefined
    : isAllPlaced
      ? "The grade was not saved. Fix the fields marked below."
      : error instanceof ApiError
        ? (error.serverMessage ?? error.message)
        : "The grade could not be saved. Check your connection and try again.";
  const total = criteria.reduce((sum, criterion) => sum + (Number(scores[criterion.id]) || 0), 0);
  const outdated = outdatedScores(feedback, criteria, scores);
  const maxTotal = totalPointsOf(criteria);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Edit grade"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (isSaving) return;
        const problems = rangeProblems(criteria, scores, isHolistic ? overall : undefined, maxTotal);
        setLocalProblems(problems);
        if (Object.keys(problems).length) return;
        // Empty feedback may be meant (scores only), but is never sent to a student unnoticed: the first Save asks.
        if (!feedback.trim() && !isEmptyFeedbackConfirmed) {
          setEmptyFeedbackConfirmed(true);
          return;
        }
        // A blank score is sent as null (JSON has no NaN) so the server names the field instead of reading it as 0.
        const criteriaScores = Object.fromEntries(criteria.map((criterion) => [criterion.id, scores[criterion.id]?.trim() ? Number(scores[criterion.id]) : Number.NaN]));
        onSave({ criteriaScores, feedback, ...(isHolistic ? { overallScore: overall.trim() ? Number(overall) : Number.NaN } : {}), ...(basedOn ? { basedOn } : {}) });
      }}
    >
      {isReturned ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This grade was returned to {detail.studentName}: once saved, your changes are what their feedback link shows.
        </p>
      ) : null}
      {isRestored && !summary ? (
        <p role="status" className="rounded-xl border border-border bg-muted/50 p-3 text-sm">
          Your unsaved changes to this grade are back. Save them, or Cancel to discard them.
        </p>
      ) : null}
      {summary ? (
        <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
          <p className="font-medium">{summary}</p>
          {isConflict && detail.overallScore !== null ? (
            <p className="mt-2 text-foreground">
              The grade now: {formatPoints(detail.overallScore)} points{detail.feedback ? <>, with the feedback “{clipped(detail.feedback)}”</> : null}.
            </p>
          ) : null}
          {otherProblems.length ? (
            <ul className="mt-1 list-disc pl-5">
              {otherProblems.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Scores</legend>
        {criteria.map((criterion, index) => {
          const id = `score-${criterion.id}`;
          const problem = fields[`criteriaScores.${criterion.id}`];
          return (
            <div key={criterion.id} className="grid gap-1.5">
              <div className="flex items-center justify-between gap-3">
                <div className="flex min-w-0 items-center gap-2">
                  <span aria-hidden className={cn("inline-flex size-5 shrink-0 items-center justify-center rounded text-[0.7rem] font-semibold", criterionColor(index).swatch)}>
                    {index + 1}
                  </span>
                  <Label htmlFor={id} className="truncate leading-normal">
                    {criterion.name}
                  </Label>
                </div>
                <div className="flex shrink-0 items-center gap-2 text-sm text-muted-foreground">
                  <Input
                    id={id}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={criterion.maxPoints}
                    step="any"
                    autoFocus={index === 0}
                    value={scores[criterion.id] ?? ""}
                    onChange={(event) => {
                      setScores((current) => ({ ...current, [criterion.id]: event.target.value }));
                      // The message beside a score goes once the score is changed; Save checks again.
                      setLocalProblems(({ [`criteriaScores.${criterion.id}`]: _fixed, ...rest }) => rest);
                    }}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-problem` : undefined}
                    className="w-20 text-right tabular-nums"
                  />
                  <span className="w-10">/ {formatPoints(criterion.maxPoints)}</span>
                </div>
              </div>
              {problem ? (
                <p id={`${id}-problem`} className="text-sm text-destructive">
                  {problem}
                </p>
              ) : null}
            </div>
          );
        })}
        {isHolistic ? null : <p className="text-right text-sm text-muted-foreground tabular-nums">Total {formatPoints(total)}</p>}
      </fieldset>

      {isHolistic ? (
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="edit-overall">Overall score</Label>
            <div className="flex shrink-0 items-center gap-2 text-sm text-muted-foreground">
              <Input
                id="edit-overall"
                type="number"
                inputMode="decimal"
                min={0}
                max={maxTotal}
                step="any"
                value={overall}
                onChange={(event) => {
                  setOverall(event.target.value);
                  setLocalProblems(({ overallScore: _fixed, ...rest }) => rest);
                }}
                aria-invalid={fields.overallScore ? true : undefined}
                aria-describedby={fields.overallScore ? "edit-overall-problem" : "edit-overall-hint"}
                className="w-20 text-right tabular-nums"
              />
              <span className="w-10">/ {formatPoints(maxTotal)}</span>
            </div>
          </div>
          {fields.overallScore ? (
            <p id="edit-overall-problem" className="text-sm text-destructive">
              {fields.overallScore}
            </p>
          ) : (
            <p id="edit-overall-hint" className="text-xs text-muted-foreground">
              Holistic grading: your overall judgement is the grade; the criterion scores (sum {formatPoints(total)}) are guidance.
            </p>
          )}
        </div>
      ) : null}

      <div className="grid gap-1.5">
        <Label htmlFor="edit-feedback">Feedback</Label>
        <Textarea
          id="edit-feedback"
          rows={7}
          value={feedback}
          onChange={(event) => {
            setFeedback(event.target.value);
            setEmptyFeedbackConfirmed(false);
          }}
          aria-invalid={fields.feedback ? true : undefined}
          aria-describedby={fields.feedback ? "edit-feedback-problem" : isEmptyFeedbackConfirmed ? "edit-feedback-empty" : outdated.length ? "edit-feedback-outdated" : undefined}
        />
        {fields.feedback ? (
          <p id="edit-feedback-problem" className="text-sm text-destructive">
            {fields.feedback}
          </p>
        ) : isEmptyFeedbackConfirmed ? (
          <p id="edit-feedback-empty" role="status" className="text-sm text-amber-800">
            The feedback is empty: the student will see scores without comments. Save again to save it this way.
          </p>
        ) : outdated.length ? (
          <p id="edit-feedback-outdated" role="status" className="text-sm text-amber-800">
            The feedback still says {outdated.map((item) => `${item.name} (${formatPoints(item.stated)}/${formatPoints(item.maxPoints)})`).join(", ")}, where you give{" "}
            {outdated.map((item) => `${formatPoints(item.given)}/${formatPoints(item.maxPoints)}`).join(", ")}: the student sees both. Change the feedback to match your scores, or save it as it is.
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={isSaving} data-avoid-toast>
          <Save aria-hidden />
          {isSaving ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
          <X aria-hidden />
          Cancel
        </Button>
        <span className="text-xs text-muted-foreground">
          <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd> saves, <kbd className="font-sans">Esc</kbd> cancels
        </span>
      </div>
    </form>
  );
}
