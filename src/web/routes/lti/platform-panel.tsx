import { School, Send, Users } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { GradeSyncResult, RosterImportResult } from "../../../contracts/lti";
import { GradeSendReport } from "../../components/grade-send-report";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { plural } from "../../features/assignments/format";
import { showFailure, showSuccess } from "../../features/assignments/toasts";
import { useAssignmentLti, useLtiActions } from "./api";

const wrappingButton = "h-auto min-h-10 max-w-full shrink py-2 text-left whitespace-normal";

function rosterSummary(result: RosterImportResult): string {
  const parts = [`${plural(result.added, "student")} added`, `${result.updated} updated`];
  if (result.unchanged) parts.push(`${result.unchanged} unchanged`);
  if (result.matchedSubmissions) parts.push(`${plural(result.matchedSubmissions, "submission")} matched`);
  return `Roster imported from ${result.platformName}: ${parts.join(", ")}.`;
}

function gradesSummary(result: GradeSyncResult): string {
  const parts = [`${plural(result.sent, "grade")} sent`];
  if (result.unchanged) parts.push(`${result.unchanged} unchanged`);
  if (result.notReviewed) parts.push(`${result.notReviewed} waiting for review (not sent)`);
  // A paper put under another student since: the former student's grade was cleared, and the teacher is told whose.
  const withdrawn = result.withdrawn.length ? ` Took back the grade sent to ${result.withdrawn.join(", ")}: that work is now under another student.` : "";
  return `${result.platformName}: ${parts.join(", ")}.${withdrawn}`;
}

/**
 * The assignment's learning platform links (LTI) and what the teacher can do with each: import the course roster and
 * send reviewed grades. Nothing is shown for an assignment no platform opens.
 */
export function PlatformPanel({ assignmentId, frame }: { assignmentId: string; frame: (content: ReactNode) => ReactNode }) {
  const links = useAssignmentLti(assignmentId);
  const actions = useLtiActions(assignmentId);
  const [lastSend, setLastSend] = useState<{ linkId: string; result: GradeSyncResult } | null>(null);
  if (!links.data?.links.length) return null;

  const importRoster = (linkId: string) =>
    actions.importRoster.mutate(linkId, { onSuccess: (result) => showSuccess(rosterSummary(result)), onError: (error) => showFailure("The roster could not be imported.", error) });
  const sendGrades = (linkId: string) =>
    actions.sendGrades.mutate(linkId, {
      onSuccess: (result) => {
        // The summary stays in the panel with what was not sent; the toast only confirms the send.
        setLastSend({ linkId, result });
        showSuccess(gradesSummary(result));
      },
      onError: (error) => showFailure("The grades could not be sent.", error),
    });

  return frame(
    <ul className="grid gap-3">
      {links.data.links.map((link) => (
        <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3">
          <div className="flex min-w-0 items-center gap-2">
            <School aria-hidden className="size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere">{link.platformName}</p>
              {link.contextTitle ? <p className="text-sm text-muted-foreground wrap-anywhere">{link.contextTitle}</p> : null}
            </div>
          </div>
          {/* The buttons name the platform, and a district's name can run long: they wrap rather than widen the page. */}
          <div className="flex min-w-0 flex-wrap gap-2">
            <Button variant="outline" className={wrappingButton} disabled={!link.canImportRoster || actions.importRoster.isPending} onClick={() => importRoster(link.id)}>
              {actions.importRoster.isPending ? <Spinner size="sm" /> : <Users aria-hidden />}
              Import roster from {link.platformName}
            </Button>
            <Button className={wrappingButton} disabled={!link.canSendGrades || actions.sendGrades.isPending} onClick={() => sendGrades(link.id)}>
              {actions.sendGrades.isPending ? <Spinner size="sm" /> : <Send aria-hidden />}
              Send grades to {link.platformName}
            </Button>
          </div>
          {lastSend?.linkId === link.id ? (
            <div className="basis-full">
              <GradeSendReport
                summary={gradesSummary(lastSend.result)}
                course={`the course on ${lastSend.result.platformName}`}
                notMatched={lastSend.result.notOnPlatform}
                onEarlierRubric={lastSend.result.onEarlierRubric}
                isRosterImported={lastSend.result.isRosterImported}
                failed={lastSend.result.failed}
              />
            </div>
          ) : null}
        </li>
      ))}
      <li className="text-sm text-muted-foreground">Only reviewed or accepted grades are sent, with their feedback as the comment.</li>
    </ul>,
  );
}
