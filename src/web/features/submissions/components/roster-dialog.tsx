import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { RosterView } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api";
import { FormField, fieldProps } from "../../auth/components/form-field";
import { FormMessage } from "../../auth/components/form-message";
import { plural } from "../../assignments/format";
import { saveRoster, submissionKeys } from "../api";

const csvCell = (value: string | null) => (value && /[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : (value ?? ""));

/**
 * The stored list as the teacher can edit and save it again: a line per student, or CSV with a header when an e-mail
 * address sits beside a student ID (a plain line holds one of the two).
 */
const rosterText = (roster: RosterView | undefined) => {
  const students = roster?.students ?? [];
  if (students.some((student) => student.email && student.email !== student.identifier)) {
    return ["Name,ID,Email", ...students.map((student) => [student.name, student.identifier, student.email === student.identifier ? null : student.email].map(csvCell).join(","))].join("\n");
  }
  return students.map((student) => (student.identifier ? `${student.name}, ${student.identifier}` : student.name)).join("\n");
};

/** The class list, pasted or read from a CSV export, so the page can name who has not handed anything in. */
export function RosterDialog({ assignmentId, roster }: { assignmentId: string; roster: RosterView | undefined }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState("");
  const [problems, setProblems] = useState<RosterView["problems"]>([]);
  const [fileError, setFileError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => saveRoster(assignmentId, text),
    onSuccess: async (saved) => {
      queryClient.setQueryData(submissionKeys.roster(assignmentId), saved);
      await queryClient.invalidateQueries({ queryKey: submissionKeys.all(assignmentId) });
      // The list is saved either way; lines the server could not read stay on screen for the teacher to fix.
      setProblems(saved.problems);
      if (!saved.problems.length) {
        toast({ description: `Class roster saved: ${plural(saved.students.length, "student")}.` });
        setIsOpen(false);
      }
    },
  });

  const open = (next: boolean) => {
    setIsOpen(next);
    if (next) {
      setText(rosterText(roster));
      setProblems([]);
      setFileError(null);
      save.reset();
    }
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    try {
      setText(await file.text());
    } catch {
      setFileError(`${file.name} could not be read. Choose a .csv or .txt file, or paste the names.`);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    save.mutate();
  };

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Users aria-hidden />
          Class roster
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Class roster</DialogTitle>
            <DialogDescription>One student per line: the name, then optionally a comma and the student ID or e-mail address; or a CSV with Name, ID and Email columns. Markwise matches submissions to these names and e-mails returned feedback to these addresses.</DialogDescription>
          </DialogHeader>
          <FormField id="roster-text" label="Class list">
            <Textarea {...fieldProps("roster-text", {})} rows={10} value={text} placeholder={"Maya Chen, 10231\nJordan Lee, jlee@school.org"} onChange={(event) => setText(event.target.value)} />
          </FormField>
          <FormField id="roster-file" label="Or choose a CSV file" error={fileError ?? undefined}>
            <Input
              {...fieldProps("roster-file", { error: fileError ?? undefined })}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="py-2"
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
          </FormField>
          {problems.length ? (
            <div role="alert" className="grid gap-1.5 rounded-lg border border-destructive/25 bg-destructive-soft px-3.5 py-3 text-sm text-destructive">
              <p className="font-medium">{`The roster was saved, but ${plural(problems.length, "line")} could not be read:`}</p>
              <ul className="grid gap-1">
                {problems.map((problem) => (
                  <li key={`${problem.line}-${problem.message}`}>{`Line ${problem.line}: ${problem.message}`}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {save.isError ? <FormMessage tone="error">{describeError(save.error, "The roster could not be saved. Please try again.")}</FormMessage> : null}
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save roster"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
