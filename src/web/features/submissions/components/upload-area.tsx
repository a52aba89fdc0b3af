import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileUp, Upload, X } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import type { UploadOutcome } from "../../../../contracts/submissions";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { describeError } from "../../../lib/api";
import { cn } from "../../../lib/utils";
import { Progress } from "../../assignments/components/progress";
import { plural } from "../../assignments/format";
import { submissionKeys, uploadSubmissions } from "../api";
import { formatFileSize, fromLocalInputValue } from "../format";
import { UploadResult } from "./upload-result";

const acceptedSubmissionTypes = ".txt,.doc,.docx,.odt,.pdf,.html,.htm,.zip,.png,.jpg,.jpeg,.webp,.gif";

interface Picked {
  key: string;
  file: File;
  studentName: string;
  /** A datetime-local value; blank means the upload time. */
  submittedAt: string;
}

let pickCount = 0;
const toPicked = (files: Iterable<File>): Picked[] => Array.from(files, (file) => ({ key: `pick-${++pickCount}`, file, studentName: "", submittedAt: "" }));

/** Files picked or dropped, corrected per file, then sent in chunks with visible progress and a lasting per-file result. */
export function UploadArea({ assignmentId, pastDue }: { assignmentId: string; /** Said when the due date has passed (past-due.ts). */ pastDue: string | null }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const [result, setResult] = useState<UploadOutcome | null>(null);

  const upload = useMutation({
    mutationFn: (items: Picked[]) => {
      setSent({ sent: 0, total: items.length });
      return uploadSubmissions(
        assignmentId,
        items.map((item) => ({ file: item.file, studentName: item.studentName, submittedAt: fromLocalInputValue(item.submittedAt) })),
        (count, total) => setSent({ sent: count, total }),
      );
    },
    onSuccess: (outcome) => {
      setResult(outcome);
      setPicked([]);
    },
    onSettled: async () => {
      setSent(null);
      await queryClient.invalidateQueries({ queryKey: submissionKeys.all(assignmentId) });
    },
  });

  const add = (files: Iterable<File>) => {
    const next = toPicked(files);
    if (next.length) setPicked((current) => [...current, ...next]);
  };
  const change = (key: string, patch: Partial<Picked>) => setPicked((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!upload.isPending) add(event.dataTransfer.files);
  };

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          "grid justify-items-center gap-2 rounded-xl border-2 border-dashed border-input bg-background px-4 py-6 text-center transition-colors",
          isDragging && "border-primary bg-accent-soft",
        )}
      >
        <FileUp aria-hidden className="size-6 text-muted-foreground" />
        <p className="text-sm font-medium">Drop student work here</p>
        <p className="max-w-md text-xs leading-relaxed text-muted-foreground">Documents (.txt, .doc, .docx, .odt, .pdf), scans and photos (.png, .jpg, .webp, .gif), or a .zip of them.</p>
        <label
          htmlFor={inputId}
          className={cn(
            "mt-1 inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-input bg-surface px-3.5 text-sm font-medium shadow-xs hover:bg-muted",
            "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
            upload.isPending && "pointer-events-none opacity-55",
          )}
        >
          <input
            id={inputId}
            type="file"
            multiple
            accept={acceptedSubmissionTypes}
            disabled={upload.isPending}
            className="sr-only"
            onChange={(event) => {
              add(event.target.files ?? []);
              event.target.value = "";
            }}
          />
          Choose files
        </label>
      </div>

      {picked.length ? (
        <div className="grid gap-3">
          <p className="text-xs leading-relaxed text-muted-foreground">
            Leave Student blank to take the name from the file name. Set Submitted only for work collected on paper; blank means the upload time.
          </p>
          {pastDue ? (
            <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {pastDue}
            </p>
          ) : null}
          <ul aria-label="Files to upload" className="grid gap-2">
            {picked.map((item) => (
              <li key={item.key} className="grid gap-2 rounded-xl border border-border p-3 sm:grid-cols-[minmax(0,1fr)_12rem_13rem_auto] sm:items-end sm:gap-3">
                <div className="min-w-0 self-center">
                  <p className="truncate text-sm font-medium" title={item.file.name}>
                    {item.file.name}
                  </p>
                  <p className="text-xs text-muted-foreground">{formatFileSize(item.file.size)}</p>
                </div>
                <label className="grid gap-1 text-xs font-medium text-muted-foreground">
                  Student
                  <Input
                    value={item.studentName}
                    placeholder="From file name"
                    aria-label={`Student for ${item.file.name}`}
                    disabled={upload.isPending}
                    onChange={(event) => change(item.key, { studentName: event.target.value })}
                  />
                </label>
                <label className="grid gap-1 text-xs font-medium text-muted-foreground">
                  Submitted (paper work)
                  <Input
                    type="datetime-local"
                    value={item.submittedAt}
                    aria-label={`Submitted time for ${item.file.name} (for work collected on paper)`}
                    disabled={upload.isPending}
                    onChange={(event) => change(item.key, { submittedAt: event.target.value })}
                  />
                </label>
                <Button
                  variant="ghost"
                  size="icon"
                  className="justify-self-end"
                  disabled={upload.isPending}
                  aria-label={`Remove ${item.file.name}`}
                  onClick={() => setPicked((current) => current.filter((other) => other.key !== item.key))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={upload.isPending} onClick={() => upload.mutate(picked)}>
              <Upload aria-hidden />
              {`Upload ${plural(picked.length, "file")}`}
            </Button>
            <Button variant="ghost" disabled={upload.isPending} onClick={() => setPicked([])}>
              Clear
            </Button>
          </div>
        </div>
      ) : null}

      {sent ? (
        <div role="status" className="grid gap-2">
          <p className="text-sm font-medium">{`Uploading ${sent.sent} of ${sent.total}…`}</p>
          <Progress value={sent.sent} max={sent.total} aria-label="Upload progress" />
        </div>
      ) : null}

      {upload.isError ? (
        <div role="alert" className="flex items-start justify-between gap-3 rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
          <p>{describeError(upload.error, "The upload did not finish. Check your connection and upload the files again; files already sent are skipped as duplicates.")}</p>
          <Button variant="ghost" size="sm" onClick={() => upload.reset()}>
            Dismiss
          </Button>
        </div>
      ) : null}

      {result ? <UploadResult outcome={result} onDismiss={() => setResult(null)} /> : null}
    </div>
  );
}
