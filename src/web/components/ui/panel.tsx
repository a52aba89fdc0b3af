import type { ReactNode } from "react";

/** A titled card section of a detail page; its heading names the region for screen readers. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6">
      <h2 id={id} className="mb-4 font-display text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
