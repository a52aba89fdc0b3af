import { Info } from "lucide-react";
import type { SimilarityMatchView } from "../../../../contracts/submissions";

/** Passages this work shares with other students' work, side by side, framed as something to look at. */
export function OverlapSection({ matches, studentName }: { matches: SimilarityMatchView[]; studentName: string }) {
  return (
    <section aria-labelledby="overlap-heading" className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6">
      <h3 id="overlap-heading" className="font-display text-xl font-semibold tracking-tight">
        Overlap with other work
      </h3>
      <p className="flex gap-2 rounded-xl bg-muted p-3 text-sm leading-relaxed text-muted-foreground">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          This is evidence for you to look at, not an accusation. Shared passages can come from a quoted source, the prompt, common phrases or
          students working together as allowed. Read both sides and decide.
        </span>
      </p>
      <ul className="grid gap-5">
        {matches.map((match) => (
          <li key={match.otherSubmissionId} className="grid gap-2.5">
            <p className="text-sm">
              <span className="font-semibold">{match.similarity}% similar</span> to {match.otherStudentName}
              <span className="text-muted-foreground"> in {match.otherAssignmentTitle}</span>
            </p>
            <ol aria-label={`Matching passages with ${match.otherStudentName}`} className="grid gap-4 sm:gap-2">
              {match.matches.map((passage) => (
                <li key={`${passage.aStart}-${passage.bStart}`} className="grid gap-2 sm:grid-cols-2">
                  <Passage label={`${studentName} (this submission)`} text={passage.aText} />
                  <Passage label={match.otherStudentName} text={passage.bText} />
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Passage({ label, text }: { label: string; text: string }) {
  return (
    <figure className="min-w-0 rounded-lg border border-border p-3">
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      <blockquote className="mt-1 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap">{text}</blockquote>
    </figure>
  );
}
