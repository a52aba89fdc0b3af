import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClipboardPaste } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/toast";
import { ApiError, describeError } from "../../../lib/api";
import { FormField, fieldProps } from "../../auth/components/form-field";
import { FormMessage } from "../../auth/components/form-message";
import { addPastedSubmission, submissionKeys } from "../api";
import { fromLocalInputValue } from "../format";

/** Work that arrived as text (an email, a shared document): the teacher names the student. */
export function PasteDialog({ assignmentId }: { assignmentId: string }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [studentName, setStudentName] = useState("");
  const [text, setText] = useState("");
  const [submittedAt, setSubmittedAt] = useState("");
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: () => addPastedSubmission(assignmentId, { studentName, text, submittedAt: fromLocalInputValue(submittedAt) }),
    onSuccess: async (outcome) => {
      await queryClient.invalidateQueries({ queryKey: submissionKeys.all(assignmentId) });
      const [created] = outcome.created;
      if (!created) {
        setDuplicate(outcome.duplicates[0]?.message ?? "This work was already uploaded; nothing was added.");
        return;
      }
      toast({ description: `Added ${created.studentName}'s work. It is queued for grading.` });
      setIsOpen(false);
    },
  });

  const open = (next: boolean) => {
    setIsOpen(next);
    if (next) {
      setStudentName("");
      setText("");
      setSubmittedAt("");
      setDuplicate(null);
      add.reset();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDuplicate(null);
    add.mutate();
  };
  const fields = add.error instanceof ApiError ? add.error.fields : undefined;
  const formError = add.isError && !fields ? describeError(add.error, "The work could not be added. Please try again.") : null;

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ClipboardPaste aria-hidden />
          Paste text
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Paste student work</DialogTitle>
            <DialogDescription>For work that reached you as text, such as an email or a shared document.</DialogDescription>
          </DialogHeader>
          <FormField id="paste-student" label="Student name" error={fields?.studentName}>
            <Input {...fieldProps("paste-student", { error: fields?.studentName })} value={studentName} onChange={(event) => setStudentName(event.target.value)} required autoComplete="off" />
          </FormField>
          <FormField id="paste-text" label="Student's work" error={fields?.text}>
            <Textarea {...fieldProps("paste-text", { error: fields?.text })} rows={8} value={text} onChange={(event) => setText(event.target.value)} required />
          </FormField>
          <FormField id="paste-submitted" label="Submitted (optional)" hint="Leave blank to use the current time." error={fields?.submittedAt}>
            <Input
              {...fieldProps("paste-submitted", { hint: true, error: fields?.submittedAt })}
              type="datetime-local"
              value={submittedAt}
              onChange={(event) => setSubmittedAt(event.target.value)}
            />
          </FormField>
          {duplicate ? <FormMessage tone="info">{duplicate}</FormMessage> : null}
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <DialogFooter>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? "Adding…" : "Add submission"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
