import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/utils";

type SpinnerProps = {
  /** Visible text beside the spinner; also what assistive technology announces. */
  label?: string;
  className?: string;
  size?: "sm" | "md" | "lg";
};

const iconSize = { sm: "size-4", md: "size-5", lg: "size-7" } as const;

export function Spinner({ label, className, size = "md" }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={cn("inline-flex items-center gap-2.5 text-muted-foreground", className)}>
      <LoaderCircle aria-hidden className={cn("animate-spin text-primary", iconSize[size])} />
      {label ? <span className="text-sm font-medium">{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}
