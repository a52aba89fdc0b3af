import { BookmarkPlus, Check, ChevronDown, ChevronUp, FileText, Pencil, RefreshCw } from "lucide-react";
import { useMemo, useState, type ReactNode, type RefObject } from "react";
import type { Assignment } from "../../../../contracts/assignments";
import { gradeStateLabel, type GradeEditInput, type SubmissionDetail } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { originalFileUrl } from "../api";
import { formatSubmittedAt } from "../format";
import { EvidenceText } from "./evidence-text";
import { clearDraft, draftFrom, isSameEdit, loadDraft, storeDraft, type GradeDraft } from "./grade-drafts";
import { GradeEditForm } from "./grade-edit-form";
import { GradeSummary } from "./grade-summary";
import { HistoryList } from "./history-list";
import { OverlapSection } from "./overlap-section";
import { gradeCriteria, reviewCriteria } from "./review-criteria";
import { TeachesGraderSwitch } from "./teaches-grader-switch";

type SubmissionReviewProps = {
  assignment: Assignment;
  detail: SubmissionDetail;
  isEditing: boolean;
  /** The edit open now is one kept from an earlier visit (grade-drafts.ts). */
  isDraftRestored: boolean;
  /** The student has a working link to this grade: a saved change is what they see next. */
  isReturned: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  /** Where focus goes on arriving after an Accept or a Save, and back to after an edit closes. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  editButtonRef: RefObject<HTMLButtonElement | null>;
  pending: { accept: boolean; save: boolean; regrade: boolean; addToSamples: boolean };
  saveError: unknown;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onAccept: () => void;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (edit: GradeEditInput) => void;
  onRegrade: () => void;
  onAddToSamples: () => void;
};

/** One submission under review: who and when, the actions, the text beside its grade, overlap, and the history. */
export function SubmissionReview(props: SubmissionReviewProps) {
  const { assignment, detail, isEditing, pending } = props;
  const criteria = useMemo(() => reviewCriteria(assignment, detail), [assignment, detail]);
  // What the grade shown is out of: a grade given on an earlier rubric keeps that rubric's rows until edited.
  const shownCriteria = useMemo(() => gradeCriteria(assignment, detail), [assignment, detail]);
  const [focused, setFocused] = useState<number | null>(null);
  const isGraded = detail.status === "needs_review" || detail.status === "accepted";
  const isInSamples = detail.history.some((event) => event.kind === "added_to_samples");
  const isBusy = Object.values(pending).some(Boolean);

  return (
    <article aria-labelledby="student-heading" className="grid gap-5">
      <header className="grid gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id="student-heading"
              ref={props.headingRef}
              tabIndex={-1}
              className="rounded font-display text-2xl leading-tight font-semibold tracking-tight wrap-anywhere outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {detail.studentName}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <span className="rounded-full border border-border px-2 py-0.5 text-xs font-semibold text-foreground">
                {gradeStateLabel(detail)}
              </span>
              <span>Submitted {formatSubmittedAt(detail.submittedAt)}</span>
              <span>{detail.wordCount} words</span>
              {detail.file ? (
                <a href={originalFileUrl(detail.file.id)} className="inline-flex items-center gap-1 underline-offset-4 hover:text-foreground hover:underline">
                  <FileText aria-hidden className="size-3.5" />
                  Original file
                </a>
              ) : null}
            </p>
          </div>
          <div className="flex shrink-0 gap-1">
            <Button variant="outline" size="icon" className="size-9" aria-label="Previous submission" title="Previous (K)" disabled={!props.hasPrevious} onClick={props.onPrevious}>
              <ChevronUp aria-hidden />
            </Button>
            <Button variant="outline" size="icon" className="size-9" aria-label="Next submission" title="Next (J)" disabled={!props.hasNext} onClick={props.onNext}>
              <ChevronDown aria-hidden />
            </Button>
          </div>
        </div>

        {isGraded && !isEditing ? (
          <div className="flex flex-wrap gap-2">
            {detail.status === "needs_review" ? (
              <Button onClick={props.onAccept} disabled={isBusy} data-avoid-toast>
                <Check aria-hidden />
                {pending.accept ? "Accepting..." : "Accept"}
                <Shortcut>A</Shortcut>
              </Button>
            ) : null}
            <Button ref={props.editButtonRef} variant="outline" onClick={props.onEdit} disabled={isBusy}>
              <Pencil aria-hidden />
              Edit
              <Shortcut>E</Shortcut>
            </Button>
            <Button variant="outline" onClick={props.onRegrade} disabled={isBusy}>
              <RefreshCw aria-hidden />
              {pending.regrade ? "Sending..." : "Regrade"}
              <Shortcut>R</Shortcut>
            </Button>
          </div>
        ) : null}

        {detail.gradeSource === "reviewed" && !isEditing ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-border pt-3">
            <Button variant="secondary" size="sm" onClick={props.onAddToSamples} disabled={isBusy || isInSamples || detail.earlierRubric !== null}>
              <BookmarkPlus aria-hidden />
              {isInSamples ? "Added to samples" : pending.addToSamples ? "Adding..." : "Add to samples"}
            </Button>
            <p className="min-w-0 flex-1 basis-56 text-xs leading-snug text-muted-foreground">
              Also keep it among the assignment&apos;s graded samples, where the calibration preview and its check see it.
            </p>
            <TeachesGraderSwitch assignment={assignment} detail={detail} />
          </div>
        ) : null}
      </header>

      {detail.status === "queued" || detail.status === "grading" ? (
        <Notice>
          <Spinner size="sm" label="Being graded again. It comes back to the queue when graded." />
        </Notice>
      ) : detail.status === "failed" ? (
        <Notice>
          <p className="font-medium text-destructive">This submission could not be graded.</p>
          {detail.failureReason ? <p className="mt-1 text-muted-foreground">{detail.failureReason}</p> : null}
          <Button variant="outline" size="sm" className="mt-3" onClick={props.onRegrade} disabled={isBusy}>
            <RefreshCw aria-hidden />
            Regrade
          </Button>
        </Notice>
      ) : null}

      <div className="grid gap-5 xl:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] xl:items-start">
        {/* Focusable, so the keyboard can scroll the essay where it scrolls on its own (wide screens); arrows then scroll it. */}
        <section
          aria-labelledby="work-heading"
          tabIndex={0}
          data-keyboard-scroll
          className="rounded-2xl border border-border bg-surface p-4 shadow-card outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-5 xl:sticky xl:top-4 xl:max-h-[calc(100dvh-2rem)] xl:overflow-y-auto"
        >
          <h3 id="work-heading" className="mb-3 font-display text-lg font-semibold tracking-tight">
            Student's work
          </h3>
          <EvidenceText content={detail.content} criteria={isEditing ? criteria : shownCriteria} focused={focused} />
        </section>

        <section aria-labelledby="grade-heading" className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5">
          <h3 id="grade-heading" className="mb-3 font-display text-lg font-semibold tracking-tight">
            {isEditing ? "Edit grade" : "Grade"}
          </h3>
          {isEditing ? (
            <GradeEditForm
              key={detail.id}
              detail={detail}
              criteria={criteria}
              draft={loadDraft(detail.id) ?? draftFrom(detail, criteria)}
              isRestored={props.isDraftRestored}
              isReturned={props.isReturned}
              onDraftChange={(draft: GradeDraft) => (isSameEdit(draft, draftFrom(detail, criteria)) ? clearDraft(detail.id) : storeDraft(detail.id, draft, detail.studentName))}
              isHolistic={assignment.gradingSettings.holisticVsPoints === "holistic" && assignment.rubric.criteria.length > 0}
              formRef={props.formRef}
              isSaving={pending.save}
              error={props.saveError}
              onSave={props.onSave}
              onCancel={props.onCancelEdit}
            />
          ) : isGraded ? (
            <GradeSummary detail={detail} criteria={shownCriteria} focused={focused} onFocus={setFocused} />
          ) : (
            <p className="text-sm text-muted-foreground">No grade yet.</p>
          )}
        </section>
      </div>

      {detail.similarity.length ? <OverlapSection matches={detail.similarity} studentName={detail.studentName} /> : null}

      <HistoryList events={detail.history} />
    </article>
  );
}

function Shortcut({ children }: { children: ReactNode }) {
  return (
    <kbd aria-hidden className="ml-0.5 rounded border border-current/25 px-1 font-sans text-[0.7rem] leading-4 opacity-70">
      {children}
    </kbd>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-border bg-surface p-4 text-sm shadow-card">{children}</div>;
}
