import { ArrowLeft, Inbox, RotateCcw, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { GradeEditInput, SubmissionSummary } from "../../../../contracts/submissions";
import { BackToDashboardHeader } from "../../../components/simple-header";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { RequireSession } from "../../../features/auth/require-session";
import { displayTitle } from "../../../features/assignments/format";
import { useAssignment } from "../../../features/assignments/hooks";
import { showFailure, showSuccess } from "../../../features/assignments/toasts";
import { AgreementPanel } from "../../../features/submissions/review/agreement-panel";
import { useFeedbackReturns } from "../../../features/feedback-links/hooks";
import { hasAnyFailedSave, useFailedSaves } from "../../../features/submissions/review/failed-saves";
import { clearDraft, hasAnyDraft, loadDraft, versionOf } from "../../../features/submissions/review/grade-drafts";
import { useAgreement, useReviewActions, useReviewList, useSubmissionDetail, type ReviewOrder } from "../../../features/submissions/review/hooks";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ReviewQueue } from "../../../features/submissions/review/review-queue";
import { RegradeDialog } from "../../../features/submissions/review/regrade-dialog";
import { ShortcutsDialog, ShortcutsHint, useReviewShortcuts } from "../../../features/submissions/review/shortcuts";
import { SubmissionReview } from "../../../features/submissions/review/submission-review";
import { leaveQuestion } from "../../../features/submissions/review/unsaved-questions";
import { ApiError } from "../../../lib/api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useLeaveGuard } from "../../../lib/use-leave-guard";

export function ReviewPage() {
  return (
    <RequireSession>
      <Review />
    </RequireSession>
  );
}

/**
 * After a review the page moves on by itself: to the next submission still waiting below this one in the list, else
 * the nearest one above, else nowhere (the queue is done).
 */
function nextWaiting(items: SubmissionSummary[], reviewedId: string): string | undefined {
  const index = items.findIndex((item) => item.id === reviewedId);
  const waiting = (item: SubmissionSummary) => item.id !== reviewedId && item.status === "needs_review";
  return items.slice(index + 1).find(waiting)?.id ?? items.slice(0, Math.max(index, 0)).reverse().find(waiting)?.id;
}

/** Long enough to read the toast and reach Undo. */
const undoDurationMs = 15_000;

/** Where focus goes once the page has drawn what an action led to: a student's heading, their Edit button, or "done". */
type FocusRequest = { to: "heading" | "edit"; submissionId: string } | { to: "done" };

