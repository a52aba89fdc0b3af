import { describe, expect, it } from "vitest";
import { loadDictionaryChecker } from "../../src/server/integrations/spelling/load-spell-checker.js";
import { createCachedSpellChecker } from "../../src/core/grading/index.js";
import { findEssayData } from "../essay-data.js";
import { loadBenchSets } from "./datasets.js";
import { evaluateSet, leaveSetOut, prepareBench } from "./evaluate.js";

const dataDir = findEssayData() ?? "";
const hasData = dataDir !== "";
if (!hasData) console.warn("Skipping the grading benchmark smoke test: no essay data (set ESSAY_DATA_DIR or put it at ../shared/data/essays).");

describe.skipIf(!hasData)("grading benchmark smoke test (a few dozen ASAP essays)", () => {
  it("grades deterministically with a leave-one-set-out prior and reports every metric", async () => {
    const spell = createCachedSpellChecker(await loadDictionaryChecker());
    const sets = loadBenchSets(dataDir, ["asap"])
      .filter((s) => ["1", "3", "5", "7"].includes(s.set))
      .map((s) => ({ ...s, essays: s.essays.slice(0, 12) }));
    const run = () => {
      const bench = prepareBench(sets, spell);
      const target = sets[1]!;
      const models = leaveSetOut(bench, target.group);
      expect(models.prior.fittedOn.groups).not.toContain(target.group);
      // k=11 leaves one essay of twelve, fewer than the five asked for: that k is not scored.
      return evaluateSet(bench, target, models, { ks: [2, 11], draws: 2, seed: 3, spell, minimumScored: 5 });
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.map((r) => r.k)).toEqual([2]);
    const [result] = first;
    expect(result).toBeDefined();
    expect(result!.essays).toBe(12);
    expect(result!.qwk).toBeGreaterThanOrEqual(-1);
    expect(result!.qwk).toBeLessThanOrEqual(1);
    expect(Object.keys(result!.traitQwk)).toEqual(["content", "prompt-adherence", "language", "narrativity"]);
    expect(result!.confidence.reduce((s, b) => s + b.count, 0)).toBe(2 * (12 - 2));
    expect(result!.exact).toBeLessThanOrEqual(result!.adjacent);
  });
});
