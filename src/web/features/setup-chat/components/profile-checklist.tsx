import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";
import type { SetupChecklistView } from "../types";

/** Spec section 2: a welcome tick plus preferences out of 8; the rubric and samples Start Grading also needs. */
export function ProfileChecklist({ checklist }: { checklist: SetupChecklistView }) {
  const preferencesDone = checklist.preferencesSet >= 8;
  return (
    <ul aria-label="Profile checklist" className="grid grid-cols-2 gap-x-4 gap-y-3 lg:grid-cols-1">
      <Item done={checklist.welcomeDone} label="Welcome" detail="Name, school and course" value={checklist.welcomeDone ? "Done" : "To do"} />
      <Item done={preferencesDone} label="Preferences" detail="Tone, strictness and 6 more" value={`${Math.min(checklist.preferencesSet, 8)}/8`}>
        <span className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-border" aria-hidden>
          <span className="block h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${(Math.min(checklist.preferencesSet, 8) / 8) * 100}%` }} />
        </span>
      </Item>
      <Item done={checklist.criteriaCount >= 3} label="Rubric criteria" detail="At least 3" value={String(checklist.criteriaCount)} />
      <Item done={checklist.sampleCount >= 1} label="Graded samples" detail="At least 1" value={String(checklist.sampleCount)} />
    </ul>
  );
}

function Item({ done, label, detail, value, children }: { done: boolean; label: string; detail: string; value: string; children?: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span
        className={cn(
          "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border transition-colors",
          done ? "border-primary bg-primary text-primary-foreground" : "border-input bg-surface",
        )}
      >
        {done ? <Check aria-hidden className="size-3.5" strokeWidth={3} /> : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="text-sm font-medium">
            {label}
            <span className="sr-only">{done ? " (done)" : ""}: </span>
          </span>
          <span className={cn("text-sm tabular-nums", done ? "font-semibold text-primary" : "text-muted-foreground")}>{value}</span>
        </span>
        <span className="hidden text-xs text-muted-foreground sm:block">{detail}</span>
        {children}
      </span>
    </li>
  );
}