function Review() {
  const { id = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const [showAll, setShowAll] = useState(false);
  const [order, setOrder] = useState<ReviewOrder>("review");
  const [editingId, setEditingId] = useState<string>();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const [regradeTarget, setRegradeTarget] = useState<{ id: string; studentName: string }>();
  const [discardTarget, setDiscardTarget] = useState<{ id: string; studentName: string }>();
  const [restoredId, setRestoredId] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>();

  const assignment = useAssignment(id);
  const { items, busyCount, query: list } = useReviewList(id, showAll, order);
  const agreement = useAgreement(id);
  const returns = useFeedbackReturns(id);
  const actions = useReviewActions(id);
  useDocumentTitle(assignment.data ? `Review · ${displayTitle(assignment.data)}` : "Review");

  const requestedId = searchParams.get("submission") ?? undefined;
  const selectedId = requestedId ?? items?.[0]?.id;
  const detail = useSubmissionDetail(selectedId);
  const current = detail.data?.id === selectedId ? detail.data : undefined;
  const isEditing = Boolean(current && editingId === current.id);
  const position = items && selectedId ? items.findIndex((item) => item.id === selectedId) : -1;
  // Kept edits whose save failed (failed-saves.ts), by name: the queue marks them until saved or discarded.
  const failedSaves = useFailedSaves();
  const unsaved = (list.data ?? []).filter((item) => failedSaves.has(item.id)).map(({ id: submissionId, studentName }) => ({ id: submissionId, studentName }));
  // The leave dialog names every grade this tab failed to save, on this assignment's page or another's.
  const unsavedAnywhere = [...failedSaves].map(([submissionId, studentName]) => ({ id: submissionId, studentName: unsaved.find((item) => item.id === submissionId)?.studentName ?? studentName }));
  const leaveGuard = useLeaveGuard(hasAnyFailedSave);
  const isActing = actions.accept.isPending || actions.save.isPending || actions.regrade.isPending || actions.restore.isPending || actions.addToSamples.isPending;

  // An edit not saved yet is kept (grade-drafts.ts): arriving at its submission opens it again.
  const currentId = current?.id;
  const resetSave = actions.save.reset;
  useEffect(() => {
    if (currentId && loadDraft(currentId)) {
      // Another student's failed save says nothing about this one's kept edit.
      resetSave();
      setEditingId(currentId);
      setRestoredId(currentId);
    }
  }, [currentId, resetSave]);
  // Without a student in the URL the page shows the first of the queue, and a refreshed queue (a save refused because
  // the grade changed, work graded meanwhile, a review from another tab) would put another student in its place,
  // closing the teacher's edit and its message unseen. The student on screen is written into the URL, so it stays
  // until the teacher moves.
  useEffect(() => {
    if (!requestedId && currentId) setSearchParams({ submission: currentId }, { replace: true });
  }, [requestedId, currentId, setSearchParams]);
  // Closing the tab ends its session storage, and every kept edit with it: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (hasAnyDraft()) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  const select = (submissionId: string | undefined) => {
    if (current && editingId === current.id && loadDraft(current.id) && submissionId !== current.id) {
      toast({ description: `Your changes to ${current.studentName}'s grade are kept, not saved: they come back when you return to ${current.studentName}.` });
    }
    actions.save.reset();
    setEditingId(undefined);
    setRestoredId(undefined);
    setFocusRequest(undefined);
    setSearchParams(submissionId ? { submission: submissionId } : {}, { replace: true });
  };
  /** Cancel (or Escape) throws an unsaved edit away only when the teacher says so. */
  const cancelEdit = () => {
    if (!current) return;
    if (loadDraft(current.id)) {
      setDiscardTarget({ id: current.id, studentName: current.studentName });
    } else {
      setEditingId(undefined);
      setFocusRequest({ to: "edit", submissionId: current.id });
    }
  };
  const discardEdit = (submissionId: string) => {
    clearDraft(submissionId);
    setDiscardTarget(undefined);
    setRestoredId(undefined);
    setEditingId(undefined);
    setFocusRequest({ to: "edit", submissionId });
  };
  // The control a keyboard or screen reader was on is gone (Accept, Save, the form): focus goes where the page went,
  // once it is drawn. Asked for by an action, dropped when the teacher moves on their own (select).
  useEffect(() => {
    if (!focusRequest) return;
    const target =
      focusRequest.to === "done"
        ? doneRef.current
        : currentId === focusRequest.submissionId
          ? (focusRequest.to === "heading" ? headingRef.current : editButtonRef.current)
          : null;
    if (!target) return;
    target.focus();
    setFocusRequest(undefined);
  });
  const step = (delta: 1 | -1) => {
    if (!items?.length) return;
    const target = position < 0 ? items[0] : items[position + delta];
    if (target) select(target.id);
  };
  // The student on screen now, for an action whose answer comes after the teacher went to another one.
  const shownId = useRef(selectedId);
  useEffect(() => {
    shownId.current = selectedId;
  });
  // Goes up with each student shown (J, K, a queue link, the browser's history): an action's answer that comes after
  // a move is no longer seen where it began, even if the teacher has come back since.
  const moves = useRef(0);
  useEffect(() => {
    moves.current += 1;
  }, [selectedId]);
  // The page as it is when a toast's button is pressed, not as it was when the failed action began.
  const latestSelect = useRef(select);
  useEffect(() => {
    latestSelect.current = select;
  });
  /**
   * An action that fails after the teacher moved on is told at once, by name: its callbacks on the page no longer
   * show anything (moving resets the save, and its form is gone). A save's edit is kept (grade-drafts.ts), and the
   * toast takes the teacher back to it. Returns false when the teacher never left, so the page shows it in place.
   */
  const tellIfMovedOn = (movesAtStart: number, { submissionId, studentName }: { submissionId: string; studentName: string }, failure: string, error: unknown): boolean => {
    if (moves.current === movesAtStart) return false;
    const reason = error instanceof ApiError && error.status < 500 && error.serverMessage ? error.serverMessage : undefined;
    toast({
      variant: "destructive",
      description: reason ? `${failure} ${reason}` : failure,
      // Stays until dismissed (or replaced: one toast at a time); the queue marks a failed save until it is saved.
      duration: Infinity,
      ...(shownId.current === submissionId ? {} : { action: { label: `Go back to ${studentName}`, onClick: () => latestSelect.current(submissionId) } }),
    });
    return true;
  };
  const moveOn = (reviewedId: string) => {
    // The teacher moved to another student while the action was on its way: they stay where they went.
    if (shownId.current !== reviewedId) return;
    const next = items ? nextWaiting(items, reviewedId) : undefined;
    if (next || !showAll) select(next);
    setFocusRequest(next ? { to: "heading", submissionId: next } : showAll ? { to: "heading", submissionId: reviewedId } : { to: "done" });
  };

  // A second press of Save or Accept (a double click, Ctrl+Enter again) can come before React has drawn the first
  // one's "Saving..." and disabled the buttons, while isActing still says no: it would send the action twice, and a
  // second save is refused as a conflict with the first. This is set the moment an action starts, and cleared when
  // its request ends (not in its callbacks, which moving to another student drops).
  const isStarting = useRef(false);
  const startOnce = (run: () => Promise<unknown>) => {
    if (isStarting.current) return;
    isStarting.current = true;
    void run()
      .catch(() => undefined)
      .finally(() => {
        isStarting.current = false;
      });
  };

  const accept = () => {
    if (!current || current.status !== "needs_review" || isActing) return;
    const { id: submissionId, studentName } = current;
    const movesAtStart = moves.current;
    startOnce(() =>
      actions.accept.mutateAsync({ submissionId, basedOn: versionOf(current) }, {
        onSuccess: () => {
          showSuccess(`Accepted ${studentName}'s grade.`);
          moveOn(submissionId);
        },
        onError: (error) => {
          if (!tellIfMovedOn(movesAtStart, { submissionId, studentName }, `${studentName}'s grade was not accepted. Please try again.`, error)) {
            const changed = error instanceof ApiError && error.status === 409;
            showFailure(changed ? `${studentName}'s grade changed before you accepted it.` : "The grade could not be accepted. Please try again.", error);
          }
        },
      }),
    );
  };
  const edit = () => {
    if (!current || (current.status !== "needs_review" && current.status !== "accepted") || isActing) return;
    actions.save.reset();
    setEditingId(current.id);
  };
  const save = (gradeEdit: GradeEditInput) => {
    if (!current || isActing) return;
    const { id: submissionId, studentName } = current;
    const movesAtStart = moves.current;
    startOnce(() =>
      actions.save
        .mutateAsync(
          { submissionId, edit: gradeEdit },
          {
            onSuccess: () => {
              setEditingId(undefined);
              setRestoredId(undefined);
              showSuccess(`Saved ${studentName}'s grade.`);
              moveOn(submissionId);
            },
            // Changed meanwhile (another tab, a regrade): the page shows the grade as it now is beside the kept edit.
            onError: (error) => {
              if (error instanceof ApiError && error.status === 409) void Promise.all([detail.refetch(), list.refetch()]);
            },
          },
        )
        // Moving on resets the save, so the callbacks above no longer run for it: its failure is told from here.
        .catch((error: unknown) => {
          tellIfMovedOn(movesAtStart, { submissionId, studentName }, `${studentName}'s grade was not saved. Your changes to it are kept.`, error);
          throw error;
        }),
    );
  };
  const sendRegrade = (submissionId: string, studentName: string, confirm: boolean) => {
    startOnce(() =>
      actions.regrade.mutateAsync(
        { submissionId, confirm },
        {
          onSuccess: () => {
            if (confirm) {
              toast({
                description: `Grading ${studentName}'s work again. Your reviewed grade is kept in the history.`,
                duration: undoDurationMs,
                action: { label: "Undo", onClick: () => undoRegrade(submissionId, studentName) },
              });
            } else {
              showSuccess(`Grading ${studentName}'s work again; it comes back to the queue when graded.`);
            }
            moveOn(submissionId);
          },
          onError: (error) => showFailure("The submission could not be sent for regrading. Please try again.", error),
        },
      ),
    );
  };
  const undoRegrade = (submissionId: string, studentName: string) => {
    actions.restore.mutate(submissionId, {
      onSuccess: () => showSuccess(`Restored your grade for ${studentName}.`),
      onError: (error) => showFailure("Your grade could not be restored. Open the submission's history to see it.", error),
    });
  };
  const regrade = () => {
    if (!current || current.status === "queued" || current.status === "grading" || isActing) return;
    // A reviewed grade is the teacher's work: never replaced without asking.
    if (current.gradeSource === "reviewed") setRegradeTarget({ id: current.id, studentName: current.studentName });
    else sendRegrade(current.id, current.studentName, false);
  };
  const addToSamples = () => {
    if (!current || isActing) return;
    const submissionId = current.id;
    startOnce(() =>
      actions.addToSamples.mutateAsync(submissionId, {
        onSuccess: () => showSuccess("Added to the graded samples; the grader was recalibrated."),
        onError: (error) => showFailure("The grade could not be added to the samples. Please try again.", error),
      }),
    );
  };

  useReviewShortcuts({
    isEditing,
    isPaused: isHelpOpen || regradeTarget !== undefined || discardTarget !== undefined,
    next: () => step(1),
    previous: () => step(-1),
    accept,
    edit,
    regrade,
    save: () => formRef.current?.requestSubmit(),
    cancelEdit,
    showHelp: () => setHelpOpen(true),
  });

  const isQueueDone = !showAll && items?.length === 0 && !requestedId;
  const loadError = assignment.error ?? list.error ?? detail.error;

  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
        <Link to={`/assignments/${encodeURIComponent(id)}`} className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden className="size-4" />
          Back to the assignment
        </Link>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div className="min-w-0">
            <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">Review grades</h1>
            {assignment.data ? <p className="mt-1 text-muted-foreground wrap-anywhere">{displayTitle(assignment.data)}</p> : null}
          </div>
          <ShortcutsHint onOpen={() => setHelpOpen(true)} />
        </div>

        {/* Phones read top to bottom: queue, submission, agreement; wide screens put the agreement under the queue. */}
        <div className="mt-6 grid items-start gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
          <div className="lg:col-start-1 lg:row-start-1">
            <ReviewQueue items={items} unsaved={unsaved} selectedId={selectedId} showAll={showAll} onShowAllChange={setShowAll} busyCount={busyCount} order={order} onOrderChange={setOrder} />
          </div>

          <div className="grid min-w-0 gap-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            {loadError ? (
              <LoadError error={loadError} onRetry={() => void Promise.all([assignment.refetch(), list.refetch(), selectedId ? detail.refetch() : undefined])} />
            ) : isQueueDone ? (
              <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-input bg-surface p-8 text-center">
                <Inbox aria-hidden className="size-8 text-muted-foreground" />
                <p ref={doneRef} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
                  Nothing waits for review.
                </p>
                <p className="max-w-sm text-sm text-muted-foreground">Every graded submission has been reviewed or accepted. Turn on "Show all graded" to look at them again.</p>
                <div className="flex flex-wrap justify-center gap-2">
                  <Button asChild>
                    <Link to={`/assignments/${encodeURIComponent(id)}#return`}>
                      <Send aria-hidden />
                      Return to students
                    </Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={`/assignments/${encodeURIComponent(id)}`}>Back to the assignment</Link>
                  </Button>
                </div>
              </div>
            ) : current && assignment.data ? (
              <SubmissionReview
                key={current.id}
                assignment={assignment.data}
                detail={current}
                isEditing={isEditing}
                isDraftRestored={restoredId === current.id}
                isReturned={Boolean(returns.data?.links.some((link) => link.submissionId === current.id && link.status === "active"))}
                formRef={formRef}
                headingRef={headingRef}
                editButtonRef={editButtonRef}
                pending={{ accept: actions.accept.isPending, save: actions.save.isPending, regrade: actions.regrade.isPending, addToSamples: actions.addToSamples.isPending }}
                saveError={actions.save.variables?.submissionId === current.id ? actions.save.error : null}
                hasPrevious={position !== 0 && Boolean(items?.length)}
                hasNext={Boolean(items && position < items.length - 1)}
                onPrevious={() => step(-1)}
                onNext={() => step(1)}
                onAccept={accept}
                onEdit={edit}
                onCancelEdit={cancelEdit}
                onSave={save}
                onRegrade={regrade}
                onAddToSamples={addToSamples}
              />
            ) : items?.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-input p-8 text-center text-sm text-muted-foreground">No graded submissions yet.</p>
            ) : (
              <Spinner label="Loading submission..." className="mt-4" />
            )}
          </div>

          <div className="lg:col-start-1 lg:row-start-2">
            <AgreementPanel agreement={agreement.data} />
          </div>
        </div>
      </main>
      <ShortcutsDialog open={isHelpOpen} onOpenChange={setHelpOpen} />
      <ConfirmDialog
        open={discardTarget !== undefined}
        onOpenChange={(isOpen) => !isOpen && setDiscardTarget(undefined)}
        title={`Discard your changes to ${discardTarget?.studentName ?? ""}'s grade?`}
        description="The scores and feedback you changed have not been saved. The grade stays as it was."
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onConfirm={() => discardTarget && discardEdit(discardTarget.id)}
      />
      <ConfirmDialog
        {...leaveQuestion(unsavedAnywhere)}
        open={leaveGuard.heldTo !== undefined}
        onOpenChange={(isOpen) => !isOpen && leaveGuard.stay()}
        onConfirm={leaveGuard.leave}
      />
      <RegradeDialog
        studentName={regradeTarget?.studentName ?? null}
        onClose={() => setRegradeTarget(undefined)}
        onConfirm={() => {
          if (regradeTarget) sendRegrade(regradeTarget.id, regradeTarget.studentName, true);
          setRegradeTarget(undefined);
        }}
      />
    </div>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const isMissing = error instanceof ApiError && error.status === 404;
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
      <p className="font-medium">{isMissing ? "This assignment or submission does not exist, or it is not yours." : "The review could not be loaded."}</p>
      {isMissing ? null : (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      )}
    </div>
  );
}
