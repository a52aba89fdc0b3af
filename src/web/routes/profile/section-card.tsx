import type { ReactNode } from "react";
import { cn } from "../../lib/utils";

/** One titled card of the profile page; a named region, so assistive technology can jump between them. */
export function SectionCard({
  id,
  title,
  description,
  aside,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** Shown at the right of the title, like a status badge. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn("rounded-2xl border border-border bg-surface shadow-card", className)}>
      <div className="grid gap-1 border-b border-border px-5 py-4 sm:px-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
            {title}
          </h2>
          {aside}
        </div>
        {description ? <p className="text-sm leading-relaxed text-muted-foreground">{description}</p> : null}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
