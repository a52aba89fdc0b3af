import { feedbackLengths, gradingDefaults, gradingApproaches, latePolicyTypes, tones, type LatePolicy } from "../../../../contracts/teacher-profile";
import type { SetupProfile } from "../../../../core/setup";
import { Input } from "../../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { ChoiceCards, Field, PercentSlider } from "./form-parts";

type Tone = (typeof tones)[number];
type FeedbackLength = (typeof feedbackLengths)[number];
type GradingApproach = (typeof gradingApproaches)[number];
type LatePolicyType = (typeof latePolicyTypes)[number];

export const toneLabels: Record<Tone, { label: string; description: string }> = {
  gentle: { label: "Gentle", description: "Warm and encouraging; softens criticism." },
  neutral: { label: "Neutral", description: "Plain and balanced." },
  direct: { label: "Direct", description: "Straight to the point about what to fix." },
};
export const feedbackLengthLabels: Record<FeedbackLength, { label: string; description: string }> = {
  short: { label: "Short", description: "A few sentences." },
  standard: { label: "Standard", description: "A paragraph per criterion." },
  detailed: { label: "Detailed", description: "Line-level comments and next steps." },
};
export const gradingApproachLabels: Record<GradingApproach, { label: string; description: string }> = {
  holistic: { label: "Holistic", description: "One overall judgement of the work." },
  points: { label: "Points", description: "Points per rubric criterion, added up." },
};
export const latePolicyLabels: Record<LatePolicyType, string> = {
  none: "No late penalty",
  percentage: "Percentage off per day",
  points: "Points off per day",
};

export type FieldErrors = Record<string, string | undefined>;

/**
 * The grading preferences a teacher sets, shared by the setup's Preferences step and Settings. The late-policy
 * penalty fields hide when the policy is none (spec section 4).
 */
export function GradingFields({
  idPrefix,
  values,
  onChange,
  errors = {},
  include = "all",
}: {
  idPrefix: string;
  values: SetupProfile;
  onChange: (patch: Partial<SetupProfile>) => void;
  errors?: FieldErrors;
  /** "preferences" leaves out the guardrails (late policy, auto-accept threshold) that Settings also shows. */
  include?: "all" | "preferences";
}) {
  const latePolicy: LatePolicy = values.latePolicy ?? { ...gradingDefaults.latePolicy };
  const setLatePolicy = (patch: Partial<LatePolicy>) => onChange({ latePolicy: { ...latePolicy, ...patch } });
  const grammar = values.grammarVsContent ?? gradingDefaults.grammarVsContent;

  return (
    <div className="grid gap-7">
      <ChoiceCards
        name={`${idPrefix}-tone`}
        legend="Feedback tone"
        options={tones.map((tone) => ({ value: tone, ...toneLabels[tone] }))}
        value={values.tone}
        onChange={(tone) => onChange({ tone })}
        error={errors.tone}
      />
      <PercentSlider
        id={`${idPrefix}-strictness`}
        label="Strictness"
        value={values.strictness ?? gradingDefaults.strictness}
        onChange={(strictness) => onChange({ strictness })}
        minLabel="0 · lenient"
        maxLabel="100 · strict"
        error={errors.strictness}
      />
      <ChoiceCards
        name={`${idPrefix}-feedback-length`}
        legend="Feedback length"
        options={feedbackLengths.map((length) => ({ value: length, ...feedbackLengthLabels[length] }))}
        value={values.feedbackLength ?? gradingDefaults.feedbackLength}
        onChange={(feedbackLength) => onChange({ feedbackLength })}
        error={errors.feedbackLength}
      />
      <PercentSlider
        id={`${idPrefix}-grammar`}
        label="Grammar vs. content"
        value={grammar}
        onChange={(grammarVsContent) => onChange({ grammarVsContent })}
        hint={`${grammar}% of the grade on grammar and mechanics, ${100 - grammar}% on content.`}
        suffix="%"
        error={errors.grammarVsContent}
      />
      <ChoiceCards
        name={`${idPrefix}-approach`}
        legend="Grading approach"
        columns={2}
        options={gradingApproaches.map((approach) => ({ value: approach, ...gradingApproachLabels[approach] }))}
        value={values.gradingApproach ?? gradingDefaults.gradingApproach}
        onChange={(gradingApproach) => onChange({ gradingApproach })}
        error={errors.gradingApproach}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
        <input
          type="checkbox"
          checked={values.strengthsFirst ?? gradingDefaults.strengthsFirst}
          onChange={(event) => onChange({ strengthsFirst: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <span className="grid gap-0.5">
          <span className="font-medium">Start feedback with strengths</span>
          <span className="text-xs text-muted-foreground">Say what the student did well before what to improve.</span>
        </span>
      </label>

      {include === "all" ? (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Late policy" htmlFor={`${idPrefix}-late-type`} error={errors["latePolicy.type"] ?? errors.latePolicy}>
              <Select value={latePolicy.type} onValueChange={(type) => setLatePolicy({ type: type as LatePolicyType })}>
                <SelectTrigger id={`${idPrefix}-late-type`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {latePolicyTypes.map((type) => (
                    <SelectItem key={type} value={type}>
                      {latePolicyLabels[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            {latePolicy.type !== "none" ? (
              <>
                <Field
                  label={latePolicy.type === "percentage" ? "Penalty per day (%)" : "Penalty per day (points)"}
                  htmlFor={`${idPrefix}-late-penalty`}
                  error={errors["latePolicy.penaltyPerDay"]}
                >
                  <NumberInput id={`${idPrefix}-late-penalty`} value={latePolicy.penaltyPerDay} min={0} max={100} onChange={(penaltyPerDay) => setLatePolicy({ penaltyPerDay })} invalid={Boolean(errors["latePolicy.penaltyPerDay"])} />
                </Field>
                <Field label="Maximum late days" htmlFor={`${idPrefix}-late-days`} error={errors["latePolicy.maxLateDays"]}>
                  <NumberInput id={`${idPrefix}-late-days`} value={latePolicy.maxLateDays} min={0} max={365} onChange={(maxLateDays) => setLatePolicy({ maxLateDays })} invalid={Boolean(errors["latePolicy.maxLateDays"])} />
                </Field>
              </>
            ) : null}
          </div>
          <PercentSlider
            id={`${idPrefix}-auto-accept`}
            label="Auto-accept threshold"
            value={values.autoAcceptThreshold ?? gradingDefaults.autoAcceptThreshold}
            onChange={(autoAcceptThreshold) => onChange({ autoAcceptThreshold })}
            hint="Grades with a confidence above this are accepted automatically; the rest wait for your review."
            suffix="%"
            error={errors.autoAcceptThreshold}
          />
        </>
      ) : null}
    </div>
  );
}

/** A number field that keeps what is typed (even empty) and reports NaN-free numbers only. */
function NumberInput({ id, value, min, max, onChange, invalid }: { id: string; value: number; min: number; max: number; onChange: (value: number) => void; invalid: boolean }) {
  return (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      value={Number.isFinite(value) ? value : ""}
      onChange={(event) => onChange(event.target.value === "" ? Number.NaN : Number(event.target.value))}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
    />
  );
}
