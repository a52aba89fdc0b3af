import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { SubmissionSummary } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { ApiError, describeError } from "../../../lib/api";
import { FormField, fieldProps } from "../../auth/components/form-field";
import { FormMessage } from "../../auth/components/form-message";
import { deleteSubmission, submissionKeys, updateSubmission } from "../api";
import { fromLocalInputValue, toLocalInputValue } from "../format";

/** Corrects a name read wrongly from a file name, or the time of work handed in on paper. */
export function EditSubmissionDialog({ submission, onClose }: { submission: SubmissionSummary | null; onClose: () => void }) {
  return (
    <Dialog open={submission !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>{submission ? <EditForm key={submission.id} submission={submission} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function EditForm({ submission, onDone }: { submission: SubmissionSummary; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [studentName, setStudentName] = useState(submission.studentName);
  const [submittedAt, setSubmittedAt] = useState(toLocalInputValue(submission.submittedAt));
  const initialTime = toLocalInputValue(submission.submittedAt);

  const save = useMutation({
    mutationFn: () =>
      updateSubmission(submission.id, {
        ...(studentName.trim() !== submission.studentName ? { studentName: studentName.trim() } : {}),
        // Only a changed time is sent: re-sending the shown minute would drop the original seconds.
        ...(submittedAt !== initialTime ? { submittedAt: fromLocalInputValue(submittedAt) } : {}),
      }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: submissionKeys.all(submission.assignmentId) });
      toast({ description: `Saved ${saved.studentName}'s submission.` });
      onDone();
    },
  });
  const isUnchanged = studentName.trim() === submission.studentName && submittedAt === initialTime;
  const fields = save.error instanceof ApiError ? save.error.fields : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isUnchanged) onDone();
    else save.mutate();
  };

  return (
    <form onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Change submission details</DialogTitle>
        <DialogDescription>{submission.originalName ? `From ${submission.originalName}.` : "Pasted text."} A later submission time can change the late penalty.</DialogDescription>
      </DialogHeader>
      <FormField id="edit-student" label="Student name" error={fields?.studentName}>
        <Input {...fieldProps("edit-student", { error: fields?.studentName })} value={studentName} onChange={(event) => setStudentName(event.target.value)} required autoComplete="off" />
      </FormField>
      <FormField id="edit-submitted" label="Submitted" error={fields?.submittedAt}>
        <Input {...fieldProps("edit-submitted", { error: fields?.submittedAt })} type="datetime-local" value={submittedAt} onChange={(event) => setSubmittedAt(event.target.value)} required />
      </FormField>
      {save.isError && !fields ? <FormMessage tone="error">{describeError(save.error, "The changes could not be saved. Please try again.")}</FormMessage> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Removes work uploaded by mistake, after the teacher confirms. */
export function DeleteSubmissionDialog({ submission, onClose }: { submission: SubmissionSummary | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: SubmissionSummary) => deleteSubmission(target.id),
    onSuccess: async (_, target) => {
      await queryClient.invalidateQueries({ queryKey: submissionKeys.all(target.assignmentId) });
      toast({ description: `Deleted ${target.studentName}'s submission.` });
      onClose();
    },
  });
  return (
    <Dialog
      open={submission !== null}
      onOpenChange={(isOpen) => {
        if (isOpen) return;
        remove.reset();
        onClose();
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{submission ? `Delete ${submission.studentName}'s submission?` : "Delete submission?"}</DialogTitle>
          <DialogDescription>The work, its grade and its history are removed. This cannot be undone.</DialogDescription>
        </DialogHeader>
        {remove.isError ? <FormMessage tone="error">{describeError(remove.error, "The submission could not be deleted. Please try again.")}</FormMessage> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending || !submission} onClick={() => submission && remove.mutate(submission)}>
            {remove.isPending ? "Deleting…" : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
