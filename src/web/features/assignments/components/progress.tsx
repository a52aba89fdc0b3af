import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../../lib/utils";

export function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const share = Math.max(0, Math.min(1, (value ?? 0) / max));
  return (
    <ProgressPrimitive.Root value={value} max={max} className={cn("relative h-2 w-full overflow-hidden rounded-full bg-border", className)} {...props}>
      <ProgressPrimitive.Indicator className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${share * 100}%` }} />
    </ProgressPrimitive.Root>
  );
}
