/**
 * Grading accuracy and speed benchmark.
 * npm run bench:grading -- --data ../shared/data/essays --k 2,10 --draws 5 --out bench/results/grading.json
 * Options: --grader builtin|llm, --datasets asap,ellipse,asap_sas, --seed N, --method scale-offset|offset|nearest-sample,
 * --samples random|chosen|range (chosen: the k essays the app proposes to grade first, chooseSamplesToGrade, among a
 * class of --class-size essays drawn from the set, 30 by default, 0 for the whole set; range: the first candidate),
 * --llm-limit N (essays per set graded by the model).
 * --ablation: instead of the report, the feature ablation (ablation.ts): ASAP QWK at --k (2,10 by default) with each
 * feature group left out of the prior, --draws (4 by default) per set; --groups "a,b" limits it to those groups.
 * --text-checks: instead of the report, how often the text checks send real answers to review and catch answers to
 * other prompts (text-checks.ts), --draws classes (10 by default) of --class-size answers per set, every data set.
 */
import { cpus, totalmem } from "node:os";
import { essayDataOption, option, writeReport } from "../cli.js";
import type { CalibrationMethod } from "../../src/core/grading/index.js";
import { loadDictionaryChecker, loadSpellChecker } from "../../src/server/integrations/spelling/load-spell-checker.js";
import { essayDatasets, loadBenchSets } from "./datasets.js";
import { formatTextChecks, runTextChecks } from "./text-checks.js";
import { evaluateSet, leaveSetOut, prepareBench, type SetResult } from "./evaluate.js";
import { formatReport, summarize } from "./report.js";
import { measureSpeed } from "./speed.js";
import { priorDatasets } from "./training.js";
import { defaultClassSize, isSampleChoice } from "./sample-choice.js";
import { runLlmBench } from "./llm.js";
import { formatAblation, runAblation } from "./ablation.js";

const dataDir = essayDataOption();
const isAblation = process.argv.includes("--ablation");
const isTextChecks = process.argv.includes("--text-checks");
const ks = option("k", isAblation ? "2,10" : "2").split(",").map(Number);
const draws = Number(option("draws", isAblation ? "4" : isTextChecks ? "10" : "5"));
const seed = Number(option("seed", "1"));
const out = option("out", "");
const grader = option("grader", "builtin");
const method = option("method", "") as CalibrationMethod | "";
const benchDatasets = option("datasets", isAblation ? "asap" : isTextChecks ? essayDatasets.join(",") : "asap,ellipse,asap_sas").split(",");
const samples = option("samples", "random");
if (!isSampleChoice(samples)) throw new Error(`--samples must be random, chosen or range, not ${samples}`);
const classSize = Number(option("class-size", String(defaultClassSize)));

const started = Date.now();
const spell = await loadSpellChecker();
const allSets = loadBenchSets(dataDir, [...new Set([...priorDatasets, ...benchDatasets])]);
const bench = prepareBench(allSets, spell);
const machine = {
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  memoryGb: Math.round(totalmem() / 1e9),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
};

if (isAblation) {
  // Only sets the prior trains on: leaving one out of the fit is what the ablation measures.
  const sets = allSets.filter((s) => benchDatasets.includes(s.dataset) && bench.rows.has(s.group) && s.essays.some((e) => e.record.score !== null));
  const groupsOption = option("groups", "");
  const lines = runAblation(bench, sets, { ks, draws, seed, spell, ...(groupsOption ? { groups: groupsOption.split(",") } : {}) });
  console.log(formatAblation(lines, { ks, draws, seed, datasets: benchDatasets }));
  console.log(`Runtime ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  process.exit(0);
}

if (isTextChecks) {
  const sets = allSets.filter((s) => benchDatasets.includes(s.dataset));
  const tallies = runTextChecks(bench, sets, { draws, seed, spell, classSize });
  console.log(formatTextChecks(tallies, { draws, seed, classSize }));
  console.log(`Runtime ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  process.exit(0);
}

if (grader === "llm") {
  await runLlmBench({ bench, benchDatasets, seed, ks, out, machine });
  process.exit(0);
}

const results: SetResult[] = [];
const scored = allSets.filter((s) => benchDatasets.includes(s.dataset) && s.essays.some((e) => e.record.score !== null));
for (const set of scored) {
  const models = leaveSetOut(bench, set.group);
  results.push(...evaluateSet(bench, set, models, { ks, draws, seed, spell, samples, classSize, ...(method ? { method } : {}) }));
}
const dictionary = await loadDictionaryChecker();
const speed = measureSpeed(allSets.filter((s) => s.dataset === "asap"), dictionary);
// ASAP set 1 (persuasive letters of about 350 words) is closest to the 400-word submissions of the grading queue.
const speedLong = measureSpeed(allSets.filter((s) => s.group === "asap:1"), dictionary, 1000);
const summary = summarize(results, ks);
const report = {
  command: `npm run bench:grading -- ${process.argv.slice(2).join(" ")}`,
  grader,
  method: method || "default",
  samples,
  ...(samples === "random" ? {} : { classSize }),
  machine,
  draws,
  seed,
  analysis: { essays: bench.analysedEssays, seconds: bench.analysisSeconds },
  speed,
  speedLong,
  summary,
  results,
  runtimeSeconds: (Date.now() - started) / 1000,
};
console.log(formatReport(report));
if (out) writeReport(out, report);
