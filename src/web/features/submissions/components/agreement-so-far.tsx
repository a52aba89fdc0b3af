import type { AgreementGrowth } from "../../../../contracts/submissions";
import { formatScore } from "../../assignments/format";

const pointsText = (points: number) => `${formatScore(points)} ${points === 1 ? "point" : "points"}`;

/**
 * How often the grader's proposed grade was within tolerance of the grade the teacher settled on, over every review
 * and in runs of ten in review order: whether reviewing is teaching it. Nothing until there is a review.
 */
export function AgreementSoFar({ growth }: { growth: AgreementGrowth }) {
  if (growth.reviewedCount === 0) return null;
  const { groups } = growth;
  const last = groups.at(-1)!;
  const qwk = growth.qwk === null ? "" : ` (QWK ${growth.qwk.toFixed(2)})`;
  return (
    <section aria-labelledby="agreement-so-far-heading" className="grid gap-1 text-sm">
      <h3 id="agreement-so-far-heading" className="sr-only">
        Agreement with your reviews
      </h3>
      <p>
        {`Agreement so far: ${growth.withinTolerance} of ${growth.reviewedCount} within ${pointsText(growth.tolerance)} of your grade${qwk}`}
        {groups.length > 1 ? `; the last ${last.count}: ${last.withinTolerance} of ${last.count}.` : "."}
      </p>
      {groups.length > 1 ? (
        <p className="text-muted-foreground">
          {`By order of review: ${groups.map((group) => `${group.from}-${group.to}: ${group.withinTolerance} of ${group.count}`).join("; ")}.`}
        </p>
      ) : null}
    </section>
  );
}
