import { FileText, Trash2, TriangleAlert } from "lucide-react";
import { sampleRubricMismatch, type SampleWork } from "../../../../contracts/assignments";
import type { Criterion } from "../../../../contracts/teacher-profile";
import { formatScore, maxSampleScore } from "../format";
import { CollapsibleSection } from "./collapsible-section";

export function sampleName(sample: SampleWork, index: number): string {
  return sample.file ? `Sample ${index + 1}: ${sample.file.name}` : `Sample ${index + 1}`;
}

/** Graded samples with their overall score and the collapsible content, feedback and criterion scores. */
export function SampleList({ samples, criteria, onRemove }: { samples: readonly SampleWork[]; criteria: readonly Criterion[]; onRemove?: (id: string) => void }) {
  const outOf = maxSampleScore(criteria);
  return (
    <ul className="grid gap-3">
      {samples.map((sample, index) => {
        // Scored on an earlier rubric that this one cannot hold: the grader leaves it out until it is uploaded again.
        const mismatch = sampleRubricMismatch(criteria, sample);
        return (
          <li key={sample.id} className="rounded-xl border border-border bg-surface p-3.5">
            <div className="flex items-start gap-3">
              <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere">{sampleName(sample, index)}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  Overall score: <span className="font-semibold text-foreground tabular-nums">{formatScore(sample.score)}</span> / {formatScore(outOf)}
                </p>
              </div>
              {onRemove ? (
                <button
                  type="button"
                  aria-label={`Remove ${sampleName(sample, index)}`}
                  onClick={() => onRemove(sample.id)}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              ) : null}
            </div>
            {mismatch ? (
              <p role="note" className="mt-3 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-sm">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
                <span>
                  <span className="font-medium">Not used to calibrate.</span> {mismatch}
                </span>
              </p>
            ) : null}
            <div className="mt-3 grid gap-2">
              <CollapsibleSection title="View Content">
                <p className="max-h-64 overflow-y-auto leading-relaxed whitespace-pre-wrap wrap-anywhere">{sample.content}</p>
              </CollapsibleSection>
              <CollapsibleSection title="View Feedback">
                <p className="leading-relaxed whitespace-pre-wrap wrap-anywhere">{sample.feedback}</p>
              </CollapsibleSection>
              <CollapsibleSection title="Criterion Scores">
                {criteria.length ? (
                  <ul className="grid gap-1">
                    {criteria.map((item) => {
                      const score = sample.criteriaScores[item.id];
                      return (
                        <li key={item.id} className="flex justify-between gap-3">
                          <span className="min-w-0 wrap-anywhere">{item.name}</span>
                          <span className="shrink-0 tabular-nums">
                            {score === undefined ? "Not scored" : `${formatScore(score)}/${formatScore(item.maxPoints)}`}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <p className="text-muted-foreground">The rubric has no criteria yet.</p>
                )}
              </CollapsibleSection>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
