/**
 * Feedback benchmark (issue 13): class sets of the human-scored essays graded offline, feedback written for every tone
 * and length, and the rules measured on what students read.
 * npm run bench:feedback -- --data ../shared/data/essays [--classes 3] [--size 30] [--datasets asap,ellipse,feedback_prize_ell] [--out file.json]
 */
import { cpus } from "node:os";
import { essayDataOption, option, writeReport } from "../cli.js";
import { loadSpellChecker } from "../../src/server/integrations/spelling/load-spell-checker.js";
import { loadBenchSets } from "../grading/datasets.js";
import { prepareBench } from "../grading/evaluate.js";
import { priorDatasets } from "../grading/training.js";
import { feedbackSettings, gradeClasses, type ClassRun } from "./classes.js";
import { formatFeedbackReport, summarizeRuns } from "./report.js";

const dataDir = essayDataOption();
const classes = Number(option("classes", "3"));
const size = Number(option("size", "30"));
const seed = Number(option("seed", "1"));
const datasets = option("datasets", "asap,ellipse,feedback_prize_ell").split(",");
const out = option("out", "");

const started = Date.now();
const spell = await loadSpellChecker();
const sets = loadBenchSets(dataDir, [...new Set([...priorDatasets, ...datasets])]);
const bench = prepareBench(sets, spell);
const runs: ClassRun[] = gradeClasses(bench, sets.filter((s) => datasets.includes(s.dataset)), { classes, size, seed, spell });
const summary = summarizeRuns(runs, feedbackSettings);
const report = {
  command: `npm run bench:feedback -- ${process.argv.slice(2).join(" ")}`,
  machine: { cpu: cpus()[0]?.model ?? "unknown", cores: cpus().length, node: process.version },
  classes,
  size,
  seed,
  summary,
  runtimeSeconds: (Date.now() - started) / 1000,
};
console.log(formatFeedbackReport(report));
if (out) writeReport(out, report);
