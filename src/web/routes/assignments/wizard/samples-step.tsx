import { Info, LoaderCircle, Plus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { assignmentMessages, sampleScoreProblems } from "../../../../contracts/assignments";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { uploadSample } from "../../../features/assignments/api";
import { SampleList } from "../../../features/assignments/components/sample-list";
import { formatScore, maxSampleScore } from "../../../features/assignments/format";
import { showFailure, showSuccess } from "../../../features/assignments/toasts";
import { Field } from "../../../features/teacher-profile/components/form-parts";
import { acceptedDocuments, fileInputClass, type WizardStepProps } from "./types";

/** Step 3: graded samples (uploaded one by one; removing one only drops it from the list until the next save). */
export function SamplesStep({ draft, update, disabled }: WizardStepProps) {
  const criteria = draft.rubric.criteria;
  const maxScore = maxSampleScore(criteria);
  const [file, setFile] = useState<File>();
  const [score, setScore] = useState("");
  const [criterionScores, setCriterionScores] = useState<Record<string, string>>({});
  const [feedback, setFeedback] = useState("");
  const [isUploading, setIsUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // Add Sample and the file field are disabled while uploading, which drops keyboard focus to the page body; once the
  // sample is added the file field is enabled again and takes focus for the next one.
  const [focusFileNext, setFocusFileNext] = useState(false);
  useEffect(() => {
    if (!focusFileNext || isUploading) return;
    fileInput.current?.focus();
    setFocusFileNext(false);
  }, [focusFileNext, isUploading]);

  const scoreValue = Number(score);
  // The server's rule and words (above 0, at most the total), shown as soon as a score is typed.
  const scoreProblem = score === "" ? undefined : sampleScoreProblems(criteria, scoreValue, {}).score;
  const criterionProblems = Object.fromEntries(
    criteria.flatMap((item) => {
      const text = criterionScores[item.id] ?? "";
      const value = Number(text);
      return text !== "" && (!Number.isFinite(value) || value < 0 || value > item.maxPoints) ? [[item.id, `From 0 to ${formatScore(item.maxPoints)}`]] : [];
    }),
  );
  // Spec section 2: disabled while uploading, or with no file, no feedback, or a score of 0 or less.
  const canAdd =
    !isUploading && !disabled && Boolean(file) && feedback.trim() !== "" && score !== "" && scoreValue > 0 && !scoreProblem && Object.keys(criterionProblems).length === 0;

  async function addSample(event: FormEvent) {
    event.preventDefault();
    if (!canAdd || !file) return;
    setIsUploading(true);
    try {
      const scores = Object.fromEntries(
        criteria.flatMap((item) => {
          const text = criterionScores[item.id] ?? "";
          return text === "" ? [] : [[item.id, Number(text)]];
        }),
      );
      const { assignmentVersion, ...sample } = await uploadSample(draft.id, { file, score: scoreValue, feedback: feedback.trim(), criteriaScores: scores });
      // The upload raised the version by one: this page's next save is based on it. A larger step means another tab
      // saved in between, and the page keeps its older version so that save is refused and shown, not overwritten.
      update({ sampleWork: [...draft.sampleWork, sample], ...(assignmentVersion === draft.version + 1 ? { version: assignmentVersion } : {}) });
      showSuccess(assignmentMessages.sampleUploaded);
      setFile(undefined);
      setScore("");
      setCriterionScores({});
      setFeedback("");
      if (fileInput.current) fileInput.current.value = "";
      setFocusFileNext(true);
    } catch (error) {
      showFailure(assignmentMessages.sampleFailed, error);
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <div className="grid gap-8">
      <p className="flex items-start gap-3 rounded-xl bg-accent-soft p-4 text-sm leading-relaxed text-accent-strong">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Upload 1-2 graded samples to calibrate the AI: student work you have already graded, with the score and feedback you gave. Markwise learns your
          standard from them.
        </span>
      </p>

      <section aria-labelledby="samples-heading" className="grid gap-3">
        <h3 id="samples-heading" className="font-display text-lg font-semibold tracking-tight">
          Uploaded samples ({draft.sampleWork.length})
        </h3>
        {draft.sampleWork.length === 0 ? (
          <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">No samples yet. Add a graded sample below.</p>
        ) : (
          <SampleList samples={draft.sampleWork} criteria={criteria} onRemove={(id) => update({ sampleWork: draft.sampleWork.filter((sample) => sample.id !== id) })} />
        )}
      </section>

      <form noValidate onSubmit={(event) => void addSample(event)} aria-labelledby="sample-add-heading" className="grid gap-5 rounded-2xl border border-border bg-muted/40 p-4 sm:p-5">
        <h3 id="sample-add-heading" className="font-display text-lg font-semibold tracking-tight">
          Add a graded sample
        </h3>
        <div className="grid gap-2">
          <label htmlFor="sample-file" className="text-sm font-medium">
            Student work
          </label>
          <input
            ref={fileInput}
            id="sample-file"
            type="file"
            accept={acceptedDocuments}
            aria-describedby="sample-file-hint"
            disabled={isUploading}
            onChange={(event) => setFile(event.target.files?.[0])}
            className={fileInputClass}
          />
          <p id="sample-file-hint" className="text-xs text-muted-foreground">
            A .txt, .doc, .docx or .pdf file up to 10 MB.
          </p>
        </div>
        <Field label="Overall score" htmlFor="sample-score" hint={`Above 0, up to ${formatScore(maxScore)}${criteria.length ? " (the rubric total)" : ""}.`} error={scoreProblem}>
          <Input
            id="sample-score"
            type="number"
            inputMode="decimal"
            min={0}
            max={maxScore}
            step="any"
            value={score}
            className="sm:max-w-40"
            aria-invalid={scoreProblem ? true : undefined}
            aria-describedby={scoreProblem ? "sample-score-error" : "sample-score-hint"}
            onChange={(event) => setScore(event.target.value)}
          />
        </Field>
        {criteria.length ? (
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Score per criterion</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {criteria.map((item) => (
                <Field key={item.id} label={`${item.name} (0-${formatScore(item.maxPoints)})`} htmlFor={`sample-criterion-${item.id}`} error={criterionProblems[item.id]}>
                  <Input
                    id={`sample-criterion-${item.id}`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={item.maxPoints}
                    step="any"
                    value={criterionScores[item.id] ?? ""}
                    aria-invalid={criterionProblems[item.id] ? true : undefined}
                    aria-describedby={criterionProblems[item.id] ? `sample-criterion-${item.id}-error` : undefined}
                    onChange={(event) => setCriterionScores((current) => ({ ...current, [item.id]: event.target.value }))}
                  />
                </Field>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Field label="Feedback" htmlFor="sample-feedback">
          <Textarea id="sample-feedback" rows={4} value={feedback} placeholder="The feedback you gave this student" onChange={(event) => setFeedback(event.target.value)} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={!canAdd}>
            {isUploading ? <LoaderCircle aria-hidden className="animate-spin" /> : <Plus aria-hidden />}
            {isUploading ? "Uploading..." : "Add Sample"}
          </Button>
        </div>
      </form>
    </div>
  );
}
