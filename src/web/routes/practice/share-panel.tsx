import { Copy, Link2 } from "lucide-react";
import type { PracticeView } from "../../../contracts/practice";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { describeError } from "../../lib/api";
import { usePracticeActions } from "../../features/practice/api";
import { NewLinkButton } from "./new-link-button";

/** The class's link (kept, so it can be copied again any time, until the teacher replaces it), and open or closed. */
export function SharePanel({ set }: { set: PracticeView }) {
  const { share, update } = usePracticeActions(set.id);
  const noun = set.kind === "quiz" ? "quiz" : "deck";
  const failed = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: describeError(error, "Please try again.") });

  if (!set.shareUrl) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Students open the link on any device, with no account: they {set.kind === "quiz" ? "write their name and take the quiz" : "study the cards, and their device remembers what they know"}.
        </p>
        <Button className="justify-self-start" disabled={share.isPending} onClick={() => share.mutate(undefined, { onError: failed("Couldn't share") })}>
          {share.isPending ? <Spinner size="sm" /> : <Link2 aria-hidden />}
          Share with students
        </Button>
      </div>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(set.shareUrl!);
      toast({ title: "Link copied", description: "Paste it where your students will see it." });
    } catch {
      toast({ variant: "destructive", title: "Couldn't copy", description: "Select the link and copy it yourself." });
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium">{set.isOpen ? `Students can open this ${noun} at:` : `This ${noun} is closed: its link says so and takes no answers.`}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-label="Share link" className="min-w-0 basis-full rounded-lg border border-border bg-muted px-3 py-2 text-sm break-all sm:flex-1 sm:basis-auto">
          {set.shareUrl}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy link
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ isOpen: !set.isOpen }, { onError: failed(set.isOpen ? "Couldn't close" : "Couldn't reopen") })}
        >
          {set.isOpen ? `Close ${noun}` : `Reopen ${noun}`}
        </Button>
        <NewLinkButton set={set} />
      </div>
    </div>
  );
}
