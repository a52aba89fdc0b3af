import { FileText, LoaderCircle, Plus, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { SetupSample, SetupState } from "../../../core/setup";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { acceptedDocumentTypes, maxDocumentBytes, uploadDocument } from "../../features/setup/documents-api";
import { ChoiceCards, Field, FieldError, fieldDescribedBy } from "../../features/teacher-profile/components/form-parts";
import { describeError } from "../../lib/api";
import type { UpdateSetup } from "./welcome-step";

/** Without rubric criteria the server takes overall scores up to 100 (the spec's "rubric total, else 100"). */
const maxScore = 100;
const acceptedExtensions = acceptedDocumentTypes.split(",");

type Draft = { mode: "paste" | "upload"; content: string; fileId: string | null; fileName: string | null; score: string; feedback: string };
const emptyDraft: Draft = { mode: "paste", content: "", fileId: null, fileName: null, score: "", feedback: "" };

function wordCount(text: string): number {
  return text.trim() ? text.trim().split(/\s+/).length : 0;
}

export function SamplesStep({ state, update }: { state: SetupState; update: UpdateSetup }) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();

  const score = Number(draft.score);
  const scoreProblem = draft.score === "" ? undefined : !(score > 0) ? "Score must be above 0" : score > maxScore ? `Score must be at most ${maxScore}` : undefined;
  const canAdd = Boolean(draft.content.trim() && draft.feedback.trim() && draft.score !== "" && !scoreProblem && !isUploading);

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setUploadError(undefined);
    if (!file) return;
    const extension = file.name.slice(file.name.lastIndexOf(".")).toLowerCase();
    if (!acceptedExtensions.includes(extension)) {
      setUploadError("Upload a .txt, .doc, .docx or .pdf file.");
      event.target.value = "";
      return;
    }
    if (file.size > maxDocumentBytes) {
      setUploadError("The file is larger than 10 MB. Upload a smaller file or paste the text.");
      event.target.value = "";
      return;
    }
    setIsUploading(true);
    try {
      const document = await uploadDocument(file);
      set({ content: document.text, fileId: document.fileId, fileName: document.fileName });
    } catch (error) {
      set({ content: "", fileId: null, fileName: null });
      setUploadError(describeError(error, "Upload failed"));
      event.target.value = "";
    } finally {
      setIsUploading(false);
    }
  }

  function addSample(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    const sample: SetupSample = {
      content: draft.content.trim(),
      score,
      feedback: draft.feedback.trim(),
      criteriaScores: {},
      fileId: draft.mode === "upload" ? draft.fileId : null,
      fileName: draft.mode === "upload" ? draft.fileName : null,
    };
    update((current) => ({ ...current, samples: [...current.samples, sample] }));
    setDraft({ ...emptyDraft, mode: draft.mode });
    if (fileInput.current) fileInput.current.value = "";
    // "Add sample" turns disabled as the fields clear, which would drop keyboard focus to the page body: start the next sample instead.
    document.getElementById(draft.mode === "upload" ? "sample-file" : "sample-content")?.focus();
  }

  function removeSample(index: number) {
    update((current) => ({ ...current, samples: current.samples.filter((_, position) => position !== index) }));
  }

  return (
    <div className="grid gap-7">
      <section aria-labelledby={`${formId}-list`} className="grid gap-3">
        <h3 id={`${formId}-list`} className="text-sm font-medium">
          Your samples ({state.samples.length})
        </h3>
        {state.samples.length === 0 ? (
          <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">No samples yet. Add at least one graded paper below; one or two is plenty.</p>
        ) : (
          <ul className="grid gap-2">
            {state.samples.map((sample, index) => (
              <li key={sample.id ?? index} className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3">
                <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    Sample {index + 1} · Score {sample.score}
                    {sample.fileName ? <span className="font-normal text-muted-foreground"> · {sample.fileName}</span> : null}
                  </p>
                  <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{sample.content}</p>
                  <p className="mt-1 line-clamp-2 text-sm">
                    <span className="font-medium">Feedback: </span>
                    {sample.feedback}
                  </p>
                </div>
                <button
                  type="button"
                  aria-label={`Remove sample ${index + 1}`}
                  onClick={() => removeSample(index)}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form noValidate onSubmit={addSample} aria-labelledby={`${formId}-add`} className="grid gap-5 rounded-2xl border border-border bg-muted/40 p-4 sm:p-5">
        <h3 id={`${formId}-add`} className="font-display text-lg font-semibold tracking-tight">
          Add a graded sample
        </h3>
        <ChoiceCards
          name="sample-source"
          legend="Student work"
          columns={2}
          value={draft.mode}
          onChange={(mode) => {
            set({ mode, content: "", fileId: null, fileName: null });
            setUploadError(undefined);
          }}
          options={[
            { value: "paste", label: "Paste text" },
            { value: "upload", label: "Upload a file", description: ".txt, .doc, .docx or .pdf, up to 10 MB" },
          ]}
        />
        {draft.mode === "paste" ? (
          <Field label="Sample text" htmlFor="sample-content">
            <Textarea id="sample-content" rows={6} value={draft.content} placeholder="Paste the student's work here" onChange={(event) => set({ content: event.target.value })} />
          </Field>
        ) : (
          <div className="grid gap-2">
            <label htmlFor="sample-file" className="text-sm font-medium">
              File
            </label>
            <input
              ref={fileInput}
              id="sample-file"
              type="file"
              accept={acceptedDocumentTypes}
              onChange={(event) => void handleFile(event)}
              disabled={isUploading}
              aria-invalid={uploadError ? true : undefined}
              aria-describedby={uploadError ? "sample-file-error" : undefined}
              className="block w-full text-sm file:mr-3 file:inline-flex file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-input file:bg-surface file:px-4 file:text-sm file:font-medium hover:file:bg-muted"
            />
            {isUploading ? (
              <p role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircle aria-hidden className="size-4 animate-spin text-primary" />
                Reading the file...
              </p>
            ) : null}
            {draft.fileName && draft.content ? (
              <p role="status" className="inline-flex items-center gap-2 text-sm text-emerald-700">
                <Upload aria-hidden className="size-4" />
                {draft.fileName}: {wordCount(draft.content)} words read
              </p>
            ) : null}
            <FieldError id="sample-file-error" message={uploadError} />
          </div>
        )}
        <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
          <Field label="Score" htmlFor="sample-score" hint={`Out of ${maxScore}`} error={scoreProblem}>
            <Input
              id="sample-score"
              type="number"
              inputMode="decimal"
              min={0}
              max={maxScore}
              value={draft.score}
              onChange={(event) => set({ score: event.target.value })}
              aria-invalid={scoreProblem ? true : undefined}
              aria-describedby={fieldDescribedBy("sample-score", { hint: `Out of ${maxScore}`, error: scoreProblem })}
            />
          </Field>
          <Field label="Your feedback" htmlFor="sample-feedback">
            <Textarea id="sample-feedback" rows={3} value={draft.feedback} placeholder="The feedback you gave this student" onChange={(event) => set({ feedback: event.target.value })} />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="outline" disabled={!canAdd}>
            <Plus aria-hidden />
            Add sample
          </Button>
        </div>
      </form>
    </div>
  );
}
