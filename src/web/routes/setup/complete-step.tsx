import type { ReactNode } from "react";
import type { SetupState } from "../../../core/setup";
import { describeLatePolicy } from "../../features/assignments/components/settings-summary";
import { feedbackLengthLabels, gradingApproachLabels, toneLabels } from "../../features/teacher-profile/components/grading-fields";
import { rubricTemplateLabel } from "../../../core/setup";
import { criterionLabel } from "./step-text";

/** The summary checked before finishing. */
export function CompleteSummary({ state }: { state: SetupState }) {
  const { profile, rubric, samples } = state;
  // Heaviest first: the order the presets list them in, whatever order the stored object has.
  const weights = Object.entries(rubric.weights ?? {}).sort(([, a], [, b]) => b - a);
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      <Row term="Name">{profile.name}</Row>
      <Row term="School">{profile.school}</Row>
      <Row term="Course">{profile.course}</Row>
      <Row term="Department">{profile.department?.trim() || "Not set"}</Row>
      <Row term="Tone">{profile.tone ? toneLabels[profile.tone].label : "Not set"}</Row>
      <Row term="Strictness">{profile.strictness ?? "Not set"}</Row>
      <Row term="Feedback length">{profile.feedbackLength ? feedbackLengthLabels[profile.feedbackLength].label : "Not set"}</Row>
      <Row term="Grammar vs. content">{profile.grammarVsContent !== undefined ? `${profile.grammarVsContent}% grammar` : "Not set"}</Row>
      <Row term="Grading approach">{profile.gradingApproach ? gradingApproachLabels[profile.gradingApproach].label : "Not set"}</Row>
      <Row term="Late policy">
        {profile.latePolicy ? describeLatePolicy(profile.latePolicy) : "Not set"}
      </Row>
      <Row term="Auto-accept threshold">{profile.autoAcceptThreshold !== undefined ? `${profile.autoAcceptThreshold}%` : "Not set"}</Row>
      <Row term="Rubric template">{rubric.template ? rubricTemplateLabel(rubric.template) : "Not set"}</Row>
      <Row term="Weights" wide>
        {weights.length ? weights.map(([key, value]) => `${criterionLabel(key)} ${value}%`).join(", ") : "Not set"}
      </Row>
      <Row term="Graded samples">{samples.length}</Row>
    </dl>
  );
}

function Row({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}
