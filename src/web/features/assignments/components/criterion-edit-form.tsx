import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Criterion } from "../../../../contracts/teacher-profile";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { Field } from "../../teacher-profile/components/form-parts";
import { descriptorLines } from "../format";

export const unsavedEditMessage = "Save or cancel this change to the criterion before going on.";

/**
 * What the teacher typed into an open criterion edit, as typed. The wizard keeps it while the rubric step is not
 * shown (Back leaves the step without saving), so the edit opens again with it when the teacher returns.
 */
export type CriterionEditFields = { criterionId: string; name: string; points: string; descriptors: string };

/** Edits one criterion in place (an imported rubric is checked here before the teacher goes on). */
export function CriterionEditForm({
  criterion,
  kept,
  onSave,
  onCancel,
  onChangedChange,
  onFieldsChange,
  nudges = 0,
}: {
  criterion: Criterion;
  /** The fields as the teacher left them earlier (they open with these instead of the criterion's own). */
  kept?: CriterionEditFields | undefined;
  onSave: (next: Criterion) => void;
  onCancel: () => void;
  /** Whether the fields differ from the criterion (false again when the form closes). */
  onChangedChange?: (isChanged: boolean) => void;
  /** The fields on each change while they differ from the criterion, undefined once they equal it again. */
  onFieldsChange?: (fields: CriterionEditFields | undefined) => void;
  /** Goes up when the page would not move on because of these changes: the form then says so. */
  nudges?: number;
}) {
  const [name, setName] = useState(kept?.name ?? criterion.name);
  const [points, setPoints] = useState(kept?.points ?? String(criterion.maxPoints));
  const [descriptors, setDescriptors] = useState(kept?.descriptors ?? criterion.descriptors.join("\n"));
  const value = Number(points);
  const pointsError = points.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1000 ? "Enter points from 0 to 1000." : undefined;
  const nameError = name.trim() === "" ? "Enter the criterion's name." : undefined;
  const prefix = `edit-${criterion.id}`;
  const isChanged = name !== criterion.name || points !== String(criterion.maxPoints) || descriptors !== criterion.descriptors.join("\n");

  const reportChange = useRef(onChangedChange);
  reportChange.current = onChangedChange;
  useEffect(() => reportChange.current?.(isChanged), [isChanged]);
  useEffect(() => () => reportChange.current?.(false), []);
  // Not reported when the form unmounts: leaving the step keeps the fields; Save and Cancel drop them (the list).
  const reportFields = useRef(onFieldsChange);
  reportFields.current = onFieldsChange;
  useEffect(() => {
    reportFields.current?.(isChanged ? { criterionId: criterion.id, name, points, descriptors } : undefined);
  }, [isChanged, criterion.id, name, points, descriptors]);

  const saveButton = useRef<HTMLButtonElement>(null);
  const nudgesAtOpen = useRef(nudges);
  const isNudged = nudges > nudgesAtOpen.current && isChanged;
  useEffect(() => {
    if (nudges <= nudgesAtOpen.current) return;
    saveButton.current?.scrollIntoView({ block: "center" });
    saveButton.current?.focus();
  }, [nudges]);

  function save(event: FormEvent) {
    event.preventDefault();
    if (pointsError || nameError) return;
    onSave({ ...criterion, name: name.trim(), maxPoints: value, descriptors: descriptorLines(descriptors) });
  }

  return (
    <form onSubmit={save} aria-label={`Edit ${criterion.name}`} className="grid w-full gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <Field label="Criterion name" htmlFor={`${prefix}-name`} error={nameError}>
          <Input id={`${prefix}-name`} value={name} maxLength={200} aria-invalid={nameError ? true : undefined} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Maximum points" htmlFor={`${prefix}-points`} error={pointsError}>
          <Input id={`${prefix}-points`} type="number" inputMode="decimal" min={0} max={1000} step="any" value={points} aria-invalid={pointsError ? true : undefined} onChange={(event) => setPoints(event.target.value)} />
        </Field>
      </div>
      <Field label="Performance level descriptors" htmlFor={`${prefix}-descriptors`} hint="One level per line.">
        <Textarea id={`${prefix}-descriptors`} rows={4} value={descriptors} aria-describedby={`${prefix}-descriptors-hint`} onChange={(event) => setDescriptors(event.target.value)} />
      </Field>
      {isNudged ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft px-3.5 py-2.5 text-sm font-medium text-destructive">
          {unsavedEditMessage}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button ref={saveButton} type="submit" variant="outline" disabled={Boolean(pointsError || nameError)}>
          Save criterion
        </Button>
      </div>
    </form>
  );
}
