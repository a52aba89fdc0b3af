import { describe, expect, it } from "vitest";
import { gradeText, gradeWithAssignment, prepareAssignment } from "./grade.js";
import { fakeSpellChecker, makeInput, strongEssay, weakEssay } from "./test-fixtures.js";
import type { GradingInput, GradingSettings } from "./types.js";

const options = { spellChecker: fakeSpellChecker() };
const grade = (text: string, settings: Partial<GradingSettings> = {}, extra: Partial<GradingInput> = {}) =>
  gradeText(makeInput(settings, extra), text, options);

const middleEssay = `I think computers are mostly helpful for people. They let students look things up for school and they let people email thier friends. Some people play games to much, wich is a problem. But if parents set rules then kids can use computers for good things like homework.`;

describe("grading results", () => {
  it("keeps every criterion score inside its range and the overall inside the scale", () => {
    for (const text of [strongEssay, weakEssay, middleEssay, ""]) {
      const r = grade(text);
      for (const c of r.criterionScores) {
        expect(c.score).toBeGreaterThanOrEqual(c.min);
        expect(c.score).toBeLessThanOrEqual(c.max);
      }
      expect(r.overallScore).toBeGreaterThanOrEqual(2);
      expect(r.overallScore).toBeLessThanOrEqual(12);
    }
  });

  it("grades a developed essay above a short careless one", () => {
    expect(grade(strongEssay).overallScore).toBeGreaterThan(grade(weakEssay).overallScore);
  });

  it("is deterministic", () => {
    expect(grade(middleEssay)).toEqual(grade(middleEssay));
  });

  it("keeps confidence between 1 and 99", () => {
    for (const text of [strongEssay, weakEssay, middleEssay, "", "word ".repeat(3000)]) {
      const { confidence } = grade(text);
      expect(confidence).toBeGreaterThanOrEqual(1);
      expect(confidence).toBeLessThanOrEqual(99);
    }
  });

  it("only quotes passages that occur verbatim in the student's text", () => {
    for (const text of [strongEssay, weakEssay, middleEssay]) {
      const r = grade(text, { feedbackLength: "detailed" });
      for (const c of r.criterionScores) {
        for (const q of c.quotes) expect(text.includes(q)).toBe(true);
      }
      expect(r.criterionScores.some((c) => c.quotes.length > 0)).toBe(true);
    }
  });

  it("sums criterion scores when grading by points, on the rubric total", () => {
    const r = grade(middleEssay, { gradingApproach: "points" });
    expect(r.scoreRange).toEqual([4, 24]);
    expect(r.overallScore).toBe(r.criterionScores.reduce((s, c) => s + c.score, 0));
  });
  it("gives a rubric's one criterion on the whole scale the holistic grade itself", () => {
    const criteria = [{ id: "holistic", name: "Holistic Score", maxPoints: 6, descriptors: ["1: little or no mastery", "6: clear and consistent mastery"] }];
    const fitting = { criteria, scoreRange: [0, 6] as [number, number] };
    for (const text of [strongEssay, weakEssay, middleEssay]) {
      for (const grammarVsContent of [20, 50, 90]) {
        const r = grade(text, { gradingApproach: "holistic", grammarVsContent }, fitting);
        expect(r.criterionScores.map((c) => c.score)).toEqual([r.overallScore]);
      }
    }
  });
});

describe("grades before the teacher has graded anything", () => {
  it("reads each criterion at the overall grade's level, so a holistic total and its criteria agree", () => {
    // A rubric of three 0-6 criteria graded holistically on its total: before, the criteria's prior level, taken at
    // the total's 19 levels, put their sum 4-5 points under the overall for every essay (Conventions near 1 / 6).
    const input = makeInput({ gradingApproach: "holistic" }, {
      criteria: [
        { id: "ideas", name: "Ideas & Content", maxPoints: 6, descriptors: [] },
        { id: "organization", name: "Organization", maxPoints: 6, descriptors: [] },
        { id: "conventions", name: "Conventions", maxPoints: 6, descriptors: [] },
      ],
      scoreRange: undefined,
    });
    const prepared = prepareAssignment(input, options);
    const strong = gradeWithAssignment(prepared, strongEssay);
    const middle = gradeWithAssignment(prepared, middleEssay);
    const gap = (r: typeof strong) => r.criterionScores.reduce((total, c) => total + c.score, 0) - r.overallScore;
    // Criteria spread a little more than the total (their scales are coarser), but not to one side: before, -3 and -2.
    expect(Math.abs(gap(strong) + gap(middle))).toBeLessThanOrEqual(3);
    // The developed essay was read 12 / 18 overall beside Conventions 2 / 6.
    for (const c of strong.criterionScores) expect(c.score, c.criterionId).toBeGreaterThanOrEqual(3);
  });
});

