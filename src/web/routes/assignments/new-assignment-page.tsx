import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Check, LoaderCircle, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { assignmentMessages, type Assignment, type GradingSettings, type SavedAssignment } from "../../../contracts/assignments";
import type { Criterion } from "../../../contracts/teacher-profile";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { RequireSession } from "../../features/auth/require-session";
import {
  allAssignmentListsKey,
  assignmentQueryKey,
  createAssignment,
  discardIfBlank,
  fetchAssignment,
  fetchTeacherProfile,
  saveAssignment,
  teacherProfileQueryKey,
  toUpdateInput,
} from "../../features/assignments/api";
import type { CriterionEditFields } from "../../features/assignments/components/criterion-edit-form";
import { Progress } from "../../features/assignments/components/progress";
import { totalPoints } from "../../features/assignments/format";
import { useAssignment, useSessionUserId } from "../../features/assignments/hooks";
import { showFailure, showSuccess } from "../../features/assignments/toasts";
import { ApiError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { BackToDashboardHeader } from "../../components/simple-header";
import { DetailsStep, titleInputId } from "./wizard/details-step";
import { PreviewStep } from "./wizard/preview-step";
import { ReviewStep } from "./wizard/review-step";
import { RubricStep } from "./wizard/rubric-step";
import { SamplesStep } from "./wizard/samples-step";
import type { WizardStepProps } from "./wizard/types";

const stepTitles = ["Assignment Details", "Assignment Rubric", "Sample Work", "Calibration Preview", "Review & Finalize"] as const;
const stepCount = stepTitles.length;
const editedMessage = "Assignment saved and autograding enabled.";

/** /assignments/new creates a draft and walks through it; /assignments/{id}/edit walks through an existing one. */
export function NewAssignmentPage() {
  const { id } = useParams();
  useDocumentTitle(id ? "Edit Assignment" : "New Assignment");
  return (
    <RequireSession>
      <ProfileGate key={id ?? "new"} editId={id} />
    </RequireSession>
  );
}

/** Spec section 2: the wizard needs the teacher's profile; without one (or when it cannot load) it is /setup. */
function ProfileGate({ editId }: { editId: string | undefined }) {
  const session = useSessionUserId();
  // Keyed by the user as well, so a cached profile never outlives a change of account in this tab.
  const profile = useQuery({ queryKey: [...teacherProfileQueryKey, session.userId], queryFn: fetchTeacherProfile, enabled: Boolean(session.userId) });
  const failed = profile.isError || session.isError;
  useEffect(() => {
    if (failed) console.warn("No teacher profile for the assignment wizard; sending the teacher to /setup", profile.error);
  }, [failed, profile.error]);
  if (failed) return <Navigate to="/setup" replace />;
  if (!profile.data) return <CenteredLoading />;
  return editId ? <EditLoader id={editId} /> : <DraftCreator teacherId={profile.data.id} />;
}

function CenteredLoading() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner label="Loading..." size="lg" />
    </div>
  );
}

function DraftCreator({ teacherId }: { teacherId: string }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Assignment>();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const create = useCallback(() => {
    setFailed(false);
    createAssignment(teacherId)
      .then((created) => {
        queryClient.setQueryData(assignmentQueryKey(created.id), created);
        void queryClient.invalidateQueries({ queryKey: allAssignmentListsKey });
        setDraft(created);
      })
      .catch((error: unknown) => {
        console.warn("Could not create the draft assignment", error);
        showFailure(assignmentMessages.createFailed, undefined, "Error");
        setFailed(true);
      });
  }, [queryClient, teacherId]);

  // Once per visit, even when React runs effects twice in development.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create();
  }, [create]);

  useDiscardWhenLeft(draft?.id);

  if (draft) return <Wizard initial={draft} mode="new" />;
  if (failed) {
    return (
      <ProblemPage title="Create New Assignment" message="The new assignment could not be created.">
        <Button onClick={create}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      </ProblemPage>
    );
  }
  return <CenteredLoading />;
}

/**
 * A visit that enters nothing leaves nothing: when the teacher leaves (another page, or the tab closes) the server
 * deletes the draft if it is still blank. The deferred call lets React's development double-mount keep the draft.
 */
function useDiscardWhenLeft(id: string | undefined) {
  const isMounted = useRef(false);
  useEffect(() => {
    if (!id) return;
    isMounted.current = true;
    const discard = () => discardIfBlank(id);
    window.addEventListener("pagehide", discard);
    return () => {
      window.removeEventListener("pagehide", discard);
      isMounted.current = false;
      setTimeout(() => {
        if (!isMounted.current) discard();
      }, 0);
    };
  }, [id]);
}

