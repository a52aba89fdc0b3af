const criteria = [
  { name: "Evidence", score: 34, max: 40 },
  { name: "Analysis", score: 21, max: 25 },
  { name: "Organization", score: 17, max: 20 },
  { name: "Mechanics", score: 12, max: 15 },
];

/**
 * A decorative, clearly labelled example of a suggested grade, so visitors can picture the product.
 * Hidden from assistive technology: the hero text already says what it shows.
 */
export function GradingPreview() {
  const total = criteria.reduce((sum, item) => sum + item.score, 0);
  const max = criteria.reduce((sum, item) => sum + item.max, 0);
  return (
    <div aria-hidden className="relative w-full max-w-md select-none lg:mx-auto">
      <div className="absolute -inset-3 -z-10 rounded-[2rem] bg-accent-soft/70 blur-2xl" />
      <div className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Example · Argumentative Essay</p>
            <p className="mt-1 font-display text-lg leading-snug font-semibold text-balance">The causes of the Dust Bowl</p>
          </div>
          <span className="shrink-0 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-strong">Suggested</span>
        </div>

        <ul className="mt-5 grid gap-3">
          {criteria.map((item) => (
            <li key={item.name} className="grid gap-1.5">
              <div className="flex justify-between text-sm">
                <span className="text-foreground">{item.name}</span>
                <span className="text-muted-foreground tabular-nums">
                  {item.score}/{item.max}
                </span>
              </div>
              <div className="h-1.5 overflow-hidden rounded-full bg-muted">
                <div className="h-full rounded-full bg-primary/80" style={{ width: `${(item.score / item.max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-5 rounded-xl bg-muted/70 p-4 text-sm leading-relaxed text-muted-foreground">
          <span className="font-medium text-foreground">Feedback in your voice: </span>
          Your thesis is clear and your use of the 1935 rainfall data is persuasive. Next, explain how farming practices and
          drought worked together.
        </div>

        <div className="mt-5 flex items-center justify-between border-t border-border pt-4 text-sm">
          <span className="text-muted-foreground">
            Total <span className="font-semibold text-foreground tabular-nums">{total}</span>/{max}
          </span>
          <span className="text-muted-foreground">
            Confidence <span className="font-semibold text-primary tabular-nums">92%</span>
          </span>
        </div>
      </div>
    </div>
  );
}
