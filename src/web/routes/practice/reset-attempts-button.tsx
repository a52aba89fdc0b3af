import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/toast";
import { describeError } from "../../lib/api";
import { useResetAttempts } from "../../features/practice/api";

type Whose = { studentName: string; attemptCount: number } | { everyone: true; attemptCount: number };

/** What the button, its question and its toast say, for one student or for the whole class. */
function wordsFor(whose: Whose) {
  const n = whose.attemptCount;
  if ("everyone" in whose) {
    return {
      button: "Reset all attempts",
      label: "Reset all attempts",
      title: `Reset all ${n === 1 ? "1 attempt" : `${n} attempts`}?`,
      description: `Every attempt and its score is deleted from these results, and every student can take the quiz again. Do this after making a new link for a link that got out of your class. Download the results first to keep a copy.`,
      done: "Every student can take the quiz again.",
    };
  }
  const { studentName } = whose;
  return {
    button: "Reset attempts",
    label: `Reset attempts for ${studentName}`,
    title: `Reset ${studentName}'s attempts?`,
    description: `${n === 1 ? "Their attempt and its score are" : `Their ${n} attempts and their scores are`} deleted from these results, and ${studentName} can take the quiz again. Do this when a classmate used their name, or to give a second chance. Download the results first to keep a copy.`,
    done: `${studentName} can take the quiz again.`,
  };
}

/**
 * "Reset attempts" in a quiz's results, for one student or all: students have no accounts, so a classmate who writes
 * a name can use up its attempts, and a link that got out of the class fills the results with strangers; the teacher
 * gives the attempts back (they and their scores are deleted).
 */
export function ResetAttemptsButton({ setId, whose }: { setId: string; whose: Whose }) {
  const [isOpen, setOpen] = useState(false);
  const reset = useResetAttempts(setId);
  const words = wordsFor(whose);
  function confirm() {
    reset.mutate("everyone" in whose ? null : whose.studentName, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "Attempts reset", description: words.done });
      },
      onError: (error) => toast({ variant: "destructive", title: "Couldn't reset the attempts", description: describeError(error, "Please try again.") }),
    });
  }
  return (
    <>
      <Button variant="outline" size="sm" aria-label={words.label} onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden />
        {words.button}
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={words.title}
        description={words.description}
        confirmLabel={reset.isPending ? "Resetting..." : words.button}
        isPending={reset.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
