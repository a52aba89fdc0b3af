import { ShieldCheck, ShieldQuestion } from "lucide-react";
import type { AgreementView } from "../../../../contracts/submissions";
import { Spinner } from "../../../components/ui/spinner";

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * How often the grader's grade matched the teacher's reviewed one: the gate auto-accept must pass before it is
 * trusted. Refreshed after every review.
 */
export function AgreementPanel({ agreement }: { agreement: AgreementView | undefined }) {
  const hasReviews = Boolean(agreement && agreement.reviewedCount > 0);
  return (
    <section aria-labelledby="agreement-heading" className="rounded-2xl border border-border bg-surface p-4 shadow-card">
      <h2 id="agreement-heading" className="font-display text-lg font-semibold tracking-tight">
        Grader agreement with your reviews
      </h2>
      {agreement ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Figure term="Reviewed" value={agreement.reviewedCount < agreement.minimumReviewed ? `${agreement.reviewedCount} of ${agreement.minimumReviewed} needed` : String(agreement.reviewedCount)} />
            <Figure term="Exact" value={hasReviews ? percent(agreement.exact) : "-"} />
            <Figure term="Within tolerance" value={hasReviews ? percent(agreement.adjacent) : "-"} />
            <Figure term="QWK" value={hasReviews ? agreement.qwk.toFixed(2) : "-"} />
          </dl>
          <p className="mt-3 flex gap-2 text-sm leading-snug text-muted-foreground">
            {agreement.isAutoAcceptTrusted ? <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" /> : <ShieldQuestion aria-hidden className="mt-0.5 size-4 shrink-0" />}
            <span>{agreement.explanation}</span>
          </p>
        </>
      ) : (
        <Spinner size="sm" className="mt-3" label="Loading agreement..." />
      )}
    </section>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
