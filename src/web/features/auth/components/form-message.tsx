import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";

type Tone = "error" | "success" | "info";

const toneClass: Record<Tone, string> = {
  error: "border-destructive/25 bg-destructive-soft text-destructive",
  success: "border-primary/15 bg-accent-soft text-accent-strong",
  info: "border-border bg-muted text-foreground",
};

const toneIcon = { error: CircleAlert, success: CircleCheck, info: Info } as const;

/**
 * A message about the whole form. Errors are alerts (read out at once); success and information are
 * polite status messages.
 */
export function FormMessage({ tone, children, action, className }: { tone: Tone; children: ReactNode; action?: ReactNode; className?: string }) {
  const Icon = toneIcon[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-snug", toneClass[tone], className)}
    >
      <Icon aria-hidden className="mt-px size-4 shrink-0" />
      <div className="grid min-w-0 flex-1 gap-2.5">
        <p className="font-medium">{children}</p>
        {action}
      </div>
    </div>
  );
}
