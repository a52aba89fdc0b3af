import type { ReactNode } from "react";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/utils";

/** The props that tie a control to its label, hint and error: spread them on the input. */
export function fieldProps(id: string, { hint, error }: { hint?: ReactNode; error?: string }) {
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

type FormFieldProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Something at the right of the label, like a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A label, its control, then the field's error (when there is one) and a hint. */
export function FormField({ id, label, hint, error, labelAside, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <div className="flex min-h-5 items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm leading-snug font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-[0.8125rem] leading-snug text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
