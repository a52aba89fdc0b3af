import { ChevronDown } from "lucide-react";
import { Collapsible } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";

/** A titled section that opens on demand (spec: View Content, View Feedback, Criterion Scores). */
export function CollapsibleSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Collapsible.Root className={cn("rounded-lg border border-border", className)}>
      <Collapsible.Trigger
        className={cn(
          "group flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium",
          "hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        )}
      >
        {title}
        <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" />
      </Collapsible.Trigger>
      <Collapsible.Content className="border-t border-border px-3 py-2.5 text-sm">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
