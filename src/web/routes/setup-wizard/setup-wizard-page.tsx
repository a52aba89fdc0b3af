import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, ClipboardList, LoaderCircle, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { CalibrationResponse } from "../../../contracts/teacher-profile";
import { BackToDashboardHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { teacherProfileQueryKey } from "../../features/assignments/api";
import { RequireSession } from "../../features/auth/require-session";
import { useSession } from "../../features/auth/session";
import { calibrationQueryKey, saveCalibration } from "../../features/calibration/api";
import { toCalibrationInput, toProfileInput } from "../../features/setup-chat/calibration";
import { Composer } from "../../features/setup-chat/components/composer";
import { MessageList } from "../../features/setup-chat/components/message-list";
import { ProfileChecklist } from "../../features/setup-chat/components/profile-checklist";
import { changedLines, ReviewDialog } from "../../features/setup-chat/components/review-dialog";
import { TranscriptionDialog } from "../../features/setup-chat/components/transcription-dialog";
import { canStartGrading, useSetupChat } from "../../features/setup-chat/use-setup-chat";
import { useTranscriptionReview } from "../../features/setup-chat/use-transcription-review";
import { saveTeacherProfile } from "../../features/teacher-profile/api";
import { ApiError, describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The chat-based setup (spec section 2, Chat setup). */
export function SetupWizardPage() {
  useDocumentTitle("Chat setup");
  return (
    <RequireSession>
      <SetupChat />
    </RequireSession>
  );
}

/** How long a delivered answer stays "Delivered" before it counts as read on a visible page. */
const readDelayMs = 800;

/** The server's sentence, plus any field problems it does not already say. */
function describeSaveError(error: unknown): string {
  const message = describeError(error, "Your profile could not be saved. Check your connection and try again.");
  const problems = error instanceof ApiError && error.fields ? [...new Set(Object.values(error.fields))].filter((problem) => !message.includes(problem)) : [];
  return [message, ...problems].join(" ");
}

function SetupChat() {
  const owner = useSession().user?.email ?? "";
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const transcriptions = useTranscriptionReview();
  const { chat, isPending, reviewRequests, send, uploadImage, uploadImages, addSystemMessage, refresh, markRead, startOver } = useSetupChat(owner, transcriptions.review);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [reviewText, setReviewText] = useState("");
  const [startOverOpen, setStartOverOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const logRef = useRef<HTMLDivElement>(null);
  const isReady = canStartGrading(chat.checklist);

  const openReview = useCallback(() => {
    setReviewText(chat.profileText);
    setSaveError(undefined);
    setReviewOpen(true);
  }, [chat.profileText]);

  // The dialog opens by itself when the profile is complete or a reply says the teacher is all set.
  const shownRequests = useRef(reviewRequests);
  useEffect(() => {
    if (reviewRequests === shownRequests.current) return;
    shownRequests.current = reviewRequests;
    openReview();
  }, [reviewRequests, openReview]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length, isPending]);

  // When the box changes size (a phone's keyboard opening, a rotated screen), the newest message stays in view
  // unless the teacher had scrolled back to read something older.
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === "undefined") return;
    let isAtBottom = true;
    const onScroll = () => {
      isAtBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
    };
    const observer = new ResizeObserver(() => {
      if (isAtBottom) log.scrollTop = log.scrollHeight;
    });
    log.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(log);
    return () => {
      observer.disconnect();
      log.removeEventListener("scroll", onScroll);
    };
  }, []);

  useEffect(() => {
    if (!chat.messages.some((message) => message.status === "delivered")) return;
    let timer: number | undefined;
    const markWhenVisible = () => {
      if (document.visibilityState !== "visible") return;
      window.clearTimeout(timer);
      timer = window.setTimeout(markRead, readDelayMs);
    };
    markWhenVisible();
    document.addEventListener("visibilitychange", markWhenVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", markWhenVisible);
    };
  }, [chat.messages, markRead]);

  const focusComposer = () => document.getElementById("setup-chat-message")?.focus();

  async function sendQuickAction(action: string) {
    focusComposer();
    await send(action);
  }

  async function sendUploads(files: File[]) {
    const attachments = await uploadImages(files);
    if (attachments.length) await send("", attachments);
    focusComposer();
  }

  async function startGrading() {
    if (isSaving || !isReady) return;
    setIsSaving(true);
    setSaveError(undefined);
    try {
      const saved = await saveCalibration(toCalibrationInput(chat.state, true));
      queryClient.setQueryData<CalibrationResponse>(calibrationQueryKey, saved);
      queryClient.removeQueries({ queryKey: teacherProfileQueryKey });
      addSystemMessage("Saved");
      setReviewOpen(false);
      navigate("/assignments/new");
    } catch (error) {
      const message = describeSaveError(error);
      setSaveError(message);
      addSystemMessage(message, true);
    } finally {
      setIsSaving(false);
    }
  }

  async function saveProfile() {
    if (isSaving) return;
    setIsSaving(true);
    setSaveError(undefined);
    try {
      await saveTeacherProfile(toProfileInput(chat.state));
      await refresh();
      void queryClient.invalidateQueries({ queryKey: calibrationQueryKey });
      queryClient.removeQueries({ queryKey: teacherProfileQueryKey });
      addSystemMessage("Saved");
      setReviewOpen(false);
    } catch (error) {
      const message = describeSaveError(error);
      setSaveError(message);
      addSystemMessage(message, true);
    } finally {
      setIsSaving(false);
    }
  }

  function applyChanges() {
    const lines = changedLines(chat.profileText, reviewText);
    if (!lines.length) return;
    setReviewOpen(false);
    void send(lines.join("\n"));
  }

  const uploadCards = chat.messages.filter((message) => message.type === "file_upload" && message.upload?.purpose === chat.askedField);
  const activeUploadId = uploadCards[uploadCards.length - 1]?.id;

  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-3 pt-5 pb-10 sm:px-6 sm:pt-8">
        <div className="px-1">
          <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">Chat setup</h1>
          <p className="mt-2 max-w-2xl text-sm leading-relaxed text-muted-foreground sm:text-base">
            Tell Markwise how you grade, in your own words: about you, eight quick preferences, your rubric and one graded sample. What you tell it is saved to your profile as you go; the conversation itself is kept in this browser.
          </p>
        </div>

        <div className="mt-5 grid items-start gap-4 sm:mt-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:gap-6">
          {/* The profile comes first in the page as it does on a phone, where it sits above the chat, so Tab follows
              what the eye sees there; on wide screens the grid places it in the right-hand column. */}
          <aside aria-labelledby="checklist-heading" className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5 lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1">
            <h2 id="checklist-heading" className="font-display text-lg font-semibold tracking-tight">
              Your profile
            </h2>
            <ProfileChecklist checklist={chat.checklist} />
            {saveError && !reviewOpen ? (
              <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm text-destructive">
                {saveError}
              </p>
            ) : null}
            <div className="grid gap-2">
              {isReady ? (
                <Button onClick={() => void startGrading()} disabled={isSaving}>
                  {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
                  {isSaving ? "Saving..." : "Start Grading"}
                  {isSaving ? null : <ArrowRight aria-hidden />}
                </Button>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" className="flex-1" onClick={openReview} disabled={!chat.profileText}>
                  <ClipboardList aria-hidden />
                  Review profile
                </Button>
                <Button variant="ghost" size="sm" className="flex-1" onClick={() => setStartOverOpen(true)} disabled={isPending || isSaving || chat.messages.length === 0}>
                  <RotateCcw aria-hidden />
                  Start over
                </Button>
              </div>
            </div>
          </aside>
          <section aria-label="Setup chat" className="relative lg:col-start-1 lg:row-start-1 flex h-[min(78dvh,48rem)] min-h-[30rem] lg:h-[min(calc(100dvh-17rem),48rem)] flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card">
            <div
              ref={logRef}
              role="log"
              aria-label="Conversation"
              aria-live="polite"
              tabIndex={0}
              className="relative flex flex-1 flex-col gap-4 overflow-y-auto bg-background/60 px-3 py-5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset sm:px-5"
            >
              <MessageList messages={chat.messages} isPending={isPending} activeUploadId={activeUploadId} onQuickAction={(action) => void sendQuickAction(action)} onUploadPick={sendUploads} />
            </div>
            <Composer isPending={isPending} onSend={send} uploadImage={uploadImage} />
          </section>

        </div>
      </main>

      <TranscriptionDialog item={transcriptions.current} onSettle={transcriptions.settle} />
      <ReviewDialog
        open={reviewOpen}
        onOpenChange={setReviewOpen}
        text={reviewText}
        onTextChange={setReviewText}
        original={chat.profileText}
        canStartGrading={isReady}
        isSaving={isSaving}
        error={saveError}
        onApply={applyChanges}
        onSave={() => void saveProfile()}
        onStartGrading={() => void startGrading()}
      />

      <Dialog open={startOverOpen} onOpenChange={setStartOverOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Start the conversation over?</DialogTitle>
            <DialogDescription>This clears the chat and its answers in this browser. Anything you already saved to your profile stays as it is.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                setStartOverOpen(false);
                setSaveError(undefined);
                startOver();
              }}
            >
              Start over
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
