import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowRight,
  BookOpenCheck,
  CalendarDays,
  ClipboardCheck,
  Clapperboard,
  Layers,
  LoaderCircle,
  MessagesSquare,
  NotebookPen,
  RotateCcw,
  Settings,
  TriangleAlert,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CalibrationResponse } from "../../../contracts/teacher-profile";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { toast } from "../../components/ui/toast";
import { useSession } from "../../features/auth/session";
import { calibrationQueryKey, resetCalibration, useTeacherProfile } from "../../features/calibration/api";
import { ChatPanel } from "../../features/chat/components/chat-panel";
import { rewindStoredSetupState } from "../../features/setup/setup-state";
import { displayName } from "../../features/teacher-profile/api";
import { describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { greetingFor } from "./greeting";
import { PageBody } from "./page-header";

export function HomePage() {
  useDocumentTitle("Dashboard");
  const { user } = useSession();
  const { profile, isPending, isError } = useTeacherProfile();
  const greeting = useGreeting();
  // Unknown (still loading, or the status could not be read) is not shown as "not calibrated".
  const needsSetup = !isPending && !isError && profile?.calibrated !== true;

  return (
    <PageBody>
      <div className="flex flex-col gap-5 @5xl:flex-row @5xl:items-end @5xl:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">Your teaching assistant</p>
          <h1 className="mt-1 font-display text-3xl leading-tight font-semibold tracking-tight wrap-anywhere sm:text-4xl">
            {greeting}, {displayName(user, profile?.name)}
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <RecalibrateButton hasProfile={Boolean(profile)} />
          <Button asChild variant="outline" size="sm">
            <Link to="/app/settings">
              <Settings aria-hidden />
              Settings
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/setup-wizard">
              <MessagesSquare aria-hidden />
              Chat Setup
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/setup">
              <NotebookPen aria-hidden />
              Form Setup
            </Link>
          </Button>
        </div>
      </div>

      {needsSetup ? (
        <section aria-label="Setup needed" className="mt-6 flex flex-col gap-4 rounded-2xl border border-amber-300/70 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
            <div>
              <h2 className="font-semibold text-amber-950">Finish setup to enable autograding</h2>
              <p className="mt-1 text-sm leading-relaxed text-amber-900/85">Tell Markwise how you grade: your tone, strictness, rubric and a graded sample or two.</p>
            </div>
          </div>
          <Button asChild className="self-start sm:self-center">
            <Link to="/setup">
              Complete Setup
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </section>
      ) : null}

      <section aria-labelledby="tools-heading" className="mt-8">
        <h2 id="tools-heading" className="sr-only">
          Tools
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Tile to="/assignments" title="Grade" description="Grade submissions with your rubric." icon={ClipboardCheck} />
          <Tile to="/quizzes" title="Quizzes & Tests" description="Build quizzes from your lessons." icon={BookOpenCheck} />
          <Tile to="/flashcards" title="Flashcards" description="Study decks for your students." icon={Layers} />
          <Tile to="/videos" title="Videos" description="Request a short AI-made video." icon={Clapperboard} />
        </ul>
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ChatPanel />
        </div>
        <div className="grid content-start gap-6 lg:col-span-2">
          <ImportantUpdates />
          <UpcomingEvents />
        </div>
      </div>
    </PageBody>
  );
}

/** The greeting for the current local hour; checked each minute so a page left open past noon follows. */
function useGreeting() {
  const [greeting, setGreeting] = useState(() => greetingFor(new Date()));
  useEffect(() => {
    const timer = window.setInterval(() => setGreeting(greetingFor(new Date())), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return greeting;
}

function Tile({ to, title, description, icon: Icon }: { to?: string; title: string; description: string; icon: LucideIcon }) {
  const body = (
    <>
      <span className={cn("grid size-10 place-items-center rounded-xl", to ? "bg-accent-soft text-primary" : "bg-muted text-muted-foreground")}>
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-display text-lg font-semibold tracking-tight">{title}</span>
        {to ? null : <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium text-muted-foreground">Coming soon</span>}
      </span>
      <span className="mt-1 text-sm leading-snug text-muted-foreground">{description}</span>
    </>
  );
  const tileClass = "flex h-full flex-col items-start rounded-2xl border border-border bg-surface p-4 text-left shadow-card sm:p-5";
  return (
    <li>
      {to ? (
        <Link to={to} className={cn(tileClass, "transition-colors hover:border-primary/40 hover:bg-accent-soft/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring")}>
          {body}
        </Link>
      ) : (
        <button type="button" aria-disabled="true" className={cn(tileClass, "w-full cursor-default opacity-80")}>
          {body}
        </button>
      )}
    </li>
  );
}

function RecalibrateButton({ hasProfile }: { hasProfile: boolean }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [isResetting, setIsResetting] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function recalibrate() {
    setIsResetting(true);
    try {
      // A teacher with no profile yet has nothing to reset: the setup simply starts.
      if (hasProfile) {
        const profile = await resetCalibration();
        queryClient.setQueryData<CalibrationResponse>(calibrationQueryKey, (current) => (current ? { ...current, profile } : current));
      }
      if (user) rewindStoredSetupState(user.email);
      setOpen(false);
      navigate("/setup");
    } catch (error) {
      toast({ variant: "destructive", title: "Couldn't start recalibration", description: describeError(error, "Please check your connection and try again.") });
    } finally {
      setIsResetting(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden />
        Recalibrate
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Recalibrate your profile?</DialogTitle>
          <DialogDescription>
            Autograding pauses until you finish the setup again. Your current answers stay filled in, so you only change what needs changing.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={() => void recalibrate()} disabled={isResetting}>
            {isResetting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
            {isResetting ? "Recalibrating..." : "Recalibrate"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const updates = [
  { category: "Admin", importance: "high", title: "Progress reports due Friday", detail: "Enter first-quarter grades in the district portal by 4 pm." },
  { category: "Teacher", importance: "medium", title: "Shared rubric library", detail: "Your department's argumentative-writing rubrics are ready to reuse." },
  { category: "Student", importance: "medium", title: "Essay resubmissions open", detail: "Students may resubmit the persuasive essay until next Tuesday." },
] as const;

function ImportantUpdates() {
  return (
    <section aria-labelledby="updates-heading" className="rounded-2xl border border-border bg-surface p-5 shadow-card">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="updates-heading" className="font-display text-lg font-semibold tracking-tight">
          Important Updates
        </h2>
        <span className="text-xs text-muted-foreground">Sample updates</span>
      </div>
      <ul className="mt-3 divide-y divide-border">
        {updates.map((update) => (
          <li key={update.title} className="py-3 first:pt-1 last:pb-0">
            <div className="flex flex-wrap items-center gap-1.5">
              <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] font-semibold text-foreground">{update.category}</span>
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-[11px] font-semibold",
                  update.importance === "high" ? "bg-destructive-soft text-destructive" : "bg-amber-100 text-amber-900",
                )}
              >
                {update.importance === "high" ? "High importance" : "Medium importance"}
              </span>
            </div>
            <p className="mt-1.5 text-sm font-medium">{update.title}</p>
            <p className="mt-0.5 text-sm leading-snug text-muted-foreground">{update.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function UpcomingEvents() {
  return (
    <section aria-labelledby="events-heading" className="rounded-2xl border border-border bg-surface p-5 shadow-card">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="events-heading" className="font-display text-lg font-semibold tracking-tight">
          Upcoming events
        </h2>
        <span className="text-xs text-muted-foreground">Sample event</span>
      </div>
      <ul className="mt-3">
        <li className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-primary">
            <CalendarDays aria-hidden className="size-5" />
          </span>
          <span>
            <span className="block text-sm font-medium">Wednesday · Department meeting</span>
            <span className="block text-sm text-muted-foreground">3:30 pm, Room 204: planning the next writing unit.</span>
          </span>
        </li>
      </ul>
    </section>
  );
}
