import { RefreshCw } from "lucide-react";
import { useState } from "react";
import type { PracticeView } from "../../../contracts/practice";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/toast";
import { describeError } from "../../lib/api";
import { usePracticeActions } from "../../features/practice/api";

/**
 * "New link" for a link that got out of the class (posted where others read it): the old link stops working at once,
 * results so far stay, and the teacher hands out the new one.
 */
export function NewLinkButton({ set }: { set: PracticeView }) {
  const [isOpen, setOpen] = useState(false);
  const { newLink } = usePracticeActions(set.id);
  const noun = set.kind === "quiz" ? "quiz" : "deck";
  const kept = set.kind === "quiz" ? " Results so far are kept." : "";
  function confirm() {
    newLink.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "New link made", description: "The old link no longer works. Copy the new one for your students." });
      },
      onError: (error) => toast({ variant: "destructive", title: "Couldn't make a new link", description: describeError(error, "Please try again.") }),
    });
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <RefreshCw aria-hidden />
        New link
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title="Replace this link?"
        description={`The current link stops working at once: anyone who opens it is told it is no longer active. Use this when the link reached people outside your class; then give your students the new link.${kept} The ${noun} stays ${set.isOpen ? "open" : "closed"}.`}
        confirmLabel={newLink.isPending ? "Replacing..." : "Make a new link"}
        isPending={newLink.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
