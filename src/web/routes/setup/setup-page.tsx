import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Bot, Check, CircleCheck, LoaderCircle, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { gradingDefaults, type CalibrationResponse } from "../../../contracts/teacher-profile";
import {
  describeWeightsProblem,
  initialSetupState,
  isStepComplete,
  mergeServerCalibration,
  nextStep,
  previousStep,
  setupSteps,
  type SetupProfile,
  type SetupState,
  type SetupStep,
} from "../../../core/setup";
import { BackToDashboardHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { RequireSession } from "../../features/auth/require-session";
import { useSession } from "../../features/auth/session";
import { calibrationQueryKey, deleteCalibration, fetchCalibration, saveCalibration } from "../../features/calibration/api";
import { clearStoredSetupState, readStoredSetupState, toCalibrationInput, toServerCalibration, writeStoredSetupState } from "../../features/setup/setup-state";
import { GradingFields } from "../../features/teacher-profile/components/grading-fields";
import { ApiError, describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { CompleteSummary } from "./complete-step";
import { RubricStep } from "./rubric-step";
import { SamplesStep } from "./samples-step";
import { resetFailedMessage, resumeMessage, stepHeadings, stepTitles, transitionMessage, welcomeMessage } from "./step-text";
import { WelcomeStep, type UpdateSetup } from "./welcome-step";

/** Spec section 9: the fake typing delay before each transition message. */
const typingDelayMs = 1000;

type Message = { id: number; text: string; failed?: boolean };
type FinishResult = { status: "saved" } | { status: "failed"; message: string; problems: string[] };

export function SetupPage() {
  useDocumentTitle("Setup");
  return (
    <RequireSession>
      <SetupWizard />
    </RequireSession>
  );
}

const preferenceDefaults: Partial<SetupProfile> = {
  strictness: gradingDefaults.strictness,
  feedbackLength: gradingDefaults.feedbackLength,
  grammarVsContent: gradingDefaults.grammarVsContent,
  gradingApproach: gradingDefaults.gradingApproach,
  strengthsFirst: gradingDefaults.strengthsFirst,
  autoAcceptThreshold: gradingDefaults.autoAcceptThreshold,
  latePolicy: { ...gradingDefaults.latePolicy },
};

function SetupWizard() {
  const queryClient = useQueryClient();
  const owner = useSession().user?.email ?? "";
  const [restored] = useState(() => readStoredSetupState(owner));
  const [state, setState] = useState<SetupState>(restored);
  const [isLoading, setIsLoading] = useState(true);
  const [messages, setMessages] = useState<Message[]>(() => [{ id: 0, text: resumeMessage(restored.currentStep) }]);
  const [isTyping, setIsTyping] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [result, setResult] = useState<FinishResult>();
  const [resetOpen, setResetOpen] = useState(false);
  // Finished by the chat (or earlier by this form): the saved profile says so, whatever this browser kept.
  const [isCalibrated, setIsCalibrated] = useState(false);
  const [isResetting, setIsResetting] = useState(false);
  const messageId = useRef(1);
  const typingTimer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.currentStep);

  const update: UpdateSetup = (change) => {
    setState(change);
    setResult(undefined);
  };
  const post = (text: string, failed = false) => {
    const id = messageId.current++;
    setMessages((current) => [...current, { id, text, failed }]);
  };

  // For a signed-in teacher the server's calibration is merged in once, on load (spec section 4).
  useEffect(() => {
    let cancelled = false;
    fetchCalibration()
      .then((data) => {
        if (cancelled) return;
        queryClient.setQueryData(calibrationQueryKey, data);
        const isDone = data.profile?.calibrated === true;
        setIsCalibrated(isDone);
        setState((current) => {
          const merged = mergeServerCalibration(current, toServerCalibration(data));
          return isDone ? { ...merged, currentStep: "complete" } : merged;
        });
        // The first message named this browser's step; a setup finished elsewhere moves the page to its end: the
        // message says so, unless the conversation has gone on.
        if (isDone) setMessages((current) => (current.length === 1 && current[0]!.id === 0 ? [{ id: 0, text: resumeMessage("complete", true) }] : current));
      })
      .catch((error: unknown) => console.warn("Could not load the saved calibration; continuing with this browser's copy", error))
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  // Saved on every change; after a reset the key stays removed until something changes again.
  useEffect(() => {
    if (state !== initialSetupState) writeStoredSetupState(state, owner);
  }, [state, owner]);

  // The preferences step shows every slider at a value, so the state holds those values too.
  const needsPreferenceDefaults = state.currentStep === "preferences" && Object.keys(preferenceDefaults).some((key) => state.profile[key as keyof SetupProfile] === undefined);
  useEffect(() => {
    if (!needsPreferenceDefaults) return;
    setState((current) => {
      const seeded = { ...current.profile };
      for (const [key, value] of Object.entries(preferenceDefaults)) {
        if (seeded[key as keyof SetupProfile] === undefined) Object.assign(seeded, { [key]: value });
      }
      return { ...current, profile: seeded };
    });
  }, [needsPreferenceDefaults]);

  useEffect(() => {
    if (shownStep.current === state.currentStep) return;
    shownStep.current = state.currentStep;
    headingRef.current?.focus();
  }, [state.currentStep]);

  useEffect(() => () => window.clearTimeout(typingTimer.current), []);

  const step = state.currentStep;
  const stepIndex = setupSteps.indexOf(step);
  const blocker = stepBlocker(step, state);

  function advance() {
    if (isTyping || blocker) return;
    const target = nextStep(step);
    const name = state.profile.name;
    setIsTyping(true);
    typingTimer.current = window.setTimeout(() => {
      setIsTyping(false);
      update((current) => ({ ...current, currentStep: target }));
      post(transitionMessage(target, name));
    }, typingDelayMs);
  }

  function goBack() {
    if (isTyping) return;
    update((current) => ({ ...current, currentStep: previousStep(current.currentStep) }));
  }

  async function finish() {
    if (isSaving) return;
    setIsSaving(true);
    setResult(undefined);
    try {
      const saved = await saveCalibration(toCalibrationInput(state, true));
      queryClient.setQueryData<CalibrationResponse>(calibrationQueryKey, saved);
      setState((current) => mergeServerCalibration(current, toServerCalibration(saved)));
      setResult({ status: "saved" });
      post("All set! Your profile is calibrated and autograding is on. I'll grade with your tone, strictness and rubric.");
    } catch (error) {
      const problems = error instanceof ApiError && error.fields ? [...new Set(Object.values(error.fields))] : [];
      setResult({ status: "failed", message: describeError(error, "Your setup could not be saved. Check your connection and try again."), problems });
    } finally {
      setIsSaving(false);
    }
  }

  async function reset() {
    setIsResetting(true);
    try {
      await deleteCalibration();
      clearStoredSetupState();
      queryClient.setQueryData<CalibrationResponse>(calibrationQueryKey, { profile: null, rubric: null, samples: [] });
      window.clearTimeout(typingTimer.current);
      setIsTyping(false);
      setResult(undefined);
      setIsCalibrated(false);
      setState(initialSetupState);
      setMessages([{ id: messageId.current++, text: welcomeMessage }]);
    } catch {
      post(resetFailedMessage, true);
    } finally {
      setIsResetting(false);
      setResetOpen(false);
    }
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">Set up your grading profile</h1>
        <p className="mt-2 leading-relaxed text-muted-foreground">Five short steps. Your answers are kept in this browser as you go, so you can leave and come back.</p>

        <ol aria-label="Setup steps" className="mt-6 grid grid-cols-5 gap-1.5">
          {setupSteps.map((item, index) => {
            const done = index < stepIndex || (item === "complete" && (result?.status === "saved" || (isCalibrated && step === "complete")));
            const current = item === step;
            return (
              <li key={item} aria-current={current ? "step" : undefined} className="grid min-w-0 gap-1.5">
                <span className={cn("h-1.5 rounded-full", done || current ? "bg-primary" : "bg-border")} />
                <span className={cn("sr-only items-center gap-1 text-xs font-medium sm:not-sr-only sm:flex", current ? "text-foreground" : "text-muted-foreground")}>
                  {done ? <Check aria-hidden className="size-3.5 shrink-0 text-primary" /> : null}
                  <span className="truncate">{stepTitles[item]}</span>
                  {done ? <span className="sr-only">(done)</span> : null}
                </span>
              </li>
            );
          })}
        </ol>

        {isLoading ? (
          <Spinner className="mt-10" label="Loading your setup..." />
        ) : (
          <>
            <div role="log" aria-label="Markwise" aria-live="polite" className="mt-6 grid gap-2">
              {messages.slice(-2).map((message, index, shown) => (
                <p key={message.id} className={cn("items-start gap-3", index < shown.length - 1 ? "hidden sm:flex" : "flex")}>
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-primary">
                    <Bot aria-hidden className="size-4" />
                  </span>
                  <span
                    className={cn(
                      "rounded-2xl rounded-tl-md px-3.5 py-2.5 text-sm leading-relaxed",
                      message.failed ? "border border-destructive/25 bg-destructive-soft text-destructive" : "bg-surface shadow-card",
                    )}
                  >
                    {message.text}
                  </span>
                </p>
              ))}
              {isTyping ? (
                <p className="flex items-center gap-3 text-sm text-muted-foreground">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-primary">
                    <Bot aria-hidden className="size-4" />
                  </span>
                  <span className="inline-flex items-center gap-2">
                    <LoaderCircle aria-hidden className="size-4 animate-spin text-primary" />
                    Markwise is typing...
                  </span>
                </p>
              ) : null}
            </div>

            <section aria-labelledby="step-heading" className="mt-5 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7">
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                Step {stepIndex + 1} of {setupSteps.length}
              </p>
              <h2 id="step-heading" ref={headingRef} tabIndex={-1} className="mt-1 font-display text-2xl font-semibold tracking-tight focus:outline-none">
                {stepHeadings[step]}
              </h2>
              <div className="mt-6">
                {step === "welcome" ? <WelcomeStep state={state} update={update} /> : null}
                {step === "preferences" ? (
                  <GradingFields idPrefix="setup" values={state.profile} onChange={(patch) => update((current) => ({ ...current, profile: { ...current.profile, ...patch } }))} />
                ) : null}
                {step === "rubric" ? <RubricStep state={state} update={update} /> : null}
                {step === "samples" ? <SamplesStep state={state} update={update} /> : null}
                {step === "complete" ? <CompleteSummary state={state} /> : null}
              </div>

              {step === "complete" && result ? <FinishOutcome result={result} /> : null}

              <div className="mt-8 flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
                <Button variant="outline" onClick={goBack} disabled={step === "welcome" || isTyping || isSaving}>
                  <ArrowLeft aria-hidden />
                  Back
                </Button>
                <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
                  {blocker && step !== "complete" ? (
                    <p id="next-blocker" className="text-sm text-muted-foreground sm:text-right">
                      {blocker}
                    </p>
                  ) : null}
                  {step === "complete" ? (
                    result?.status === "saved" ? (
                      <Button asChild>
                        <Link to="/app">
                          Go to dashboard
                          <ArrowRight aria-hidden />
                        </Link>
                      </Button>
                    ) : (
                      <Button onClick={() => void finish()} disabled={isSaving}>
                        {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : <Check aria-hidden />}
                        {isSaving ? "Saving..." : "Finish setup"}
                      </Button>
                    )
                  ) : (
                    <Button onClick={advance} disabled={Boolean(blocker) || isTyping} aria-describedby={blocker ? "next-blocker" : undefined}>
                      Next
                      <ArrowRight aria-hidden />
                    </Button>
                  )}
                </div>
              </div>
            </section>

            <div className="mt-6 flex justify-center">
              <Button variant="ghost" size="sm" onClick={() => setResetOpen(true)} disabled={isTyping || isSaving}>
                <RotateCcw aria-hidden />
                Reset
              </Button>
            </div>
          </>
        )}
      </main>

      <Dialog open={resetOpen} onOpenChange={setResetOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Start the setup over?</DialogTitle>
            <DialogDescription>
              This clears every answer, your rubric and your graded samples, in this browser and in your saved profile, and goes back to the first step.
              Autograding stays off until you finish the setup again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void reset()} disabled={isResetting}>
              {isResetting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {isResetting ? "Resetting..." : "Reset everything"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Why Next is not available yet, in words; undefined when the step is complete. */
function stepBlocker(step: SetupStep, state: SetupState): string | undefined {
  switch (step) {
    case "welcome":
      return isStepComplete("welcome", state) ? undefined : "Add your name, school and course to continue.";
    case "preferences":
      return isStepComplete("preferences", state) ? undefined : "Choose a feedback tone to continue.";
    case "rubric": {
      if (!state.rubric.template?.trim()) return "Choose a rubric template to continue.";
      if (!isStepComplete("rubric", state)) return "Add at least one rubric weight.";
      return describeWeightsProblem(state.rubric.weights ?? {}) ? "Fix the weights above to continue." : undefined;
    }
    case "samples":
      // Samples never complete by themselves: the teacher moves on when they have added what they want.
      return state.samples.length === 0 ? "Add at least one graded sample to continue." : undefined;
    case "complete":
      return undefined;
  }
}

function FinishOutcome({ result }: { result: FinishResult }) {
  if (result.status === "saved") {
    return (
      <div role="status" className="mt-6 flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        <div>
          <p className="font-semibold text-emerald-900">Your profile is calibrated</p>
          <p className="mt-1 text-sm text-emerald-900/85">Autograding is enabled. You can change these answers any time from Settings or by recalibrating.</p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="mt-6 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
      <p className="font-semibold">{result.problems.length ? "Setup is not finished yet" : result.message}</p>
      {result.problems.length ? (
        <ul className="mt-2 list-disc pl-5">
          {result.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
