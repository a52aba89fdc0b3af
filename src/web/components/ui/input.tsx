import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export const fieldControlClass = [
  "w-full min-w-0 rounded-lg border border-input bg-surface px-3 text-base text-foreground shadow-xs sm:text-sm",
  "placeholder:text-muted-foreground/80 transition-[border-color,box-shadow] duration-150",
  "focus-visible:outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20",
  "disabled:cursor-not-allowed disabled:opacity-60",
].join(" ");

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldControlClass, "h-11 sm:h-10", className)} {...props} />;
}
