import { latePolicyTypes } from "../../../../contracts/teacher-profile";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { gradingSummary, SummaryList } from "../../../features/assignments/components/settings-summary";
import { Switch } from "../../../features/assignments/components/switch";
import { displayTitle, formatLongDate, formatScore, parseDueDate, typeLabel } from "../../../features/assignments/format";
import { Field, PercentSlider } from "../../../features/teacher-profile/components/form-parts";
import { latePolicyLabels } from "../../../features/teacher-profile/components/grading-fields";
import type { WizardStepProps } from "./types";

type LatePolicyType = (typeof latePolicyTypes)[number];

function numberOrNaN(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/** Step 5: the summary, the grading settings and the guardrails; Finish turns autograding on. */
export function ReviewStep({ draft, updateSettings }: WizardStepProps) {
  const settings = draft.gradingSettings;
  const dueDate = parseDueDate(draft.dueDate);
  return (
    <div className="grid gap-8">
      <section aria-labelledby="review-summary-heading" className="grid gap-3">
        <h3 id="review-summary-heading" className="font-display text-lg font-semibold tracking-tight">
          Summary
        </h3>
        <SummaryList
          items={[
            { term: "Title", value: displayTitle(draft) },
            { term: "Type", value: typeLabel(draft.type) },
            { term: "Due date", value: dueDate ? formatLongDate(dueDate) : "Not set" },
            { term: "Total points", value: formatScore(draft.rubric.totalPoints) },
            { term: "Criteria", value: String(draft.rubric.criteria.length) },
            { term: "Samples", value: String(draft.sampleWork.length) },
          ]}
        />
      </section>

      <section aria-labelledby="review-settings-heading" className="grid gap-3">
        <h3 id="review-settings-heading" className="font-display text-lg font-semibold tracking-tight">
          Grading settings
        </h3>
        <SummaryList items={gradingSummary(settings)} />
      </section>

      <section aria-labelledby="review-guardrails-heading" className="grid gap-6">
        <h3 id="review-guardrails-heading" className="font-display text-lg font-semibold tracking-tight">
          Guardrails
        </h3>
        <PercentSlider
          id="auto-accept-threshold"
          label="Auto-accept threshold"
          value={settings.autoAcceptThreshold}
          onChange={(autoAcceptThreshold) => updateSettings({ autoAcceptThreshold })}
          suffix="%"
          hint={`Grades with confidence above ${settings.autoAcceptThreshold}% are accepted automatically; the others wait for your review.`}
        />

        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Late submission policy" htmlFor="late-policy">
            <Select value={settings.latePolicyType} onValueChange={(value) => updateSettings({ latePolicyType: value as LatePolicyType })}>
              <SelectTrigger id="late-policy">
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
          {settings.latePolicyType === "none" ? null : (
            <>
              <Field label={settings.latePolicyType === "percentage" ? "Penalty per day (%)" : "Penalty per day (points)"} htmlFor="late-penalty">
                <Input
                  id="late-penalty"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step="any"
                  value={Number.isFinite(settings.latePenalty) ? settings.latePenalty : ""}
                  onChange={(event) => updateSettings({ latePenalty: numberOrNaN(event.target.value) })}
                />
              </Field>
              <Field label="Maximum late days" htmlFor="max-late-days">
                <Input
                  id="max-late-days"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={365}
                  step={1}
                  value={Number.isFinite(settings.maxLateDays) ? settings.maxLateDays : ""}
                  onChange={(event) => updateSettings({ maxLateDays: numberOrNaN(event.target.value) })}
                />
              </Field>
            </>
          )}
        </div>

        <div className="grid gap-4 rounded-xl border border-border p-4">
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor="plagiarism-check">Plagiarism check</Label>
              <p id="plagiarism-check-hint" className="text-xs leading-relaxed text-muted-foreground">
                Compare each submission with the others in this assignment and flag close matches for your review.
              </p>
            </div>
            <Switch
              id="plagiarism-check"
              checked={settings.plagiarismCheck}
              onCheckedChange={(plagiarismCheck) => updateSettings({ plagiarismCheck })}
              aria-describedby="plagiarism-check-hint"
            />
          </div>
          {settings.plagiarismCheck ? (
            <PercentSlider
              id="plagiarism-threshold"
              label="Similarity threshold"
              value={settings.plagiarismThreshold}
              onChange={(plagiarismThreshold) => updateSettings({ plagiarismThreshold })}
              suffix="%"
              hint={`Submissions more than ${settings.plagiarismThreshold}% similar to another are flagged.`}
            />
          ) : null}
        </div>
      </section>
    </div>
  );
}
