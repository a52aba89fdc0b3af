import { useEffect, useMemo, useRef } from "react";
import { cn } from "../../../lib/utils";
import { criterionColor } from "./criterion-colors";
import { evidenceSegments } from "../../../../core/submissions/evidence";
import type { ReviewCriterion } from "./review-criteria";

type EvidenceTextProps = {
  content: string;
  criteria: ReviewCriterion[];
  /** Index of the criterion whose evidence stands out; the other highlights fade. */
  focused: number | null;
};

/**
 * The student's text with every evidence quote marked in its criterion's color and numbered after the criterion,
 * so two criteria quoting the same words stay apart without relying on color alone.
 */
export function EvidenceText({ content, criteria, focused }: EvidenceTextProps) {
  const { segments, missing } = useMemo(() => evidenceSegments(content, criteria.map((criterion) => criterion.engine?.quotes ?? [])), [content, criteria]);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focused === null) return;
    container.current?.querySelector(`mark[data-criteria~="${focused}"]`)?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [focused]);

  return (
    <div>
      <div ref={container} className="text-[0.95rem] leading-7 wrap-anywhere whitespace-pre-wrap">
        {segments.map((segment) =>
          segment.criteria.length === 0 ? (
            <span key={segment.start}>{segment.text}</span>
          ) : (
            <mark
              key={segment.start}
              data-criteria={segment.criteria.join(" ")}
              title={`Evidence for ${segment.criteria.map((index) => criteria[index]!.name).join(", ")}`}
              className={cn(
                "rounded-sm px-0.5 text-foreground transition-colors",
                focused === null
                  ? criterionColor(segment.criteria[0]!).mark
                  : segment.criteria.includes(focused)
                    ? criterionColor(focused).strong
                    : "bg-transparent underline decoration-input decoration-dotted",
              )}
            >
              {segment.text}
              <sup aria-hidden className="ml-0.5 text-[0.65rem] font-semibold text-muted-foreground">
                {segment.criteria.map((index) => index + 1).join(",")}
              </sup>
            </mark>
          ),
        )}
      </div>
      {missing.length ? (
        <div className="mt-4 rounded-lg border border-dashed border-input p-3 text-xs text-muted-foreground">
          <p className="font-medium text-foreground">Quoted evidence not found word for word in the text</p>
          <ul className="mt-1 grid gap-1">
            {missing.map((item, index) => (
              <li key={index}>
                {criteria[item.criterion]!.name}: “{item.quote}”
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
