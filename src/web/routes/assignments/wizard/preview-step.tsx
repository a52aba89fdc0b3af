import { LoaderCircle, Sparkles } from "lucide-react";
import { useState } from "react";
import { assignmentMessages } from "../../../../contracts/assignments";
import { feedbackLengths, tones } from "../../../../contracts/teacher-profile";
import { Button } from "../../../components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { generateCalibrationPreview } from "../../../features/assignments/api";
import { CalibrationResult, previewSummary } from "../../../features/assignments/components/calibration-result";
import { sampleName } from "../../../features/assignments/components/sample-list";
import { showFailure } from "../../../features/assignments/toasts";
import { ChoiceCards, Field, PercentSlider } from "../../../features/teacher-profile/components/form-parts";
import { feedbackLengthLabels, toneLabels } from "../../../features/teacher-profile/components/grading-fields";
import type { WizardStepProps } from "./types";

/** Step 4: grade one sample with the engine calibrated on the others; the controls also set the grading settings. */
export function PreviewStep({ draft, update, updateSettings, disabled }: WizardStepProps) {
  const samples = draft.sampleWork;
  const [sampleId, setSampleId] = useState(samples[0]?.id ?? "");
  const [isGenerating, setIsGenerating] = useState(false);
  // The result appears below the button, out of a screen reader's way: its arrival is told in a sentence. Emptied at
  // each start, so the same result generated again is told again.
  const [announcement, setAnnouncement] = useState("");
  const settings = draft.gradingSettings;
  const preview = draft.calibrationPreview;
  const previewIndex = preview ? samples.findIndex((sample) => sample.id === preview.sampleId) : -1;

  async function generate() {
    if (!sampleId || isGenerating) return;
    setIsGenerating(true);
    setAnnouncement("");
    try {
      const result = await generateCalibrationPreview(draft.id, sampleId, { strictness: settings.strictness, tone: settings.tone, feedbackLength: settings.feedbackLength });
      update({ calibrationPreview: result });
      const index = samples.findIndex((sample) => sample.id === result.sampleId);
      if (index >= 0) setAnnouncement(previewSummary(result, sampleName(samples[index]!, index), draft.rubric.criteria));
    } catch (error) {
      // A destructive toast is a foreground one: Radix announces it assertively, as an alert.
      showFailure(assignmentMessages.previewFailed, error);
    } finally {
      setIsGenerating(false);
    }
  }

  return (
    <div className="grid gap-7">
      <p className="text-sm leading-relaxed text-muted-foreground">
        See how Markwise would grade one of your samples, calibrated on your other samples only (a sample never grades itself), and compare it with the
        grade you gave. The settings below become this assignment&apos;s grading settings.
      </p>

      {samples.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">
          There are no graded samples to preview. Go back to Sample Work and upload one, or continue without a preview.
        </p>
      ) : (
        <Field label="Sample to preview" htmlFor="preview-sample">
          <Select value={sampleId} onValueChange={setSampleId}>
            <SelectTrigger id="preview-sample">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {samples.map((sample, index) => (
                <SelectItem key={sample.id} value={sample.id}>
                  {sampleName(sample, index)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}

      <PercentSlider
        id="preview-strictness"
        label="Strictness"
        value={settings.strictness}
        onChange={(strictness) => updateSettings({ strictness })}
        minLabel="0 · lenient"
        maxLabel="100 · strict"
      />
      <ChoiceCards
        name="preview-tone"
        legend="Feedback tone"
        options={tones.map((tone) => ({ value: tone, ...toneLabels[tone] }))}
        value={settings.tone}
        onChange={(tone) => updateSettings({ tone })}
      />
      <ChoiceCards
        name="preview-length"
        legend="Feedback length"
        options={feedbackLengths.map((length) => ({ value: length, ...feedbackLengthLabels[length] }))}
        value={settings.feedbackLength}
        onChange={(feedbackLength) => updateSettings({ feedbackLength })}
      />

      <div>
        <Button onClick={() => void generate()} disabled={!sampleId || isGenerating || disabled}>
          {isGenerating ? <LoaderCircle aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
          {isGenerating ? "Generating Preview..." : "Generate Preview"}
        </Button>
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      {preview && previewIndex >= 0 ? (
        <section aria-labelledby="preview-result-heading" className="grid gap-4 border-t border-border pt-6">
          <h3 id="preview-result-heading" className="font-display text-lg font-semibold tracking-tight">
            Preview of {sampleName(samples[previewIndex]!, previewIndex)}
          </h3>
          <CalibrationResult preview={preview} criteria={draft.rubric.criteria} sample={samples[previewIndex]} />
        </section>
      ) : null}
    </div>
  );
}
