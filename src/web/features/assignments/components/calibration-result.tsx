import type { CalibrationPreview, SampleWork } from "../../../../contracts/assignments";
import type { Criterion } from "../../../../contracts/teacher-profile";
import { TextConcernsNotice } from "../../../components/text-concerns-notice";
import { cn } from "../../../lib/utils";
import { formatScore, maxSampleScore, plural } from "../format";

/** The engine is calibrated on every sample but the previewed one: say so, with the count. */
export function calibratedOnText(count: number): string {
  if (count === 0) return "Calibrated on 0 other samples: with a single sample the engine grades from its built-in starting point only.";
  return `Calibrated on ${plural(count, "other sample")}`;
}

/** The result in one sentence, for a screen reader told of its arrival (the figures above, not the feedback). */
export function previewSummary(preview: CalibrationPreview, sampleLabel: string, criteria: readonly Criterion[]): string {
  const outOf = formatScore(maxSampleScore(criteria));
  return `Preview of ${sampleLabel} ready. Confidence Score ${Math.round(preview.confidence)}%. Overall score predicted ${formatScore(preview.predictedOverall)}, actual ${formatScore(preview.actualOverall)}, out of ${outOf}.`;
}

function ScoreBar({ label, predicted, actual, max }: { label: string; predicted: number; actual: number | undefined; max: number }) {
  const share = (value: number) => `${Math.max(0, Math.min(100, max > 0 ? (value / max) * 100 : 0))}%`;
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
        <span className="min-w-0 font-medium wrap-anywhere">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          Predicted <span className="font-semibold text-foreground">{formatScore(predicted)}</span>
          {" · "}Actual <span className="font-semibold text-foreground">{actual === undefined ? "not scored" : formatScore(actual)}</span>
          {" / "}
          {formatScore(max)}
        </span>
      </div>
      <div
        role="img"
        aria-label={`${label}: predicted ${formatScore(predicted)}, actual ${actual === undefined ? "not scored" : formatScore(actual)}, out of ${formatScore(max)}`}
        className="relative h-2.5 rounded-full bg-border"
      >
        <div className="absolute inset-y-0 left-0 rounded-full bg-primary" style={{ width: share(predicted) }} />
        {actual === undefined ? null : <div className="absolute -inset-y-1 w-0.5 -translate-x-1/2 rounded bg-foreground" style={{ left: share(actual) }} />}
      </div>
    </div>
  );
}

/**
 * Holistic grading judges the whole piece, so its overall need not be the criteria's sum; shown side by side without
 * a word, a predicted 0 above criteria adding up to 13 read as a fault.
 */
function HolisticNote({ preview, criteria }: { preview: CalibrationPreview; criteria: readonly Criterion[] }) {
  const sum = criteria.reduce((total, item) => total + (preview.predictedScores[item.id] ?? 0), 0);
  if (criteria.length < 2 || Math.abs(sum - preview.predictedOverall) < 0.5) return null;
  return (
    <p className="text-xs text-muted-foreground">
      The predicted criteria add up to {formatScore(sum)}: with holistic grading the overall score is judged on the whole piece, so it can differ from their sum.
    </p>
  );
}

/** Confidence, predicted versus actual per criterion (bar = predicted, tick = the teacher's score), both feedbacks. */
export function CalibrationResult({ preview, criteria, sample }: { preview: CalibrationPreview; criteria: readonly Criterion[]; sample: SampleWork | undefined }) {
  const confidence = Math.round(preview.confidence);
  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-accent-soft p-4">
          <p className="text-sm font-medium text-accent-strong">Confidence Score</p>
          <p className="mt-1 font-display text-3xl font-semibold tabular-nums text-accent-strong">{confidence}%</p>
          <p className="mt-1 text-xs text-accent-strong/85">{calibratedOnText(preview.calibratedOn)}</p>
        </div>
        <div className="rounded-xl border border-border p-4">
          <p className="text-sm font-medium">Overall score</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Predicted <span className="font-display text-2xl font-semibold tabular-nums text-foreground">{formatScore(preview.predictedOverall)}</span>
            {" · "}Actual <span className="font-display text-2xl font-semibold tabular-nums text-foreground">{formatScore(preview.actualOverall)}</span>
            {" / "}
            {formatScore(maxSampleScore(criteria))}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{preview.grader === "llm" ? "Graded by your school's AI model." : "Graded by Markwise's built-in engine."}</p>
        </div>
      </div>

      <TextConcernsNotice concerns={preview.concerns} heading="h4" />

      {criteria.length ? (
        <section aria-label="Predicted and actual scores per criterion" className="grid gap-3.5">
          <h4 className="text-sm font-semibold">Scores per criterion</h4>
          {criteria.map((item) => (
            <ScoreBar key={item.id} label={item.name} predicted={preview.predictedScores[item.id] ?? 0} actual={sample?.criteriaScores[item.id]} max={item.maxPoints} />
          ))}
          <p className="text-xs text-muted-foreground">The bar is the predicted score; the dark mark is the score you gave.</p>
          <HolisticNote preview={preview} criteria={criteria} />
        </section>
      ) : null}

      <div className="grid gap-3 md:grid-cols-2">
        <FeedbackBox title="Generated feedback" text={preview.predictedFeedback} accent />
        <FeedbackBox title="Original feedback" text={sample?.feedback ?? "This sample is no longer in the assignment."} />
      </div>
    </div>
  );
}

function FeedbackBox({ title, text, accent = false }: { title: string; text: string; accent?: boolean }) {
  return (
    <section aria-label={title} className={cn("rounded-xl border p-4", accent ? "border-primary/30 bg-accent-soft/40" : "border-border")}>
      <h4 className="text-sm font-semibold">{title}</h4>
      <p className="mt-2 text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere">{text}</p>
    </section>
  );
}
