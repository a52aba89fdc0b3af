import type { GradingSettings } from "../../../../contracts/assignments";
import { feedbackLengthLabels, gradingApproachLabels, latePolicyLabels, toneLabels } from "../../teacher-profile/components/grading-fields";
import { formatScore } from "../format";

/** "10% off per day, up to 7 days late": one wording for an assignment's policy and the teacher profile's. */
export function describeLatePolicy(policy: { type: GradingSettings["latePolicyType"]; penaltyPerDay: number; maxLateDays: number }): string {
  if (policy.type === "none") return latePolicyLabels.none;
  const unit = policy.type === "percentage" ? "%" : " points";
  return `${formatScore(policy.penaltyPerDay)}${unit} off per day, up to ${policy.maxLateDays} days late`;
}

export function SummaryList({ items }: { items: readonly { term: string; value: string }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.term} className="grid gap-0.5 border-b border-border/70 pb-2.5">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{item.term}</dt>
          <dd className="text-sm font-medium wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function gradingSummary(settings: GradingSettings): { term: string; value: string }[] {
  return [
    { term: "Feedback tone", value: toneLabels[settings.tone].label },
    { term: "Strictness", value: `${settings.strictness} / 100` },
    { term: "Feedback length", value: feedbackLengthLabels[settings.feedbackLength].label },
    { term: "Grammar vs. content", value: `${settings.grammarVsContent}% grammar, ${100 - settings.grammarVsContent}% content` },
    { term: "Grading approach", value: gradingApproachLabels[settings.holisticVsPoints].label },
  ];
}

export function guardrailSummary(settings: GradingSettings): { term: string; value: string }[] {
  return [
    { term: "Auto-accept threshold", value: `${settings.autoAcceptThreshold}% confidence` },
    { term: "Late submissions", value: describeLatePolicy({ type: settings.latePolicyType, penaltyPerDay: settings.latePenalty, maxLateDays: settings.maxLateDays }) },
    { term: "Plagiarism check", value: settings.plagiarismCheck ? `On, flags similarity above ${settings.plagiarismThreshold}%` : "Off" },
  ];
}
