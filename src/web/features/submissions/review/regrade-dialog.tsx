import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

/** Asked before a regrade replaces a grade the teacher reviewed: their version is kept and Undo restores it. */
export function RegradeDialog({ studentName, onConfirm, onClose }: { studentName: string | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={studentName !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Regrade ${studentName}'s work?`}
      description="You reviewed this grade. Regrading replaces your scores and feedback with the grader's. Your version stays in the history, and Undo restores it."
      confirmLabel="Regrade"
      onConfirm={onConfirm}
    />
  );
}
