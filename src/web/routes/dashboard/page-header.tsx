import type { ReactNode } from "react";

/** The title block every dashboard page starts with. */
export function PageHeader({ title, description, children }: { title: ReactNode; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">{title}</h1>
        {description ? <p className="mt-2 max-w-2xl leading-relaxed text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** The padded, width-limited column dashboard pages sit in. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className="@container mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10 lg:px-10">{children}</div>;
}
