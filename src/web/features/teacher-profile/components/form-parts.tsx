import type { ReactNode } from "react";
import { Label, OptionalMark } from "../../../components/ui/label";
import { cn } from "../../../lib/utils";

/** A labelled control with its hint and, when the server rejected it, the reason right below. */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  optional,
  children,
  className,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {optional ? <OptionalMark /> : null}
      </Label>
      {children}
      {hint && !error ? (
        <p id={`${htmlFor}-hint`} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${htmlFor}-error`} message={error} />
    </div>
  );
}

/**
 * The ids a Field's control names in aria-describedby: the error when there is one (the hint is hidden then), else
 * the hint, so a screen reader hears why a field is invalid and not only that it is.
 */
export function fieldDescribedBy(htmlFor: string, { hint, error }: { hint?: ReactNode; error?: string }): string | undefined {
  if (error) return `${htmlFor}-error`;
  return hint ? `${htmlFor}-hint` : undefined;
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** A 0-100 slider (step 1) with its value shown beside the label. */
export function PercentSlider({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  minLabel,
  maxLabel,
  suffix = "",
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  hint?: ReactNode;
  error?: string;
  minLabel?: string;
  maxLabel?: string;
  suffix?: string;
}) {
  return (
    <div className="grid content-start gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="font-mono text-sm tabular-nums text-accent-strong">
          {value}
          {suffix}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="h-2 w-full cursor-pointer accent-primary"
      />
      {minLabel || maxLabel ? (
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      ) : null}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Radio buttons drawn as cards: a short list where every option deserves a one-line explanation. */
export function ChoiceCards<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  columns = 3,
}: {
  name: string;
  legend: string;
  options: readonly { value: T; label: string; description?: string }[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string;
  columns?: 2 | 3;
}) {
  return (
    <fieldset className="grid gap-2" aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      <div className={cn("grid gap-2", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {options.map((option) => {
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer items-start gap-2.5 rounded-xl border p-3 text-sm transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                checked ? "border-primary bg-accent-soft" : "border-border bg-surface hover:bg-muted",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{option.label}</span>
                {option.description ? <span className="text-xs leading-snug text-muted-foreground">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}
