import { useQuery } from "@tanstack/react-query";
import { Archive, ArchiveRestore } from "lucide-react";
import { useState } from "react";
import type { Assignment } from "../../../../contracts/assignments";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { fetchProgress, submissionKeys } from "../../submissions/api";
import { displayTitle, plural } from "../format";
import { linksLeftOpenNote, useLinksLeftOpen } from "../links-left-open";
import { useArchiveAssignment } from "../use-archive";

/**
 * Archive (after a confirmation that says how much student work goes with the assignment) or restore at once.
 * Archiving deletes nothing: the assignment and its submissions come back with Restore.
 */
export function ArchiveButton({ assignment, variant, size, isLabelledByTitle = false }: { assignment: Assignment; variant: "ghost" | "outline"; size?: "sm"; isLabelledByTitle?: boolean }) {
  const archive = useArchiveAssignment();
  const [isConfirming, setConfirming] = useState(false);
  const isArchived = assignment.status === "archived";
  const title = displayTitle(assignment);
  const progress = useQuery({ queryKey: submissionKeys.progress(assignment.id), queryFn: () => fetchProgress(assignment.id), enabled: isConfirming });
  const count = progress.data?.total;
  const openLinks = useLinksLeftOpen(assignment.id, isConfirming);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        disabled={archive.isPending}
        aria-label={isLabelledByTitle ? `${isArchived ? "Restore" : "Archive"} ${title}` : undefined}
        onClick={() => (isArchived ? archive.mutate({ assignment, archive: false }) : setConfirming(true))}
      >
        {isArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
        {isArchived ? "Restore" : "Archive"}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={`Archive ${title}?`}
        description={
          count === undefined || openLinks === undefined
            ? "Counting the submissions that go with it..."
            : `${count ? `Its ${plural(count, "submission")} and their grades go to the Archived tab with it.` : "It moves to the Archived tab."} Nothing is deleted: Restore brings everything back.${sentenceAfter(linksLeftOpenNote(openLinks))}`
        }
        confirmLabel="Archive"
        isPending={archive.isPending || count === undefined || openLinks === undefined}
        onConfirm={() => archive.mutate({ assignment, archive: true }, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}

/** The open links' sentence after the rest, with its first letter raised. */
const sentenceAfter = (note: string) => (note ? ` ${note[0]!.toUpperCase()}${note.slice(1)}` : "");
