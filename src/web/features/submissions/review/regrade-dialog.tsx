import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";

/** Asked before a regrade replaces a grade the teacher reviewed: their version is kept and Undo restores it. */
export function RegradeDialog({ studentName, onConfirm, onClose }: { studentName: string | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open={studentName !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Regrade {studentName}'s work?</DialogTitle>
          <DialogDescription>
            You reviewed this grade. Regrading replaces your scores and feedback with the grader's. Your version stays in the history, and Undo restores it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={onConfirm}>Regrade</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
