import { beforeAll, describe, expect, it } from "vitest";
import { gradeText } from "../../../core/grading/grade.js";
import { makeInput } from "../../../core/grading/test-fixtures.js";
import type { SpellChecker } from "../../../core/grading/index.js";
import { warmUpLanguage, warmUpTimeout } from "../../../core/language/test-warm-up.js";
import { loadSpellChecker } from "./load-spell-checker.js";

let spellChecker: SpellChecker;
beforeAll(async () => {
  warmUpLanguage();
  spellChecker = await loadSpellChecker();
}, warmUpTimeout);

describe("the grader's dictionary", () => {
  it.each([
    ["practise", "practice"],
    ["practised", "practiced"],
    ["colour", "color"],
    ["organise", "organize"],
    ["analyse", "analyze"],
    ["tyre", "tire"],
    ["judgement", "judgment"],
    ["aluminium", "aluminum"],
    ["manoeuvre", "maneuver"],
  ])("counts the British %s and the American %s both as correct", (british, american) => {
    expect(spellChecker.correct(british)).toBe(true);
    expect(spellChecker.correct(american)).toBe(true);
  });

  it("knows the newer words students use every day, in any case", () => {
    for (const word of ["wifi", "WiFi", "YouTube", "selfies", "smartphone"]) expect(spellChecker.correct(word), word).toBe(true);
  });

  it("still finds slips neither dictionary knows", () => {
    for (const slip of ["becuase", "thier", "recieve", "definately", "practiseing"]) expect(spellChecker.correct(slip), slip).toBe(false);
  });

  it("writes no correction of a British spelling in the feedback", () => {
    const essay = `Students should practise music every day because it helps them focus in class. My teacher says that musicians who practise often remember more of what they read. In my school the band meets on Monday and Thursday, and we play for an hour each time. First, music builds patience: when I learn a new song I have to repeat the hard parts many times before they sound right. That patience helps me with maths homework too, because I do not give up as quickly as I used to.`;
    const { feedback, criterionScores } = gradeText(makeInput({ feedbackLength: "detailed" }), essay, { spellChecker });
    expect(feedback).not.toMatch(/correct ‘practise’|check the spelling|[Ss]pelling slips/);
    for (const criterion of criterionScores) expect(criterion.rationale).not.toMatch(/correct ‘practise’|[Ss]pelling slips/);
  });
});
