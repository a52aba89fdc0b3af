import { describe, expect, it } from "vitest";
import { earlierRubricNotSentSentence, earlierRubricOf, scoresOnCurrentRubric } from "./earlier-rubric";

const earlier = earlierRubricOf([
  { id: "thesis", name: "Thesis", maxPoints: 10 },
  { id: "evidence", name: "Evidence", maxPoints: 10 },
  { id: "style", name: "Style", maxPoints: 5 },
]);

describe("a grade given on an earlier rubric", () => {
  it("shows in the current rubric's columns only the criteria kept with the same points", () => {
    const current = [
      { id: "thesis", name: "Claim", maxPoints: 10 },
      { id: "evidence", name: "Evidence", maxPoints: 20 },
      { id: "organisation", name: "Organisation", maxPoints: 5 },
    ];
    expect(scoresOnCurrentRubric(current, earlier, { thesis: 8, evidence: 6, style: 4 })).toEqual({ thesis: 8 });
    expect(scoresOnCurrentRubric(current, null, { thesis: 8, evidence: 6 })).toEqual({ thesis: 8, evidence: 6 });
  });

  it("keeps the Overall criterion out of 100 for a rubric without criteria", () => {
    expect(earlierRubricOf([])).toEqual({ criteria: [{ id: "overall", name: "Overall", maxPoints: 100 }], totalPoints: 100 });
  });

  it("names the students a grade send left out, and the step that sends them", () => {
    expect(earlierRubricNotSentSentence(["Dana Smith"])).toBe("Not sent, given on the earlier rubric: Dana Smith. Review this grade again to grade it on the current rubric, then send.");
    expect(earlierRubricNotSentSentence(["Dana Smith", "Eli Ward"])).toBe("Not sent, given on the earlier rubric: Dana Smith, Eli Ward. Review these grades again to grade them on the current rubric, then send.");
  });
});
