import type { SampleWork } from "../../../../contracts/assignments";
import { formatScore, plural } from "../format";
import { sampleName } from "./sample-list";

type FitSample = { sampleId?: string; sampleIndex: number; teacherScore: number; engineScore: number; difference: number };
type Fit = {
  method: "leave-one-out" | "prior-only" | "none";
  sampleCount: number;
  meanAbsoluteError: number | null;
  withinTolerance: number | null;
  tolerance: number;
  samples: FitSample[];
};

/** The server stores the fit as opaque JSON (contracts: z.unknown()); read only what is shown, defensively. */
export function readCalibrationFit(value: unknown): Fit | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const fit = value as Record<string, unknown>;
  if (fit.method !== "leave-one-out" && fit.method !== "prior-only" && fit.method !== "none") return undefined;
  const number = (key: string) => (typeof fit[key] === "number" ? (fit[key] as number) : null);
  const samples = Array.isArray(fit.samples)
    ? fit.samples.filter((item): item is FitSample => typeof item === "object" && item !== null && typeof (item as FitSample).engineScore === "number" && typeof (item as FitSample).teacherScore === "number")
    : [];
  return { method: fit.method, sampleCount: number("sampleCount") ?? samples.length, meanAbsoluteError: number("meanAbsoluteError"), withinTolerance: number("withinTolerance"), tolerance: number("tolerance") ?? 0, samples };
}

/** How well the engine reproduced the teacher's own samples, each graded without itself. */
export function CalibrationFitSummary({ fit: raw, samples }: { fit: unknown; samples: readonly SampleWork[] }) {
  const fit = readCalibrationFit(raw);
  if (!fit || fit.method === "none" || fit.sampleCount === 0) {
    return <p className="text-sm text-muted-foreground">No graded samples yet, so there is nothing to compare the engine with.</p>;
  }
  const within = fit.withinTolerance === null ? 0 : Math.round(fit.withinTolerance * fit.sampleCount);
  return (
    <div className="grid gap-3 text-sm">
      <p className="leading-relaxed">
        {fit.method === "leave-one-out"
          ? `Each of your ${fit.sampleCount} samples was graded by the engine calibrated on the others only. `
          : "With one sample the engine grades from its built-in starting point; add a second sample to calibrate on your grading. "}
        {fit.meanAbsoluteError === null ? null : (
          <>
            Average difference from your score: <strong className="tabular-nums">{formatScore(fit.meanAbsoluteError)} points</strong>;{" "}
            <strong className="tabular-nums">
              {within} of {plural(fit.sampleCount, "sample")}
            </strong>{" "}
            within {formatScore(fit.tolerance)} points.
          </>
        )}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-left">
          <caption className="sr-only">Engine score versus your score for each sample</caption>
          <thead className="text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">Sample</th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">Your score</th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">Engine</th>
              <th scope="col" className="py-1.5 text-right font-medium">Difference</th>
            </tr>
          </thead>
          <tbody>
            {fit.samples.map((item) => {
              const index = samples.findIndex((sample) => sample.id === item.sampleId);
              const name = index >= 0 ? sampleName(samples[index]!, index) : `Sample ${item.sampleIndex + 1}`;
              return (
                <tr key={item.sampleId ?? item.sampleIndex} className="border-t border-border/70">
                  <th scope="row" className="max-w-[12rem] py-1.5 pr-3 font-normal wrap-anywhere">{name}</th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatScore(item.teacherScore)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatScore(item.engineScore)}</td>
                  <td className="py-1.5 text-right tabular-nums">{item.difference > 0 ? "+" : ""}{formatScore(item.difference)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
