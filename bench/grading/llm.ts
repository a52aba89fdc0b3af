import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { quadraticWeightedKappa, toleranceFor, shareWithin } from "../../src/core/grading/index.js";
import { aiProviders, gradeSubmission, type AiConfig, type AiProvider } from "../../src/server/integrations/ai/index.js";
import { leaveSetOut, type PreparedBench } from "./evaluate.js";
import { createRandom, drawIndices } from "./random.js";

/** The model grader on a capped number of essays per set (models are slow and cost money); config from AI_* variables. */
export async function runLlmBench(options: {
  bench: PreparedBench;
  benchDatasets: string[];
  seed: number;
  ks: number[];
  out: string;
  machine: Record<string, unknown>;
}): Promise<void> {
  const provider = process.env.AI_PROVIDER as AiProvider | undefined;
  if (!provider || !aiProviders.includes(provider) || !process.env.AI_MODEL) {
    console.error(`--grader llm needs AI_PROVIDER (${aiProviders.join(" | ")}) and AI_MODEL, plus AI_API_KEY / AI_BASE_URL as the provider requires.`);
    process.exit(1);
  }
  const ai: AiConfig = {
    provider,
    model: process.env.AI_MODEL,
    ...(process.env.AI_API_KEY ? { apiKey: process.env.AI_API_KEY } : {}),
    ...(process.env.AI_BASE_URL ? { baseUrl: process.env.AI_BASE_URL } : {}),
    timeoutMs: Number(process.env.AI_TIMEOUT_MS ?? 60_000),
    maxRetries: 2,
  };
  const limit = Number(process.argv[process.argv.indexOf("--llm-limit") + 1] ?? 30) || 30;
  const spellChecker = await (await import("../../src/server/integrations/spelling/load-spell-checker.js")).loadSpellChecker();
  const rows: Array<Record<string, unknown>> = [];
  for (const set of options.bench.sets.filter((s) => options.benchDatasets.includes(s.dataset) && s.essays[0]?.record.score !== null)) {
    // The built-in grade beside the model's uses the prior fitted without this set, as in the main benchmark.
    const { prior } = leaveSetOut(options.bench, set.group);
    for (const k of options.ks) {
      const picked = drawIndices(set.essays.length, k, createRandom(options.seed * 7919 + k));
      const isSample = new Set(picked);
      const others = set.essays.filter((_, i) => !isSample.has(i)).slice(0, limit);
      const human: number[] = [];
      const model: number[] = [];
      const builtin: number[] = [];
      let fallbacks = 0;
      for (const essay of others) {
        const grade = await gradeSubmission(
          { ...set.input, samples: picked.map((i) => set.essays[i]!.sample), text: essay.sample.text },
          { ai, spellChecker, prior },
        );
        if (grade.grader === "builtin") fallbacks++;
        human.push(essay.sample.score);
        model.push(grade.overallScore);
        builtin.push(grade.builtinOverallScore);
      }
      const range = set.input.scoreRange!;
      const row = {
        dataset: set.dataset,
        set: set.set,
        k,
        essays: others.length,
        qwk: quadraticWeightedKappa(human, model, range[0], range[1]),
        builtinQwk: quadraticWeightedKappa(human, builtin, range[0], range[1]),
        withinTolerance: shareWithin(human, model, toleranceFor(range)),
        fallbacks,
      };
      rows.push(row);
      console.log(
        `${set.dataset} ${set.set} k=${k}: model QWK ${row.qwk.toFixed(3)} vs built-in ${row.builtinQwk.toFixed(3)} on ${row.essays} essays; fallbacks ${fallbacks}`,
      );
    }
  }
  if (options.out) {
    mkdirSync(dirname(resolve(options.out)), { recursive: true });
    writeFileSync(resolve(options.out), JSON.stringify({ grader: "llm", provider: ai.provider, model: ai.model, machine: options.machine, rows }, null, 2) + "\n");
  }
}
