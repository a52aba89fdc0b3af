import { TriangleAlert } from "lucide-react";
import { useId } from "react";

/**
 * What the text checks found (decision 023), one sentence each, under "Check the text": on the review page and in the
 * calibration preview, so a confidence capped at 50 always comes with its reason.
 */
export function TextConcernsNotice({ concerns, heading: Heading = "h3" }: { concerns: readonly string[]; heading?: "h3" | "h4" }) {
  const headingId = useId();
  if (!concerns.length) return null;
  return (
    <section aria-labelledby={headingId} className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div className="grid gap-0.5">
        <Heading id={headingId} className="font-medium">
          Check the text
        </Heading>
        {concerns.map((concern) => (
          <p key={concern} className="text-muted-foreground">
            {concern}
          </p>
        ))}
      </div>
    </section>
  );
}