describe("calibration to the teacher's samples", () => {
  it("moves grades towards a teacher who grades harder than the prior", () => {
    const lenient = makeInput({}, { samples: [{ text: middleEssay, score: 10 }, { text: weakEssay, score: 8 }] });
    const harsh = makeInput({}, { samples: [{ text: middleEssay, score: 3 }, { text: weakEssay, score: 2 }] });
    const essay = strongEssay.split("\n\n").slice(0, 3).join("\n\n");
    expect(gradeText(harsh, essay, options).overallScore).toBeLessThan(gradeText(lenient, essay, options).overallScore);
  });

  it("reports the nearest sample by wording", () => {
    const input = makeInput({}, {
      samples: [
        { id: "games", text: "Video games on computers are fun and games teach strategy.", score: 6 },
        { id: "family", text: "Computers help my family call my grandmother in Mexico every Sunday.", score: 8 },
      ],
    });
    const r = gradeText(input, "My grandmother in Mexico talks with my family on the computer.", options);
    expect(r.calibration.nearestSampleId).toBe("family");
    expect(r.calibration.sampleCount).toBe(2);
  });
});

describe("settings", () => {
  it("never raises a score when strictness goes up", () => {
    for (const text of [strongEssay, weakEssay, middleEssay]) {
      let previous = grade(text, { strictness: 0 });
      for (let strictness = 10; strictness <= 100; strictness += 10) {
        const next = grade(text, { strictness });
        expect(next.overallScore).toBeLessThanOrEqual(previous.overallScore);
        next.criterionScores.forEach((c, i) => expect(c.score).toBeLessThanOrEqual(previous.criterionScores[i]!.score));
        previous = next;
      }
    }
    expect(grade(middleEssay, { strictness: 100 }).overallScore).toBeLessThan(grade(middleEssay, { strictness: 0 }).overallScore);
  });

  it("moves holistic weight between conventions and content with grammarVsContent", () => {
    // A teacher who rates these students' ideas far above their conventions.
    const input = (grammarVsContent: number) =>
      makeInput({ grammarVsContent }, {
        criteria: [
          { id: "ideas", name: "Ideas and content", maxPoints: 6, minPoints: 1, descriptors: [] },
          { id: "conventions", name: "Conventions", maxPoints: 6, minPoints: 1, descriptors: [] },
        ],
        samples: [
          { text: strongEssay, score: 8, criteriaScores: { ideas: 6, conventions: 2 } },
          { text: middleEssay, score: 6, criteriaScores: { ideas: 5, conventions: 1 } },
        ],
      });
    const essay = strongEssay.split("\n\n").slice(0, 3).join("\n\n");
    const at = (g: number) => gradeText(input(g), essay, options);
    const byId = (r: ReturnType<typeof at>, id: string) => r.criterionScores.find((c) => c.criterionId === id)!.score;
    expect(byId(at(50), "ideas")).toBeGreaterThan(byId(at(50), "conventions"));
    expect(at(0).overallScore).toBeGreaterThanOrEqual(at(50).overallScore);
    expect(at(50).overallScore).toBeGreaterThanOrEqual(at(100).overallScore);
    expect(at(0).overallScore).toBeGreaterThan(at(100).overallScore);
  });

  it("builds feedback from the student's own text, not a fixed template", () => {
    const a = grade(weakEssay, { feedbackLength: "detailed" }).feedback;
    const b = grade(strongEssay, { feedbackLength: "detailed" }).feedback;
    expect(a).toContain("‘alot’");
    expect(b).not.toContain("‘alot’");
    expect(a).not.toEqual(b);
  });
});

describe("prepared assignments", () => {
  it("gives the same result as one-shot grading", () => {
    const input = makeInput({}, { samples: [{ text: middleEssay, score: 6 }] });
    const prepared = prepareAssignment(input, options);
    expect(gradeWithAssignment(prepared, strongEssay)).toEqual(gradeText(input, strongEssay, options));
  });
});

describe("a text read from a scan or photo", () => {
  it("gets no comment naming a misspelling, which may be the reader's; typed, the same words are named", () => {
    const typed = gradeText(makeInput(), middleEssay, options);
    expect(typed.feedback).toMatch(/Spelling slips such as ‘thier’ and ‘wich’/);
    const scanned = gradeText(makeInput(), middleEssay, options, { readFromImage: true });
    // Quoting a sentence as it was read is fine; calling its words misspelled is not.
    expect(scanned.feedback).not.toMatch(/spell|correct ‘/i);
    expect(scanned.overallScore).toBe(typed.overallScore);
  });
});

describe("a paper with a school heading and works cited", () => {
  it("is graded and commented on as its body alone, quoting nothing of the heading or the citations", () => {
    const paper = `Jordan Smith\nMrs. Alvarez\nEnglish 8, Period 3\n12 March 2024\n\nThe Effects of Computers\n\n${strongEssay}\n\nWorks Cited\nBrown, Lisa. "Kids and Screens." Daily Herald, 4 Feb. 2023, www.dailyherald.com/kids-screens.`;
    const input = makeInput();
    const asPaper = gradeText(input, paper, options);
    const asBody = gradeText(input, strongEssay, options);
    expect(asPaper.overallScore).toBe(asBody.overallScore);
    expect(asPaper.confidence).toBe(asBody.confidence);
    expect(asPaper.feedback).toBe(asBody.feedback);
    expect(asPaper.feedback).not.toMatch(/Alvarez|Period 3|www|Daily Herald/);
  });
});
