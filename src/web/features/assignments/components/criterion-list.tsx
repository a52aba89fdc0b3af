import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Criterion } from "../../../../contracts/teacher-profile";
import { formatScore, plural } from "../format";
import { CriterionEditForm, type CriterionEditFields } from "./criterion-edit-form";

const iconButton =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The rubric's criteria with their points and level descriptors; removable and editable in place in the wizard. */
export function CriterionList({
  criteria,
  onRemove,
  onUpdate,
  onUnsavedEditChange,
  unsavedEditNudges = 0,
  keptEdit,
  onKeptEditChange,
}: {
  criteria: readonly Criterion[];
  onRemove?: (id: string) => void;
  onUpdate?: (next: Criterion) => void;
  /** The criterion whose open edit has changes not saved into the list yet (undefined when none). */
  onUnsavedEditChange?: (id: string | undefined) => void;
  /** Goes up each time the page refuses to move on because of that edit: the edit then says so. */
  unsavedEditNudges?: number;
  /** An open edit's fields kept from an earlier visit: that criterion's edit opens with them. */
  keptEdit?: CriterionEditFields | undefined;
  /** The open edit's fields as they change; undefined when it is saved, cancelled or left for another criterion. */
  onKeptEditChange?: (fields: CriterionEditFields | undefined) => void;
}) {
  const [editing, setEditing] = useState<string | undefined>(() => (keptEdit && criteria.some((item) => item.id === keptEdit.criterionId) ? keptEdit.criterionId : undefined));
  const closeEdit = () => {
    onKeptEditChange?.(undefined);
    setEditing(undefined);
  };
  return (
    <ul className="grid gap-2.5">
      {criteria.map((item) => (
        <li key={item.id} className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3.5">
          {editing === item.id && onUpdate ? (
            <CriterionEditForm
              criterion={item}
              kept={keptEdit?.criterionId === item.id ? keptEdit : undefined}
              onChangedChange={(isChanged) => onUnsavedEditChange?.(isChanged ? item.id : undefined)}
              onFieldsChange={onKeptEditChange}
              nudges={unsavedEditNudges}
              onCancel={closeEdit}
              onSave={(next) => {
                onUpdate(next);
                closeEdit();
              }}
            />
          ) : (
            <>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              {/* A long imported name is kept whole and shortened for display only; the full name is its title. */}
              <p className="line-clamp-2 font-medium wrap-anywhere" title={item.name}>
                {item.name}
              </p>
              <p className="shrink-0 text-sm font-semibold tabular-nums text-accent-strong">{plural(Number(formatScore(item.maxPoints)), "point")}</p>
            </div>
            {item.descriptors.length ? (
              <ul aria-label={`${item.name} performance levels`} className="mt-2 grid gap-1 text-sm text-muted-foreground">
                {item.descriptors.map((descriptor, index) => (
                  <li key={index} className="flex gap-2">
                    <span aria-hidden className="mt-2 size-1 shrink-0 rounded-full bg-muted-foreground/60" />
                    <span className="min-w-0 wrap-anywhere">{descriptor}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">No performance levels described.</p>
            )}
          </div>
          {onUpdate ? (
            <button
              type="button"
              aria-label={`Edit ${item.name}`}
              onClick={() => {
                // Opening another criterion's edit closes the open one, as it always has: its fields are not kept.
                onKeptEditChange?.(undefined);
                setEditing(item.id);
              }}
              className={`${iconButton} hover:text-foreground`}
            >
              <Pencil aria-hidden className="size-4" />
            </button>
          ) : null}
          {onRemove ? (
            <button type="button" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item.id)} className={`${iconButton} hover:text-destructive`}>
              <Trash2 aria-hidden className="size-4" />
            </button>
          ) : null}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function TotalPoints({ total, id }: { total: number; id?: string }) {
  return (
    <p id={id} aria-live="polite" className="flex items-baseline justify-between gap-3 rounded-xl bg-accent-soft px-3.5 py-2.5 text-sm text-accent-strong">
      <span className="font-medium">Total Points</span>
      <span className="font-semibold tabular-nums">{formatScore(total)}</span>
    </p>
  );
}
