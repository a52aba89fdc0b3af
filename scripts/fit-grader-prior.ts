/**
 * Fits the built-in grader's prior on the shared human-scored essays and writes src/core/grading/prior-weights.json.
 * Usage: npm run fit:grader -- [--data ../shared/data/essays]
 */
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { featureNames, fitPrior } from "../src/core/grading/index.js";
import { loadSpellChecker } from "../src/server/integrations/spelling/load-spell-checker.js";
import { essayDataOption } from "../bench/cli.js";
import { loadBenchSets } from "../bench/grading/datasets.js";
import { analyzeSet, priorDatasets, trainingRows } from "../bench/grading/training.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = essayDataOption();

const spell = await loadSpellChecker();
const sets = loadBenchSets(dataDir, priorDatasets);
const rows = sets.flatMap((set) => {
  const count = sets.filter((s) => s.dataset === set.dataset).length;
  return trainingRows(set, analyzeSet(set, spell), count);
});
const prior = fitPrior(rows, { featureNames });
const round = (x: number) => Math.round(x * 1e6) / 1e6;
const compact = JSON.parse(JSON.stringify(prior, (_k, v) => (typeof v === "number" ? round(v) : v)));
const out = join(root, "src", "core", "grading", "prior-weights.json");
writeFileSync(out, JSON.stringify(compact, null, 1) + "\n");
console.log(`Fitted the prior on ${rows.length} essays from ${sets.length} sets; wrote ${out}`);
for (const [kind, t] of Object.entries(prior.targets)) {
  console.log(`${kind.padEnd(13)} slope ${t.slope.toFixed(2)}  offset ${t.offsetMean.toFixed(3)}±${t.offsetSd.toFixed(3)}  residual sd ${t.residualSd.toFixed(3)}`);
}
