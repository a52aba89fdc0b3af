import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { gradeText } from "../grade.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import type { GradingRubricCriterion } from "../types.js";
import { levelWordOf } from "./level-words.js";

beforeAll(warmUpLanguage, warmUpTimeout);

const organization = (descriptors: string[]): GradingRubricCriterion => ({ id: "organization", name: "Organization", maxPoints: 6, minPoints: 1, descriptors });
const perLevel = ["No evident structure", "Little organization", "Some organization", "Satisfactory organization", "Generally strong organization", "Strong organization with sophisticated transitions"];

describe("the level word beside a criterion's score", () => {
  it("is the teacher's name for that level when the rubric has one descriptor per score", () => {
    expect(levelWordOf(organization(perLevel), { criterionId: "organization", score: 4, min: 1, max: 6 } as never, "high")).toBe("Satisfactory organization");
    expect(levelWordOf(organization(perLevel), { criterionId: "organization", score: 3, min: 1, max: 6 } as never, "middle")).toBe("Some organization");
  });

  it("reads a best-first list and a labelled level, and gives none for a long description", () => {
    const labelled: GradingRubricCriterion = { id: "t", name: "Thesis", maxPoints: 4, minPoints: 1, descriptors: ["Exemplary (4): a clear thesis", "Proficient (3): b", "Developing (2): c", "Beginning (1): d"] };
    expect(levelWordOf(labelled, { score: 3 } as never, "high")).toBe("Proficient");
    const long = organization([...perLevel.slice(0, 3), "The essay is organized satisfactorily, with an opening, a body and an ending", ...perLevel.slice(4)]);
    expect(levelWordOf(long, { score: 4 } as never, "high")).toBeUndefined();
  });

  it("is the engine's band word only for a rubric without a level per score", () => {
    expect(levelWordOf(organization(["No clear structure.", "Clear structure."]), { score: 5 } as never, "high")).toBe("Strong");
  });
});

describe("a criterion's rationale", () => {
  const essay = `I think computers are mostly helpful for people. They let students look things up for school and they let people email thier friends. Some people play games to much, wich is a problem. But if parents set rules then kids can use computers for good things like homework. My friend moved to a diffrent town and we still talk every day on the computer.`;

  it("names the score with the teacher's level wording, never a contradicting band word", () => {
    const criteria = [{ id: "organization", name: "Organization", maxPoints: 6, minPoints: 1, descriptors: perLevel }];
    const result = gradeText(makeInput({}, { criteria }), essay, { spellChecker: fakeSpellChecker() });
    const [score] = result.criterionScores;
    expect(score!.rationale).toMatch(new RegExp(`^${perLevel[score!.score - 1]} \\(${score!.score}/6\\): `));
    expect(score!.rationale).not.toMatch(/^(?:Strong|Developing|Limited) /);
  });

  it("never ends on two full stops after a quotation that closes the student's sentence", () => {
    for (const length of ["short", "standard", "detailed"] as const) {
      const { criterionScores } = gradeText(makeInput({ feedbackLength: length }), essay, { spellChecker: fakeSpellChecker(["thier", "wich", "diffrent"]) });
      for (const c of criterionScores) expect(c.rationale).not.toMatch(/[.!?]["”]\.$/);
    }
  });
});
