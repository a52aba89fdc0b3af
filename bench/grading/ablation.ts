/**
 * Which feature groups earn their place: for each group, the prior is refitted without it (leave-one-set-out, as in the
 * main bench) and the sets are graded again with the same seeded draws. A group whose removal lowers QWK carries
 * across prompts; one whose removal changes nothing only costs time.
 * npm run bench:grading -- --ablation [--draws 4] [--k 2,10] [--groups "error types,word classes+paragraphing"]
 */
import { featureNames, fitPrior, type PriorTrainingRow, type SpellChecker } from "../../src/core/grading/index.js";
import { featureGroups } from "../../src/core/grading/feature-groups.js";
import { baselineFeatureNames } from "./baseline.js";
import type { BenchSet } from "./datasets.js";
import { evaluateSet, type PreparedBench, type SetResult } from "./evaluate.js";

export interface AblationLine {
  /** "all features", or the group left out. */
  label: string;
  features: number;
  /** Average over the sets, per k. */
  qwk: Record<number, number>;
  traitQwk: Record<number, number | null>;
  /** The set whose mean bias over draws is furthest from 0, per k (fraction of the scale). */
  worstBias: Record<number, { set: string; bias: number }>;
}

export interface AblationOptions {
  ks: number[];
  draws: number;
  seed: number;
  spell: SpellChecker;
  /** Groups to leave out one at a time (all of them by default); "a+b" leaves a and b out together. */
  groups?: string[];
}

/**
 * Rows with the group's features set to 0: a constant column has no spread, so the fit gives it no weight and
 * predictRaw skips it (its standard deviation is 0), whatever the texts' own values.
 */
function withoutFeatures(rows: PriorTrainingRow[], columns: number[]): PriorTrainingRow[] {
  return rows.map((row) => {
    const features = Float64Array.from(row.features);
    for (const j of columns) features[j] = 0;
    return { ...row, features };
  });
}

function lineFor(label: string, features: number, results: SetResult[], ks: number[]): AblationLine {
  const line: AblationLine = { label, features, qwk: {}, traitQwk: {}, worstBias: {} };
  for (const k of ks) {
    const rs = results.filter((r) => r.k === k);
    line.qwk[k] = rs.reduce((s, r) => s + r.qwk, 0) / rs.length;
    const traits = rs.map((r) => r.meanTraitQwk).filter((x): x is number => x !== null);
    line.traitQwk[k] = traits.length ? traits.reduce((a, b) => a + b, 0) / traits.length : null;
    const worst = rs.reduce((w, r) => (Math.abs(r.bias) > Math.abs(w.bias) ? r : w));
    line.worstBias[k] = { set: worst.set, bias: worst.bias };
  }
  return line;
}

export function runAblation(bench: PreparedBench, sets: BenchSet[], options: AblationOptions): AblationLine[] {
  const groups = options.groups ?? Object.keys(featureGroups);
  const configurations: Array<{ label: string; columns: number[] }> = [{ label: "all features", columns: [] }];
  for (const combined of groups) {
    const names = combined.split("+").flatMap((group): readonly string[] => {
      const found = featureGroups[group.trim() as keyof typeof featureGroups];
      if (!found) throw new Error(`No feature group "${group}"; the groups are: ${Object.keys(featureGroups).join(", ")}`);
      return found;
    });
    configurations.push({ label: `without ${combined}`, columns: names.map((n) => featureNames.indexOf(n as (typeof featureNames)[number])) });
  }
  // The naive baseline does not depend on the prior's features: fit it once per set.
  const baselines = new Map(
    sets.map((set) => [
      set.group,
      fitPrior(
        [...bench.baselineRows.entries()].filter(([g]) => g !== set.group).flatMap(([, r]) => r),
        { featureNames: baselineFeatureNames },
      ),
    ]),
  );
  const lines: AblationLine[] = [];
  for (const { label, columns } of configurations) {
    const results: SetResult[] = [];
    for (const set of sets) {
      const rows = [...bench.rows.entries()].filter(([g]) => g !== set.group).flatMap(([, r]) => r);
      const prior = fitPrior(columns.length ? withoutFeatures(rows, columns) : rows, { featureNames });
      results.push(...evaluateSet(bench, set, { prior, baseline: baselines.get(set.group)! }, { ks: options.ks, draws: options.draws, seed: options.seed, spell: options.spell }));
    }
    lines.push(lineFor(label, featureNames.length - columns.length, results, options.ks));
  }
  return lines;
}

const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(3)}`;

export function formatAblation(lines: AblationLine[], options: { ks: number[]; draws: number; seed: number; datasets: string[] }): string {
  const [all] = lines;
  if (!all) return "";
  const header = ["configuration", "features", ...options.ks.flatMap((k) => [`QWK k=${k}`, "change"]), ...options.ks.map((k) => `trait k=${k}`), ...options.ks.map((k) => `worst bias k=${k}`)];
  const rows = lines.map((line) => [
    line.label,
    String(line.features),
    ...options.ks.flatMap((k) => [line.qwk[k]!.toFixed(3), line === all ? "" : signed(line.qwk[k]! - all.qwk[k]!)]),
    ...options.ks.map((k) => (line.traitQwk[k] === null ? "-" : line.traitQwk[k]!.toFixed(3))),
    ...options.ks.map((k) => `set ${line.worstBias[k]!.set} ${line.worstBias[k]!.bias >= 0 ? "+" : ""}${(100 * line.worstBias[k]!.bias).toFixed(1)}%`),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [
    `Feature ablation: ${options.datasets.join(", ")}, leave-one-set-out, prior refitted without each group; ${options.draws} draws, seed ${options.seed}, the same draws on every line.`,
    `A negative change means the group helps: QWK falls without it.`,
    "",
    format(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(format),
  ].join("\n");
}
