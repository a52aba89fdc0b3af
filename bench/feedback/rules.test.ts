import { describe, expect, it } from "vitest";
import { loadSpellChecker } from "../../src/server/integrations/spelling/load-spell-checker.js";
import { findEssayData } from "../essay-data.js";
import { loadBenchSets } from "../grading/datasets.js";
import { prepareBench } from "../grading/evaluate.js";
import { feedbackSettings, gradeClasses } from "./classes.js";
import { judge, measureBoilerplate, measureQuotations, measureScoreAgreement } from "./rules.js";

const dataDir = findEssayData();
if (!dataDir) console.warn("Skipping the feedback rules over a class set: no essay data (set ESSAY_DATA_DIR or put it at ../shared/data/essays).");

describe("the judge of praise and criticism", () => {
  it("reads evaluative words and their negation, and leaves next steps aside", () => {
    expect(judge("You use ‘However’ effectively to lead into the point about family.")).toBe("praise");
    expect(judge("The sentence about homework has no clear ending.")).toBe("criticism");
    expect(judge("Spelling slips such as ‘thier’ make the writing harder to follow.")).toBe("criticism");
    expect(judge('Next step: after "a quoted passage of six words", add an example.')).toBe("suggestion");
  });
});

describe.skipIf(!dataDir)("feedback rules over class sets of the human-scored essays, for every tone and length", () => {
  it("quotes every student, repeats no one, and never praises a low score", async () => {
    const spell = await loadSpellChecker();
    const sets = loadBenchSets(dataDir!, ["asap"]).filter((s) => s.set === "1" || s.set === "5" || s.set === "7");
    const bench = prepareBench(sets, spell);
    const runs = gradeClasses(bench, sets, { classes: 1, size: 30, seed: 5, spell });
    expect(runs.length).toBe(3 * feedbackSettings.length);
    for (const run of runs) {
      const label = `${run.group} ${run.settings.tone}/${run.settings.length}`;
      const quotations = measureQuotations(run.feedback);
      expect(quotations.falseQuotations, label).toBe(0);
      expect(quotations.commentsWithQuotation / quotations.comments, label).toBeGreaterThanOrEqual(0.9);
      expect(quotations.studentsWithQuotedStep / quotations.students, label).toBeGreaterThanOrEqual(0.8);
      expect(measureBoilerplate(run.feedback, true).share, label).toBeLessThanOrEqual(0.15);
      expect(measureScoreAgreement(run.feedback).breakShare, label).toBeLessThanOrEqual(0.05);
    }
  }, 120_000);
});