function EditLoader({ id }: { id: string }) {
  const query = useAssignment(id);
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ProblemPage title="Edit Assignment" message={missing ? "This assignment does not exist, or it is not yours." : "The assignment could not be loaded."}>
        {missing ? null : (
          <Button onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden />
            Try again
          </Button>
        )}
      </ProblemPage>
    );
  }
  if (!query.data) return <CenteredLoading />;
  return <Wizard initial={query.data} mode="edit" />;
}

function ProblemPage({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <div role="alert" className="mt-6 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm font-medium text-destructive">
          {message}
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          {children}
          <Button asChild variant="outline">
            <Link to="/assignments">Back to assignments</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}

function Wizard({ initial, mode }: { initial: Assignment; mode: "new" | "edit" }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Assignment>(initial);
  const [step, setStep] = useState(1);
  const [isSaving, setIsSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [titleError, setTitleError] = useState<string>();
  /** A save refused because another tab or window saved first: its message, and the assignment as saved there. */
  const [conflict, setConflict] = useState<Conflict>();
  /** What the last save's change of the rubric's scoring did to the grades already given. */
  const [rubricChange, setRubricChange] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  /** Set when Finish sends the teacher back to step 1 for the title: focus goes to the field, not the heading. */
  const focusTitleOnStepOne = useRef(false);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (focusTitleOnStepOne.current) {
      focusTitleOnStepOne.current = false;
      document.getElementById(titleInputId)?.focus();
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  /** The shown step's check before Next (an open criterion edit with changes). */
  const nextCheck = useRef<() => boolean>(undefined);
  const setNextCheck = useCallback((check: (() => boolean) | undefined) => {
    nextCheck.current = check;
  }, []);
  /**
   * The rubric step's open criterion edit with changes. Next refuses to leave it (nextCheck); Back leaves without
   * saving, as the spec says, so the edit is kept here and opens again, as typed, when the teacher returns.
   */
  const [criterionEdit, setCriterionEdit] = useState<CriterionEditFields>();

  // The samples removed since the last save: the save names them, so it deletes nothing another tab uploaded.
  const removedSampleIds = useRef(new Set<string>());
  const update = useCallback(
    (patch: Partial<Assignment>) => {
      setDraft((current) => {
        const kept = new Set(patch.sampleWork?.map((sample) => sample.id) ?? current.sampleWork.map((sample) => sample.id));
        for (const sample of current.sampleWork) if (!kept.has(sample.id)) removedSampleIds.current.add(sample.id);
        return { ...current, ...patch };
      });
      if (patch.title?.trim()) setTitleError(undefined);
    },
    [],
  );
  const updateSettings = useCallback(
    (patch: Partial<GradingSettings>) => setDraft((current) => ({ ...current, gradingSettings: { ...current.gradingSettings, ...patch } })),
    [],
  );

  /** Saves the whole object; true when the server took it. */
  async function save(patch: Partial<Pick<Assignment, "status" | "autogradingEnabled" | "rubric">> = {}, failure: string): Promise<SavedAssignment | undefined> {
    setIsSaving(true);
    setProblems([]);
    try {
      const removed = [...removedSampleIds.current];
      const { rubricChange: change, ...saved } = await saveAssignment(draft.id, toUpdateInput(draft, { ...patch, removedSampleIds: removed, basedOnVersion: draft.version }));
      for (const sampleId of removed) removedSampleIds.current.delete(sampleId);
      queryClient.setQueryData(assignmentQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: allAssignmentListsKey });
      setConflict(undefined);
      if (change) setRubricChange(change.message);
      setDraft(saved);
      return { ...saved, ...(change ? { rubricChange: change } : {}) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.fields?.basedOnVersion) {
        await showConflict(error.serverMessage ?? error.message, "save");
        return undefined;
      }
      showFailure(failure);
      if (error instanceof ApiError && error.status < 500 && error.serverMessage) {
        setProblems(error.fields ? [...new Set(Object.values(error.fields))] : [error.serverMessage]);
      }
      return undefined;
    } finally {
      setIsSaving(false);
    }
  }

  /**
   * The teacher's fields stay on the page; the version saved elsewhere is shown beside them. The next save is made
   * knowingly on that version (it replaces it), unless the teacher loads it instead.
   */
  async function showConflict(message: string, refused: Conflict["refused"]) {
    const saved = await fetchAssignment(draft.id).catch((error: unknown) => {
      console.warn("Could not load the assignment saved in another tab", error);
      return undefined;
    });
    setConflict({ message, saved, refused });
    if (saved) setDraft((current) => ({ ...current, version: saved.version }));
  }

  function loadSavedVersion(saved: Assignment) {
    removedSampleIds.current.clear();
    queryClient.setQueryData(assignmentQueryKey(saved.id), saved);
    setDraft(saved);
    setConflict(undefined);
    showSuccess("Loaded the version saved in the other tab or window.");
  }

  /**
   * A title is needed to activate the assignment: Finish takes the teacher to it on step 1 rather than failing. Next
   * saves an untitled draft and moves on, as the spec has it (the server keeps untitled drafts).
   */
  function isTitleMissing(): boolean {
    if (draft.title.trim()) return false;
    setTitleError(assignmentMessages.titleMissing);
    if (step === 1) {
      document.getElementById(titleInputId)?.focus();
    } else {
      focusTitleOnStepOne.current = true;
      setStep(1);
    }
    return true;
  }

  async function goNext() {
    if (isSaving) return;
    if (nextCheck.current && !nextCheck.current()) return;
    if (await save({}, assignmentMessages.saveFailed)) setStep((current) => Math.min(stepCount, current + 1));
  }

  function goBack() {
    const kept = step === 2 && criterionEdit ? draft.rubric.criteria.find((item) => item.id === criterionEdit.criterionId) : undefined;
    if (kept) showSuccess(`Your change to ${kept.name} is kept, not saved: it is open again when you come back to the rubric.`);
    setProblems([]);
    setStep((current) => Math.max(1, current - 1));
  }

  async function finish() {
    if (isSaving) return;
    if (isTitleMissing()) return;
    const saved = await save({ status: "active", autogradingEnabled: true }, assignmentMessages.finalizeFailed);
    if (!saved) return;
    const done = mode === "new" ? assignmentMessages.created : editedMessage;
    showSuccess(saved.rubricChange ? `${done} ${saved.rubricChange.message}` : done);
    navigate(mode === "new" ? "/assignments" : `/assignments/${saved.id}`);
  }

  async function saveRubric(criteria: Criterion[]): Promise<boolean> {
    if (isSaving) return false;
    return Boolean(await save({ rubric: { criteria, totalPoints: totalPoints(criteria) } }, assignmentMessages.saveFailed));
  }

  const showUploadConflict = (message: string) => showConflict(message, "upload");
  /**
   * Uploaded again after a refused upload, the rubric is settled, but the other tab may have saved other details too:
   * those stay in the notice, since the next save replaces them with this page's. A save's own notice stays as it is.
   */
  const settleUploadConflict = (rubric: Assignment["rubric"], version: number) =>
    setConflict((current) => {
      if (current?.refused !== "upload") return current;
      if (!current.saved) return undefined;
      const saved = { ...current.saved, rubric, version };
      return savedDifferences(saved, { ...draft, rubric }, removedSampleIds.current).length ? { message: uploadedOverConflictMessage, saved, refused: "save" } : undefined;
    });
  const stepProps: WizardStepProps = { draft, update, updateSettings, disabled: isSaving, saveRubric, setNextCheck, criterionEdit, keepCriterionEdit: setCriterionEdit, showUploadConflict, settleUploadConflict, titleError };
  const title = mode === "new" ? "Create New Assignment" : "Edit Assignment";

  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <Link to="/assignments" className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden className="size-4" />
          All assignments
        </Link>
        <h1 className="mt-3 font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <div className="mt-5 grid gap-2">
          <p className="text-sm font-medium" aria-live="polite">
            Step {step} of {stepCount}
          </p>
          <Progress value={step} max={stepCount} aria-label="Wizard progress" getValueLabel={(value, max) => `Step ${value} of ${max}`} />
        </div>

        <section aria-labelledby="wizard-step-heading" className="mt-6 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-7">
          <h2 id="wizard-step-heading" ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold tracking-tight focus:outline-none">
            {stepTitles[step - 1]}
          </h2>
          {rubricChange ? (
            <p role="status" className="mt-4 rounded-xl border border-border bg-accent-soft p-4 text-sm leading-relaxed text-accent-strong">
              The rubric&apos;s scoring changed. {rubricChange}
            </p>
          ) : null}
          <div className="mt-6">
            {step === 1 ? <DetailsStep {...stepProps} /> : null}
            {step === 2 ? <RubricStep {...stepProps} /> : null}
            {step === 3 ? <SamplesStep {...stepProps} /> : null}
            {step === 4 ? <PreviewStep {...stepProps} /> : null}
            {step === 5 ? <ReviewStep {...stepProps} /> : null}
          </div>

          {conflict ? <ConflictNotice conflict={conflict} draft={draft} removed={removedSampleIds.current} isLast={step === stepCount} onLoad={loadSavedVersion} /> : null}

          {problems.length ? (
            <div role="alert" className="mt-6 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
              <p className="font-semibold">The server did not accept this step:</p>
              <ul className="mt-1.5 list-disc pl-5">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}

          <div className="mt-8 flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
            <Button variant="outline" onClick={goBack} disabled={step === 1 || isSaving}>
              <ArrowLeft aria-hidden />
              Back
            </Button>
            {step < stepCount ? (
              <Button onClick={() => void goNext()} disabled={isSaving}>
                {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
                {isSaving ? "Saving..." : "Next"}
                {isSaving ? null : <ArrowRight aria-hidden />}
              </Button>
            ) : (
              <Button onClick={() => void finish()} disabled={isSaving}>
                {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : <Check aria-hidden />}
                {isSaving ? "Saving..." : "Finish"}
              </Button>
            )}
          </div>
        </section>
      </main>
    </div>
  );
}

const uploadedOverConflictMessage = "Your rubric is uploaded over the one saved in the other tab or window, but other details saved there still differ from this page.";

/** A save or rubric upload refused because another tab or window saved first, and the assignment as saved there. */
type Conflict = { message: string; saved: Assignment | undefined; refused: "save" | "upload" };

/** What the other tab or window saved, field by field where it differs from this page. */
function savedDifferences(saved: Assignment, draft: Assignment, removed: ReadonlySet<string>): { label: string; value: string }[] {
  const clip = (text: string) => (text.length > 140 ? `${text.slice(0, 140).trimEnd()}…` : text) || "(empty)";
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const rows: { label: string; value: string }[] = [];
  if (saved.title !== draft.title) rows.push({ label: "Title", value: clip(saved.title) });
  if (saved.dueDate !== draft.dueDate) rows.push({ label: "Due date", value: saved.dueDate ?? "(none)" });
  if (saved.prompt !== draft.prompt) rows.push({ label: "Prompt", value: clip(saved.prompt) });
  if (!same(saved.rubric.criteria, draft.rubric.criteria)) {
    rows.push({ label: "Rubric", value: saved.rubric.criteria.map((item) => `${item.name} (${item.maxPoints})`).join(", ") || "(no criteria)" });
  }
  if (!same(saved.gradingSettings, draft.gradingSettings)) rows.push({ label: "Grading settings", value: "changed" });
  // Samples uploaded there (this page neither shows them nor removed them): saving over that version keeps them.
  const shown = new Set(draft.sampleWork.map((sample) => sample.id));
  const added = saved.sampleWork.filter((sample) => !shown.has(sample.id) && !removed.has(sample.id));
  if (added.length) rows.push({ label: "Samples", value: `${added.length} more: ${added.map((sample) => sample.file?.name ?? `scored ${sample.score}`).join(", ")}` });
  return rows;
}

function ConflictNotice({ conflict, draft, removed, isLast, onLoad }: { conflict: Conflict; draft: Assignment; removed: ReadonlySet<string>; isLast: boolean; onLoad: (saved: Assignment) => void }) {
  const { saved } = conflict;
  const differences = saved ? savedDifferences(saved, draft, removed) : [];
  // An upload is pressed at the top of the rubric step, far above this notice on a phone: it comes into view.
  const box = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    box.current?.scrollIntoView({ block: "nearest" });
  }, [conflict.message]);
  return (
    <div ref={box} role="alert" className="mt-6 grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{conflict.message}</p>
      {differences.length ? (
        <div>
          <p>Saved in the other tab or window:</p>
          <dl className="mt-1.5 grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-3">
            {differences.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-medium">{row.label}</dt>
                <dd className="mb-1 wrap-anywhere sm:mb-0">{row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <p>
        {conflict.refused === "upload"
          ? `Your changes are still on this page, and the rubric from your document is not saved. Upload it again to replace that version's rubric (${isLast ? "Finish" : "Next"} would save this page's criteria over it)`
          : `Your changes are still on this page. Press ${isLast ? "Finish" : "Next"} to save them over that version`}
        {saved ? ", or load the saved version instead (your changes on this page are then discarded)." : "."}
      </p>
      {saved ? (
        <div>
          <Button variant="outline" onClick={() => onLoad(saved)}>
            <RotateCcw aria-hidden />
            Load the saved version
          </Button>
        </div>
      ) : null}
    </div>
  );
}
