import { Label as LabelPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn("text-sm font-medium leading-none text-foreground select-none peer-disabled:opacity-60", className)}
      {...props}
    />
  );
}

/** A small muted marker placed after a label to show that a field may be left empty. */
export function OptionalMark() {
  return <span className="ml-1.5 font-normal text-muted-foreground">(optional)</span>;
}
