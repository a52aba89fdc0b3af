import { describe, expect, it } from "vitest";
import { gradeText } from "../../../core/grading/index.js";
import { fakeSpellChecker, makeInput, strongEssay } from "../../../core/grading/test-fixtures.js";
import { buildGradingPrompt } from "./model-prompt.js";

describe("buildGradingPrompt", () => {
  it("numbers a best-first rubric's levels from the lowest, as it says 'level 1 of N'", () => {
    const input = makeInput({}, { criteria: [{ id: "ideas", name: "Ideas", maxPoints: 4, minPoints: 1, descriptors: ["Exemplary (4): insightful", "Proficient (3): clear", "Beginning (1): vague"] }] });
    const { prompt } = buildGradingPrompt(input, strongEssay, gradeText(input, strongEssay, { spellChecker: fakeSpellChecker() }));
    expect(prompt).toContain("level 1 of 3: Beginning (1): vague");
    expect(prompt).toContain("level 3 of 3: Exemplary (4): insightful");
  });
});
