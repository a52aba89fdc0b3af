import { describe, expect, it } from "vitest";
import { outdatedScores } from "./stated-scores";

const criteria = [
  { id: "ideas", name: "Ideas", maxPoints: 3 },
  { id: "conventions", name: "Conventions", maxPoints: 3 },
  { id: "word-choice", name: "Word Choice (voice)", maxPoints: 6 },
];
const feedback = "Strongest in Ideas (3/3). Conventions (3/3) Works: every sentence is spelled and punctuated correctly. Word Choice (voice) (4/6): precise words.";

describe("scores the feedback states that the teacher's scores no longer match", () => {
  it("names a criterion whose stated score the teacher changed, with both scores", () => {
    expect(outdatedScores(feedback, criteria, { ideas: "3", conventions: "1", "word-choice": "4" })).toEqual([{ name: "Conventions", stated: 3, given: 1, maxPoints: 3 }]);
  });

  it("reads names with brackets as they are, and decimal scores", () => {
    expect(outdatedScores(feedback, criteria, { ideas: "3", conventions: "3", "word-choice": "4.5" })).toEqual([{ name: "Word Choice (voice)", stated: 4, given: 4.5, maxPoints: 6 }]);
  });

  it("says nothing when the scores match, a score is blank, or the feedback states no score (the teacher's own words)", () => {
    expect(outdatedScores(feedback, criteria, { ideas: "3.0", conventions: "3", "word-choice": "4" })).toEqual([]);
    expect(outdatedScores(feedback, criteria, { ideas: "", conventions: " ", "word-choice": "4" })).toEqual([]);
    expect(outdatedScores("Good work on your conventions this time.", criteria, { ideas: "1", conventions: "1", "word-choice": "1" })).toEqual([]);
  });
});
