import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Plus, Upload } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { assignmentMessages } from "../../../../contracts/assignments";
import { rubricLimits, tooManyCriteriaMessage, tooManyPointsMessage, type Criterion } from "../../../../contracts/teacher-profile";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { assignmentQueryKey, uploadRubric } from "../../../features/assignments/api";
import { CriterionList, TotalPoints } from "../../../features/assignments/components/criterion-list";
import { descriptorLines, totalPoints } from "../../../features/assignments/format";
import { showFailure, showSuccess } from "../../../features/assignments/toasts";
import { Field } from "../../../features/teacher-profile/components/form-parts";
import { ApiError } from "../../../lib/api";
import type { RubricImportReport } from "../../../../contracts/rubric-import";
import { RubricImportReportPanel } from "./rubric-import-report";
import { acceptedDocuments, fileInputClass, type WizardStepProps } from "./types";

/** Spec section 3: ids are generated locally, "criterion-" plus a timestamp (made unique within this rubric). */
function newCriterionId(existing: readonly Criterion[]): string {
  let stamp = Date.now();
  while (existing.some((item) => item.id === `criterion-${stamp}`)) stamp += 1;
  return `criterion-${stamp}`;
}

const undoneMessage = "Upload undone: the earlier rubric is saved again.";
const undoFailedMessage = "The earlier rubric could not be saved again, so the uploaded rubric is still this assignment's. Press Undo upload to try again.";

