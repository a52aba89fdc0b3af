import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/toast";
import { describeError } from "../../lib/api";
import { useResetAttempts } from "./api";

/**
 * "Reset attempts" for one student in a quiz's results: students have no accounts, so a classmate who writes their
 * name can use up their attempts; the teacher gives them back (the attempts and their scores are deleted).
 */
export function ResetAttemptsButton({ setId, studentName, attemptCount }: { setId: string; studentName: string; attemptCount: number }) {
  const [isOpen, setOpen] = useState(false);
  const reset = useResetAttempts(setId);
  const attempts = attemptCount === 1 ? "Their attempt and its score are" : `Their ${attemptCount} attempts and their scores are`;
  function confirm() {
    reset.mutate(studentName, {
      onSuccess: (result) => {
        setOpen(false);
        toast({ title: "Attempts reset", description: `${result.studentName} can take the quiz again.` });
      },
      onError: (error) => toast({ variant: "destructive", title: "Couldn't reset the attempts", description: describeError(error, "Please try again.") }),
    });
  }
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Reset attempts for ${studentName}`} onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden />
        Reset attempts
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={`Reset ${studentName}'s attempts?`}
        description={`${attempts} deleted from these results, and ${studentName} can take the quiz again. Do this when a classmate used their name, or to give a second chance. Download the results first to keep a copy.`}
        confirmLabel={reset.isPending ? "Resetting..." : "Reset attempts"}
        isPending={reset.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
