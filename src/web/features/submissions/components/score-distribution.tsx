import type { Gradebook } from "../../../../contracts/submissions";
import { formatScore, plural } from "../../assignments/format";

type Distribution = Gradebook["distribution"][number];

/** Beyond this many bars a label under each would overlap, so only the ends are labelled. */
const maxLabelledBars = 21;

/** One small bar chart per criterion: how many students got each whole-point score, with the mean and median. */
export function ScoreDistribution({ distribution }: { distribution: Gradebook["distribution"] }) {
  return (
    <ul aria-label="Score distribution by criterion" className="grid gap-4 sm:grid-cols-2">
      {distribution.map((criterion) => (
        <li key={criterion.criterionId} className="grid gap-3 rounded-xl border border-border bg-surface p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 className="font-semibold">{criterion.name}</h3>
            <p className="text-xs text-muted-foreground">
              {criterion.graded
                ? `Mean ${formatScore(criterion.mean ?? 0)} · Median ${formatScore(criterion.median ?? 0)} · ${plural(criterion.graded, "grade")}`
                : "No grades yet"}
            </p>
          </div>
          <Bars criterion={criterion} />
        </li>
      ))}
    </ul>
  );
}

function Bars({ criterion }: { criterion: Distribution }) {
  const highest = Math.max(1, ...criterion.counts);
  const isEachLabelled = criterion.counts.length <= maxLabelledBars;
  return (
    <div>
      <div role="group" aria-label={`${criterion.name} scores`} className="flex h-28 items-end gap-0.5 border-b border-border pt-4">
        {criterion.counts.map((count, score) => (
          <div
            key={score}
            role="img"
            aria-label={`${criterion.name}: ${plural(count, "student")} scored ${score}`}
            title={`${plural(count, "student")} scored ${score}`}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
          >
            {count ? (
              <>
                <span aria-hidden className="text-[0.6875rem] font-medium text-muted-foreground tabular-nums">
                  {count}
                </span>
                <div className="w-full rounded-t-sm bg-primary" style={{ height: `${(count / highest) * 80}%` }} />
              </>
            ) : null}
          </div>
        ))}
      </div>
      <div aria-hidden className="mt-1 flex gap-0.5 text-[0.6875rem] text-muted-foreground tabular-nums">
        {isEachLabelled ? (
          criterion.counts.map((_, score) => (
            <span key={score} className="min-w-0 flex-1 text-center">
              {score}
            </span>
          ))
        ) : (
          <>
            <span className="flex-1">0</span>
            <span>{formatScore(criterion.maxPoints)}</span>
          </>
        )}
      </div>
    </div>
  );
}
