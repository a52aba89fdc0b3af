import { Check, Copy, Download, Link2Off, RefreshCw, RotateCcw, Send } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { feedbackLinkDefaults, type FeedbackLinkView, type ReturnFeedbackResult } from "../../../../contracts/feedback-links";
import type { SystemStatusResponse } from "../../../../contracts/system";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { cn } from "../../../lib/utils";
import { fieldProps, FormField } from "../../auth/components/form-field";
import { plural } from "../../assignments/format";
import { showFailure, showSuccess } from "../../assignments/toasts";
import { formatSubmittedAt } from "../../submissions/format";
import { useFeedbackReturns, useReturnActions } from "../hooks";
import { ApiError } from "../../../lib/api";

/** What the panel says where it would offer to e-mail the links, on a server with no mail server set up. */
const noMailServer = "Links are not e-mailed: this server has no mail server set up. Copy each link below or download them all as a CSV, and send them yourself.";

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/**
 * The assignment page's "Return to students" panel: returns the reviewed grades as private links, lists who has a
 * link, whether it was e-mailed and opened, and revokes them all. New links are shown (and downloadable) only right
 * after they are made: the server keeps a fingerprint of each, not the link.
 */
export function ReturnPanel({ assignmentId, assignmentTitle }: { assignmentId: string; assignmentTitle: string }) {
  const returns = useFeedbackReturns(assignmentId);
  const actions = useReturnActions(assignmentId);
  const [days, setDays] = useState(String(feedbackLinkDefaults.expiresInDays));
  const [sendEmails, setSendEmails] = useState(true);
  // Without a mail server the server e-mails no student (decision 019): the panel says so rather than offer to.
  const system = useQuery<SystemStatusResponse>({ queryKey: ["/api/system"] });
  // Nothing is offered or said until the server has answered; if it cannot be asked, the box is offered (the server
  // e-mails no one without a mail server anyway).
  const canEmail = system.data ? system.data.mail !== "outbox" : system.isError;
  const [fresh, setFresh] = useState<ReturnFeedbackResult | null>(null);
  const [isRevokeOpen, setRevokeOpen] = useState(false);
  const [replacing, setReplacing] = useState<FeedbackLinkView | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // "Return to students" on the review page leads here.
  const isLoaded = Boolean(returns.data);
  useEffect(() => {
    if (location.hash === "#return" && isLoaded) root.current?.scrollIntoView({ block: "start" });
  }, [location.hash, isLoaded]);

  const dayError = actions.send.error instanceof ApiError ? actions.send.error.fields?.expiresInDays : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = Number(days);
    actions.send.mutate(
      { expiresInDays: Number.isFinite(expiresInDays) && days.trim() ? expiresInDays : Number.NaN, sendEmails: sendEmails && canEmail },
      {
        onSuccess: (result) => {
          setFresh(result);
          const emailed = result.created.filter((link) => link.emailedTo).length;
          showSuccess(
            result.created.length
              ? `Returned feedback to ${plural(result.created.length, "student")}${emailed ? `; ${emailed} e-mailed` : ""}. Copy the new links below.`
              : "Every reviewed grade already has a working link.",
          );
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.fields?.expiresInDays)) showFailure("The feedback could not be returned. Please try again.", error);
        },
      },
    );
  };

  const revoke = () =>
    actions.revoke.mutate(undefined, {
      onSuccess: (result) => {
        setRevokeOpen(false);
        setFresh(null);
        showSuccess(`Revoked ${plural(result.revokedCount, "link")}. Those pages now say the link is no longer active.`);
      },
      onError: (error) => showFailure("The links could not be revoked. Please try again.", error),
    });

  const replace = (link: FeedbackLinkView) =>
    actions.replace.mutate(link.id, {
      onSuccess: (result) => {
        setReplacing(null);
        // The new link joins those shown since the page opened, and the CSV gains its line.
        setFresh((previous) => (previous ? mergeResults(previous, result) : result));
        showSuccess(`Made a new link for ${link.studentName}. Copy it below; the old one no longer works.`);
      },
      onError: (error) => showFailure(`A new link for ${link.studentName} could not be made. Please try again.`, error),
    });

  if (returns.isError) {
    return (
      <div role="alert" className="grid gap-2 rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
        <p>Returned feedback could not be loaded.</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void returns.refetch()}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  if (!returns.data) return <Spinner label="Loading returned feedback..." />;
  const view = returns.data;
  const freshIds = new Set(fresh?.created.map((link) => link.id));
  const urlOf = new Map(fresh?.created.map((link) => [link.id, link.url]));

  return (
    <div ref={root} id="return" className="grid scroll-mt-6 gap-6">
      <p className="text-sm text-muted-foreground">
        Each student gets a private page with their work, the passages their scores refer to, their scores against the rubric and your feedback. No account is
        needed. Only grades you reviewed or accepted are returned.
      </p>

      <form onSubmit={submit} className="grid gap-4 rounded-xl border border-border bg-background p-4" noValidate>
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">
            {view.readyCount ? `${plural(view.readyCount, "reviewed grade")} ready to return` : view.links.length ? "Every reviewed grade has been returned" : "No reviewed grades yet"}
          </p>
          {view.returnAgain.length ? (
            <p role="status">
              {`Needs returning again: ${view.returnAgain.map((item) => item.studentName).join(", ")}. ${view.returnAgain.length === 1 ? "This work was put under another student after it was returned, so its earlier link no longer works" : "This work was put under other students after it was returned, so the earlier links no longer work"}. Return to students to send a link to the student it belongs to now.`}
            </p>
          ) : null}
          {view.waitingForReviewCount ? (
            <p className="text-muted-foreground">
              {`${plural(view.waitingForReviewCount, "grade")} waiting for review ${view.waitingForReviewCount === 1 ? "stays" : "stay"} back until you review ${view.waitingForReviewCount === 1 ? "it" : "them"}. `}
              <Link to={`/assignments/${encodeURIComponent(assignmentId)}/review`} className="font-medium text-primary underline-offset-4 hover:underline">
                Open the review queue
              </Link>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
          <FormField id="return-days" label="Links work for (days)" error={dayError} className="w-44">
            <Input {...fieldProps("return-days", { error: dayError })} type="number" inputMode="numeric" min={1} max={feedbackLinkDefaults.maxExpiresInDays} value={days} onChange={(event) => setDays(event.target.value)} />
          </FormField>
          {canEmail ? (
            <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm">
              <input type="checkbox" checked={sendEmails} onChange={(event) => setSendEmails(event.target.checked)} className="size-4 shrink-0 accent-primary" />
              E-mail each link to students with an address on the class roster
            </label>
          ) : system.data ? (
            <p className="max-w-md text-sm text-muted-foreground">{noMailServer}</p>
          ) : null}
        </div>
        <Button type="submit" className="justify-self-start" disabled={!view.readyCount || actions.send.isPending}>
          <Send aria-hidden />
          {actions.send.isPending ? "Returning..." : "Return to students"}
        </Button>
      </form>

      {fresh && fresh.created.length ? <NewLinks result={fresh} assignmentTitle={assignmentTitle} /> : null}

      {view.links.length ? (
        <section aria-labelledby="returned-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="returned-heading" className="text-sm font-semibold">{`Returned (${view.links.length})`}</h3>
            <Button variant="outline" size="sm" className="text-destructive" onClick={() => setRevokeOpen(true)}>
              <Link2Off aria-hidden />
              Revoke all links
            </Button>
          </div>
          <ReturnedList links={view.links} freshIds={freshIds} urlOf={urlOf} onReplace={setReplacing} />
        </section>
      ) : null}

      <ConfirmDialog
        open={isRevokeOpen}
        onOpenChange={setRevokeOpen}
        title="Revoke all links?"
        description={`The ${plural(view.links.length, "student's link", "students' links")} stop working at once: their pages will say "This link is no longer active". Return to students again to give them new links.`}
        confirmLabel={actions.revoke.isPending ? "Revoking..." : "Revoke all links"}
        isPending={actions.revoke.isPending}
        onConfirm={revoke}
      />
      <ConfirmDialog
        open={replacing !== null}
        onOpenChange={(open) => (open ? undefined : setReplacing(null))}
        title={`Make a new link for ${replacing?.studentName ?? "this student"}?`}
        description="Their current link stops working at once, including the one in any e-mail they were sent. The new link works until the same day and is shown here to copy."
        confirmLabel={actions.replace.isPending ? "Making a new link..." : "Make a new link"}
        isPending={actions.replace.isPending}
        onConfirm={() => replacing && replace(replacing)}
      />
    </div>
  );
}

function NewLinks({ result, assignmentTitle }: { result: ReturnFeedbackResult; assignmentTitle: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-primary/25 bg-accent-soft/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-prose gap-1">
          <h3 id={headingId} className="text-sm font-semibold">
            {`New links (${result.created.length})`}
          </h3>
          <p className="text-sm text-muted-foreground">Copy them now or download them: Markwise keeps only a fingerprint of each link, so it cannot show them again.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => downloadCsv(result.csv, assignmentTitle)}>
          <Download aria-hidden />
          Download CSV
        </Button>
      </div>
      {result.noEmail.length ? <p className="text-sm">{`No e-mail on the roster: ${result.noEmail.join(", ")}. Send ${result.noEmail.length === 1 ? "this link" : "these links"} yourself.`}</p> : null}
    </section>
  );
}

function mergeResults(previous: ReturnFeedbackResult, next: ReturnFeedbackResult): ReturnFeedbackResult {
  const [, ...lines] = next.csv.split("\r\n");
  return { ...next, created: [...previous.created, ...next.created], csv: previous.csv + lines.join("\r\n"), noEmail: previous.noEmail };
}

function ReturnedList({ links, freshIds, urlOf, onReplace }: { links: FeedbackLinkView[]; freshIds: Set<string>; urlOf: Map<string, string>; onReplace: (link: FeedbackLinkView) => void }) {
  return (
    <ul aria-label="Returned students" className="grid divide-y divide-border/70 rounded-xl border border-border">
      {links.map((link) => {
        const url = urlOf.get(link.id);
        return (
          <li key={link.id} aria-label={link.studentName} className={cn("grid gap-2 p-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.3fr)_minmax(0,1.3fr)_auto] sm:items-center sm:gap-4", freshIds.has(link.id) && "bg-accent-soft/30")}>
            <div className="min-w-0">
              <p className="truncate font-medium">{link.studentName}</p>
              {url ? <code className="block truncate text-xs text-accent-strong">{url}</code> : null}
              <p className={cn("text-xs", link.status === "expired" ? "font-semibold text-destructive" : "text-muted-foreground")}>
                {link.status === "expired" ? `Expired ${formatDay(link.expiresAt)}` : `Works until ${formatDay(link.expiresAt)}`}
                {link.isGradeShown ? "" : " · back in review"}
              </p>
            </div>
            <p className="min-w-0 text-sm wrap-anywhere">
              <EmailStatus link={link} />
            </p>
            <p className="text-sm">
              {link.openCount ? (
                <>
                  <span className="font-medium">{`Opened ${plural(link.openCount, "time")}`}</span>
                  <span className="block text-xs text-muted-foreground">{`First ${formatSubmittedAt(link.firstOpenedAt!)}`}</span>
                </>
              ) : (
                <span className="text-muted-foreground">Not opened yet</span>
              )}
            </p>
            <div className="sm:justify-self-end">
              {url ? (
                <CopyLinkButton url={url} studentName={link.studentName} />
              ) : link.status === "active" ? (
                <Button variant="ghost" size="sm" aria-label={`New link for ${link.studentName}`} onClick={() => onReplace(link)}>
                  <RefreshCw aria-hidden />
                  New link
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function EmailStatus({ link }: { link: FeedbackLinkView }) {
  if (link.email.status === "sent") return <span className="text-muted-foreground">{`E-mailed to ${link.email.to}`}</span>;
  if (link.email.status === "failed") return <span className="text-destructive">{link.email.failure ?? "The e-mail could not be sent."}</span>;
  return <span className="text-muted-foreground">{link.email.to ? "Not e-mailed" : "No e-mail on the roster"}</span>;
}

function CopyLinkButton({ url, studentName }: { url: string; studentName: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast({ variant: "destructive", title: "Could not copy", description: `Download the CSV to get ${studentName}'s link.` });
    }
  };
  return (
    // The toast after returning must not sit on the links the teacher is about to copy.
    <Button variant="outline" size="sm" aria-label={`Copy ${studentName}'s link`} onClick={() => void copy()} data-avoid-toast>
      {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {isCopied ? "Copied" : "Copy link"}
    </Button>
  );
}

function downloadCsv(csv: string, assignmentTitle: string) {
  const slug = assignmentTitle.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "assignment";
  // A byte-order mark lets spreadsheet programs read accented names as UTF-8, as the gradebook export does.
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = `${slug}-feedback-links.csv`;
  anchor.click();
  URL.revokeObjectURL(url);
}
