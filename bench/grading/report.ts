import { minimumScoredEssays, type SetResult } from "./evaluate.js";
import type { SpeedResult } from "./speed.js";

export interface Summary {
  k: number;
  dataset: string;
  sets: number;
  qwk: number;
  baselineQwk: number;
  humanQwk: number | null;
  meanTraitQwk: number | null;
  highConfidenceShare: number;
  highConfidenceWithin: number | null;
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export function summarize(results: SetResult[], ks: number[]): Summary[] {
  const out: Summary[] = [];
  for (const k of ks) {
    for (const dataset of [...new Set(results.map((r) => r.dataset))]) {
      const rs = results.filter((r) => r.k === k && r.dataset === dataset);
      const traits = rs.map((r) => r.meanTraitQwk).filter((x): x is number => x !== null);
      const humans = rs.map((r) => r.humanQwk).filter((x): x is number => x !== undefined);
      let hi = 0;
      let hiWithin = 0;
      let all = 0;
      for (const r of rs) {
        for (const b of r.confidence) {
          all += b.count;
          if (Number(b.band.split("-")[0]) >= 80) {
            hi += b.count;
            hiWithin += b.count * b.withinTolerance;
          }
        }
      }
      out.push({
        k,
        dataset,
        sets: rs.length,
        qwk: avg(rs.map((r) => r.qwk)),
        baselineQwk: avg(rs.map((r) => r.baselineQwk)),
        humanQwk: humans.length === rs.length ? avg(humans) : null,
        meanTraitQwk: traits.length ? avg(traits) : null,
        highConfidenceShare: all ? hi / all : 0,
        highConfidenceWithin: hi ? hiWithin / hi : null,
      });
    }
  }
  return out;
}

const f = (x: number | null | undefined, d = 3) => (x === null || x === undefined || Number.isNaN(x) ? "-" : x.toFixed(d));
const signedPct = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}%`;
const pct = (x: number | null | undefined) => (x === null || x === undefined ? "-" : `${(100 * x).toFixed(1)}%`);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function formatReport(report: {
  grader: string;
  method: string;
  samples?: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; platform: string };
  draws: number;
  seed: number;
  analysis: { essays: number; seconds: number };
  speed: SpeedResult;
  speedLong: SpeedResult;
  summary: Summary[];
  results: SetResult[];
  runtimeSeconds: number;
}): string {
  const lines: string[] = [];
  const m = report.machine;
  lines.push(`Grading benchmark: grader ${report.grader}, calibration ${report.method}, ${report.samples ?? "random"} samples, ${report.draws} draws, seed ${report.seed}`);
  lines.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; one thread used`);
  lines.push(`Prior: leave-one-set-out (refitted without the set being scored). QWK = mean over draws.`);
  lines.push(`A set is scored at k only if at least ${minimumScoredEssays} of its essays are left beyond the samples; the averages say how many sets that leaves.`);
  for (const k of [...new Set(report.results.map((r) => r.k))]) {
    lines.push("");
    lines.push(`== k = ${k} teacher samples per set ==`);
    const rows = report.results
      .filter((r) => r.k === k)
      .filter((r) => r.dataset !== "ellipse")
      .map((r) => [
        r.dataset,
        r.set,
        String(r.essays),
        `${f(r.qwk)}±${f(r.qwkSd, 2)}`,
        f(r.humanQwk),
        `${signedPct(r.bias)}±${(100 * r.biasSe).toFixed(1)} (${pct(r.absBias)}, max ${pct(r.maxAbsBias)})`,
        f(r.baselineQwk),
        f(r.meanTraitQwk),
        Object.values(r.traitQwk).map((x) => x.toFixed(2)).join(" ") || "-",
        f(r.mae, 2),
        pct(r.exact),
        pct(r.adjacent),
        `±${f(r.tolerance, 1)}:${pct(r.withinTolerance)}`,
        r.confidence.map((b) => (b.count ? `${pct(b.withinTolerance)}(${b.count})` : "-")).join(" "),
      ]);
    const ellipse = report.results.filter((r) => r.k === k && r.dataset === "ellipse");
    if (ellipse.length) {
      const e = (fn: (r: SetResult) => number) => avg(ellipse.map(fn));
      rows.push([
        "ellipse",
        `${ellipse.length} prompts`,
        String(ellipse.reduce((s, r) => s + r.essays, 0)),
        f(e((r) => r.qwk)),
        "-",
        `${signedPct(e((r) => r.bias))} (${pct(e((r) => r.absBias))}, max ${pct(Math.max(...ellipse.map((r) => r.maxAbsBias)))})`,
        f(e((r) => r.baselineQwk)),
        f(e((r) => r.meanTraitQwk ?? NaN)),
        "-",
        f(e((r) => r.mae), 2),
        pct(e((r) => r.exact)),
        pct(e((r) => r.adjacent)),
        `±${f(ellipse[0]!.tolerance, 1)}:${pct(e((r) => r.withinTolerance))}`,
        "-",
      ]);
    }
    lines.push(
      table(
        ["dataset", "set", "essays", "QWK", "human", "bias±se (|bias|, worst class)", "naive8", "traitQWK", "per-trait QWK", "MAE", "exact", "adjacent", "in tolerance", "conf 0-50 | 50-70 | 70-80 | 80-90 | 90-100: share in tolerance (n)"],
        rows,
      ),
    );
    lines.push("");
    for (const s of report.summary.filter((x) => x.k === k)) {
      lines.push(
        `average ${s.dataset.padEnd(9)} (${s.sets} sets): QWK ${f(s.qwk)} (human ${f(s.humanQwk)}, naive 8-feature ${f(s.baselineQwk)}), trait QWK ${f(s.meanTraitQwk)}, confidence>=80: ${pct(s.highConfidenceShare)} of grades, ${pct(s.highConfidenceWithin)} within tolerance`,
      );
    }
  }
  lines.push("");
  const sp = report.speed;
  lines.push(
    `Speed (full grading with quotes and feedback, one thread): ${sp.essays} ASAP essays of ${sp.meanWords.toFixed(0)} words on average: ${sp.essaysPerSecond.toFixed(0)} essays per CPU-second (median of ${sp.rounds.length} rounds; first round, empty spelling cache: ${sp.coldEssaysPerSecond.toFixed(0)}; wall clock on this machine now: ${sp.wallEssaysPerSecond.toFixed(0)} essays/s)`,
  );
  const sl = report.speedLong;
  lines.push(
    `Speed on longer essays: ${sl.essays} ASAP set 1 letters of ${sl.meanWords.toFixed(0)} words: ${sl.essaysPerSecond.toFixed(0)} essays per CPU-second (1,000 such essays: ${(1000 / sl.essaysPerSecond).toFixed(1)} s on one core)`,
  );
  lines.push(`Analysis of all ${report.analysis.essays} texts: ${report.analysis.seconds.toFixed(1)} s. Total runtime ${report.runtimeSeconds.toFixed(0)} s.`);
  lines.push("");
  lines.push("Targets (issue 14; built-in grader, ASAP unless named, mean over draws):");
  const asap = (k: number) => report.summary.find((s) => s.dataset === "asap" && s.k === k);
  const check = (label: string, value: number | null | undefined, target: number, show = f) =>
    lines.push(`  ${value !== null && value !== undefined && value >= target ? "PASS" : "FAIL"}  ${label}: ${show(value)} (target >= ${show(target)})`);
  for (const k of [2, 10]) {
    const s = asap(k);
    if (!s) {
      lines.push(`  n/a   k = ${k} not run (pass --k 2,10)`);
      continue;
    }
    check(`overall QWK, k = ${k}`, s.qwk, k === 2 ? 0.7 : 0.75);
    if (k === 10) check("per-trait QWK, k = 10", s.meanTraitQwk, 0.68);
    check(`beats the naive 8-feature baseline by 0.03, k = ${k}`, s.qwk - s.baselineQwk, 0.03);
    check(`within tolerance when confidence >= 80, k = ${k}`, s.highConfidenceWithin, 0.95, pct);
  }
  const at50 = asap(50);
  if (at50) check("overall QWK, k = 50", at50.qwk, 0.78);
  const setsAt10 = report.results.filter((r) => r.dataset === "asap" && r.k === 10 && r.humanQwk !== undefined);
  if (setsAt10.length) {
    const furthest = setsAt10.reduce((w, r) => (r.humanQwk! - r.qwk > w.humanQwk! - w.qwk ? r : w));
    const gap = furthest.humanQwk! - furthest.qwk;
    lines.push(`  ${gap <= 0.05 ? "PASS" : "FAIL"}  every asap set within 0.05 of its human agreement, k = 10: furthest set ${furthest.set} ${f(furthest.qwk)} against ${f(furthest.humanQwk)} (gap ${f(gap)})`);
  }
  // Lenience is the systematic part: the mean over draws of (mean grade - teacher's mean), every set of every data set
  // within the limit (issues 13 and 14). At k=2 a set's figure moves with which pairs are drawn: read it with its ±se.
  const datasets = [...new Set(report.results.map((r) => r.dataset))];
  for (const [k, limit] of [[2, 0.05], [10, 0.03]] as const) {
    for (const dataset of datasets) {
      const sets = report.results.filter((r) => r.dataset === dataset && r.k === k);
      if (!sets.length) continue;
      const worst = sets.reduce((w, r) => (Math.abs(r.bias) > Math.abs(w.bias) ? r : w));
      lines.push(
        `  ${Math.abs(worst.bias) <= limit ? "PASS" : "FAIL"}  mean bias on every ${dataset} set, k = ${k}: worst set ${worst.set} ${signedPct(worst.bias)}±${(100 * worst.biasSe).toFixed(1)} over ${report.draws} draws (target within ±${pct(limit)} of the scale)${tooFewDraws(worst.biasSe, limit)}`,
      );
    }
  }
  check("essays per second, one thread", sp.essaysPerSecond, 500, (x) => f(x, 0));
  return lines.join("\n");
}

/**
 * A bias line read from too few draws says so. At k=2 with 10 draws a set's ±se is 2-4% of the scale, as large as the
 * target: ASAP set 4 read +6.7%±3.1 over 10 draws and +3.0%±1.6 over 40; its ten pairs happened to have been scored
 * 16% of the scale above the set's mean (0.63 against 0.48). The worst of many sets is pulled further out by the same noise.
 */
function tooFewDraws(se: number, limit: number): string {
  return se > limit / 3 ? `; its ±se is over a third of the target: judge with more draws (--draws 40)` : "";
}