/** Step 2: upload a rubric document, or build the criteria by hand. */
export function RubricStep({ draft, update, disabled, saveRubric, setNextCheck, criterionEdit, keepCriterionEdit, showUploadConflict, settleUploadConflict }: WizardStepProps) {
  const criteria = draft.rubric.criteria;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const [isUploading, setIsUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [points, setPoints] = useState("");
  const [descriptors, setDescriptors] = useState("");
  /** The last upload's report, and the criteria it replaced (for Undo upload). */
  const [imported, setImported] = useState<{ report: RubricImportReport; previous: Criterion[] }>();
  /** The criterion whose open edit differs from what it holds, and how often Next was refused because of it. */
  const unsavedEdit = useRef<string>(undefined);
  const [nextRefusals, setNextRefusals] = useState(0);
  useEffect(() => {
    setNextCheck(() => {
      if (!unsavedEdit.current) return true;
      setNextRefusals((count) => count + 1);
      return false;
    });
    return () => setNextCheck(undefined);
  }, [setNextCheck]);
  /** Why the last Undo upload did not put the earlier rubric back. */
  const [undoProblem, setUndoProblem] = useState<string>();

  const pointsValue = Number(points);
  const isFull = criteria.length >= rubricLimits.maxCriteria;
  // Over the most a criterion takes, the button stays disabled (spec: otherwise nothing happens) and the field says why.
  const isTooMany = Number.isFinite(pointsValue) && pointsValue > rubricLimits.maxPoints;
  const canAdd = !isFull && name.trim() !== "" && points.trim() !== "" && Number.isFinite(pointsValue) && pointsValue >= 0 && !isTooMany;

  const setCriteria = (next: Criterion[]) => update({ rubric: { criteria: next, totalPoints: totalPoints(next) } });

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file || isUploading) return;
    setIsUploading(true);
    try {
      const { import: report, version, rubricChange, ...rubric } = await uploadRubric(draft.id, file, draft.version);
      settleUploadConflict(rubric, version);
      setImported({ report, previous: criteria });
      setUndoProblem(undefined);
      // The upload is a save: this page now holds the version it made, unless another tab or window saved in
      // between, which the next save must then be told about.
      update({ rubric, ...(version === draft.version + 1 ? { version } : {}) });
      void queryClient.invalidateQueries({ queryKey: assignmentQueryKey(draft.id), exact: true });
      // Grades already given were on the old rubric: the teacher hears what happened to them.
      showSuccess(rubricChange ? `${assignmentMessages.rubricUploaded} ${rubricChange.message}` : assignmentMessages.rubricUploaded);
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      // Another tab or window saved since this page's version: the file stays chosen, to be uploaded again knowingly.
      if (error instanceof ApiError && error.status === 409 && error.fields?.basedOnVersion) await showUploadConflict(error.serverMessage ?? error.message);
      else showFailure(assignmentMessages.rubricFailed, error);
    } finally {
      setIsUploading(false);
    }
  }

  /**
   * The upload was saved when it was read, so its undo is a save too: the earlier criteria go back on the server, not
   * only on this page. Until that save succeeds the page keeps showing what the server holds (the upload).
   */
  async function undoUpload(previous: Criterion[]) {
    setUndoProblem(undefined);
    if (await saveRubric(previous)) {
      setImported(undefined);
      showSuccess(undoneMessage);
    } else {
      setUndoProblem(undoFailedMessage);
    }
  }

  function addCriterion(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    setCriteria([...criteria, { id: newCriterionId(criteria), name: name.trim(), maxPoints: pointsValue, descriptors: descriptorLines(descriptors) }]);
    setName("");
    setPoints("");
    setDescriptors("");
    // Add Criterion turns disabled as the fields clear, which would drop keyboard focus to the page body.
    document.getElementById("criterion-name")?.focus();
  }

  return (
    <div className="grid gap-8">
      <form onSubmit={(event) => void upload(event)} aria-labelledby="rubric-upload-heading" className="grid gap-3 rounded-2xl border border-border bg-muted/40 p-4 sm:p-5">
        <h3 id="rubric-upload-heading" className="font-display text-lg font-semibold tracking-tight">
          Upload a rubric document
        </h3>
        <p id="rubric-file-hint" className="text-sm leading-relaxed text-muted-foreground">
          A .txt, .doc, .docx or .pdf file up to 10 MB: a table with criteria as rows and points per level, headed sections like “Thesis (20 points)”, or
          lines like “Evidence - 25 pts: ...”. Its criteria replace the ones below.
        </p>
        <div className="grid gap-2">
          <label htmlFor="rubric-file" className="text-sm font-medium">
            Rubric document
          </label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={fileInput}
              id="rubric-file"
              type="file"
              accept={acceptedDocuments}
              aria-describedby="rubric-file-hint"
              disabled={isUploading}
              onChange={(event) => setFile(event.target.files?.[0])}
              className={fileInputClass}
            />
            <Button type="submit" variant="outline" disabled={!file || isUploading || disabled}>
              {isUploading ? <LoaderCircle aria-hidden className="animate-spin" /> : <Upload aria-hidden />}
              {isUploading ? "Uploading..." : "Upload Rubric"}
            </Button>
          </div>
        </div>
      </form>

      {imported ? (
        <RubricImportReportPanel
          report={imported.report}
          onDismiss={() => setImported(undefined)}
          undoProblem={undoProblem}
          isUndoing={disabled}
          onUndo={() => void undoUpload(imported.previous)}
          onUseProposal={(proposal) => {
            const stamp = Date.now();
            setCriteria(proposal.map((item, index) => ({ id: `criterion-${stamp}-${index + 1}`, ...item })));
            setImported(undefined);
          }}
        />
      ) : null}

      <section aria-labelledby="criteria-heading" className="grid gap-3">
        <h3 id="criteria-heading" className="font-display text-lg font-semibold tracking-tight">
          Criteria ({criteria.length})
        </h3>
        {criteria.length === 0 ? (
          <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">No criteria yet. Upload a rubric above or add criteria below.</p>
        ) : (
          <CriterionList
            criteria={criteria}
            onRemove={(id) => setCriteria(criteria.filter((item) => item.id !== id))}
            onUpdate={(next) => setCriteria(criteria.map((item) => (item.id === next.id ? next : item)))}
            onUnsavedEditChange={(id) => {
              unsavedEdit.current = id;
            }}
            unsavedEditNudges={nextRefusals}
            keptEdit={criterionEdit}
            onKeptEditChange={keepCriterionEdit}
          />
        )}
        <TotalPoints total={totalPoints(criteria)} />
      </section>


      <form onSubmit={addCriterion} aria-labelledby="criterion-add-heading" className="grid gap-4 rounded-2xl border border-border bg-muted/40 p-4 sm:p-5">
        <h3 id="criterion-add-heading" className="font-display text-lg font-semibold tracking-tight">
          Add a criterion
        </h3>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field label="Criterion name" htmlFor="criterion-name">
            <Input id="criterion-name" value={name} maxLength={200} placeholder="e.g. Thesis" onChange={(event) => setName(event.target.value)} />
          </Field>
          <Field label="Maximum points" htmlFor="criterion-points" error={isTooMany ? tooManyPointsMessage : undefined}>
            <Input
              id="criterion-points"
              type="number"
              inputMode="decimal"
              min={0}
              max={rubricLimits.maxPoints}
              step="any"
              value={points}
              aria-invalid={isTooMany || undefined}
              aria-describedby={isTooMany ? "criterion-points-error" : undefined}
              onChange={(event) => setPoints(event.target.value)}
            />
          </Field>
        </div>
        <Field label="Performance level descriptors" htmlFor="criterion-descriptors" hint="One level per line, e.g. “4 - Clear, arguable thesis that frames the essay”.">
          <Textarea
            id="criterion-descriptors"
            rows={4}
            value={descriptors}
            aria-describedby="criterion-descriptors-hint"
            onChange={(event) => setDescriptors(event.target.value)}
          />
        </Field>
        <div className="flex flex-col items-end gap-2">
          {isFull ? (
            <p id="criterion-add-limit" className="text-sm font-medium text-destructive">
              {tooManyCriteriaMessage}: remove one to add another.
            </p>
          ) : null}
          <Button type="submit" variant="outline" disabled={!canAdd} aria-describedby={isFull ? "criterion-add-limit" : undefined}>
            <Plus aria-hidden />
            Add Criterion
          </Button>
        </div>
      </form>
    </div>
  );
}
