import { ArrowRight, BookOpenCheck, Building2, GraduationCap, School, SlidersHorizontal, Sparkles, UserRoundCheck, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Navigate } from "react-router";
import type { LeadType } from "../../../contracts/leads";
import { PageFallback } from "../../app/page-fallback";
import { SiteFooter } from "../../components/site-footer";
import { Button } from "../../components/ui/button";
import { useSessionSnapshot, wasSignedInBefore } from "../../features/auth/session-store";
import { useDocumentTitle } from "../../lib/use-document-title";
import { GradingPreview } from "./grading-preview";
import { LandingHeader } from "./landing-header";

// The lead dialog (Radix dialog and select, the form's zod schema) is most of this page's code and only some visitors
// open it: it loads when a button that opens it is pointed at or focused, or at the latest when clicked.
const loadLeadDialog = () => import("../../features/leads/components/lead-dialog");
const LeadDialog = lazy(async () => ({ default: (await loadLeadDialog()).LeadDialog }));
const prefetchLeadDialog = () => void loadLeadDialog();

const audiences = [
  { icon: BookOpenCheck, name: "Teachers", text: "Grade against your own rubric, with feedback written the way you write it." },
  { icon: UserRoundCheck, name: "Teaching assistants", text: "Share the first pass on a stack of papers, consistently and on time." },
  { icon: GraduationCap, name: "Students", text: "Receive clearer, more specific feedback while the work is still fresh." },
  { icon: Users, name: "Staff", text: "Support classrooms with materials and short explainer videos on request." },
  { icon: Building2, name: "Administrators", text: "Bring one private, consistent assistant to every department." },
];

const steps = [
  {
    icon: SlidersHorizontal,
    title: "Tell it how you grade",
    text: "Set your tone, strictness and feedback length once, in a short chat or a simple form.",
  },
  {
    icon: School,
    title: "Calibrate on your own work",
    text: "Add a rubric and one or two graded samples. Markwise learns how you score before it scores anything.",
  },
  {
    icon: Sparkles,
    title: "Review, then return",
    text: "Every suggested grade comes with a confidence score. You decide what is accepted, and nothing goes out without you.",
  },
];

export function LandingPage() {
  useDocumentTitle();
  const { status } = useSessionSnapshot();
  // Someone signed in when this browser last asked is most likely on their way to /app: they see Loading... rather
  // than a flash of this page. Everyone else sees the page at once, with Loading... where the account actions go.
  const [expectsSignedIn] = useState(wasSignedInBefore);
  const [leadMode, setLeadMode] = useState<LeadType | null>(null);
  const [hasOpenedLead, setHasOpenedLead] = useState(false);

  if (status === "loading" && expectsSignedIn) return <PageFallback />;
  if (status === "signed-in") return <Navigate to="/app" replace />;

  function openLead(mode: LeadType) {
    setHasOpenedLead(true);
    setLeadMode(mode);
  }
  const opensLead = { onPointerEnter: prefetchLeadDialog, onFocus: prefetchLeadDialog };

  return (
    <div className="relative isolate flex min-h-dvh flex-col">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[38rem] bg-gradient-to-b from-accent-soft/60 to-transparent" />
      <LandingHeader status={status} onGetStarted={() => openLead("get-started")} getStartedProps={opensLead} />

      <main className="flex-1">
        <section aria-labelledby="hero-title" className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-12 px-4 pt-8 pb-16 sm:px-6 sm:pt-20 md:pb-24 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
          <div className="flex flex-col items-start">
            <p className="inline-flex max-w-full items-center gap-2 rounded-full border border-primary/15 bg-surface/80 px-2.5 py-1 text-[0.8125rem] leading-snug font-medium text-accent-strong sm:px-3 sm:text-sm">
              <Sparkles aria-hidden className="size-3.5 shrink-0 text-primary" />
              Meet Markwise, the AI teaching assistant
            </p>
            <h1 id="hero-title" className="mt-6 font-display text-[2.6rem] leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl lg:text-7xl">
              AI Teaching Assistant
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
              Markwise lets you grade, create and teach much more efficiently, with feedback calibrated to your rubric and written in
              your voice.
            </p>
            <div className="mt-9 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button size="lg" onClick={() => openLead("get-started")} {...opensLead}>
                Get Started
                <ArrowRight aria-hidden />
              </Button>
              <Button size="lg" variant="outline" onClick={() => openLead("enterprise")} {...opensLead}>
                Enterprise
              </Button>
            </div>
            <p className="mt-6 text-sm text-muted-foreground">
              For students, teaching assistants, teachers, staff and administrators.
            </p>
          </div>
          <GradingPreview />
        </section>

        <section aria-labelledby="how-title" className="border-y border-border/70 bg-surface/60">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
            <h2 id="how-title" className="max-w-2xl font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
              An assistant that grades the way you do
            </h2>
            <ol className="mt-10 grid gap-8 md:grid-cols-3 md:gap-10">
              {steps.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="flex flex-col gap-3">
                  <span className="flex items-center gap-3">
                    <span className="grid size-10 place-items-center rounded-xl bg-accent-soft text-primary">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <span className="text-sm font-medium text-muted-foreground tabular-nums">Step {index + 1}</span>
                  </span>
                  <h3 className="text-lg font-semibold">{title}</h3>
                  <p className="leading-relaxed text-muted-foreground">{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="audience-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
          <h2 id="audience-title" className="max-w-3xl font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
            Made for everyone who keeps a school running
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {audiences.map(({ icon: Icon, name, text }) => (
              <li key={name} className="rounded-2xl border border-border bg-surface p-5 shadow-card">
                <Icon aria-hidden className="size-5 text-primary" />
                <h3 className="mt-4 font-semibold">{name}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <SiteFooter />
      {hasOpenedLead ? (
        <Suspense fallback={null}>
          <LeadDialog mode={leadMode} onClose={() => setLeadMode(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
