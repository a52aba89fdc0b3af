import { describe, expect, it } from "vitest";
import { calibrationInput } from "../../../contracts/teacher-profile";
import { initialSetupChatState, type SetupChatState } from "../../../core/assistant/setup-chat-state";
import { scaleScore, toCalibrationInput, toPercentages } from "./calibration";

const complete: SetupChatState = {
  currentStep: "complete",
  profile: {
    name: "Ms. Rivera",
    school: "Lincoln High",
    course: "AP U.S. History",
    coursePreset: "apush",
    tone: "gentle",
    strictness: 70,
    feedbackLength: "detailed",
    grammarVsContent: 20,
    gradingApproach: "points",
    latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 7 },
    strengthsFirst: true,
    autoAcceptThreshold: 90,
  },
  rubric: {
    kind: "weights",
    criteria: [
      { id: "criterion-thesis", name: "Thesis", maxPoints: 30, weight: 30, descriptors: [] },
      { id: "criterion-evidence", name: "Evidence", maxPoints: 40, weight: 40, descriptors: [] },
      { id: "criterion-organization", name: "Organization", maxPoints: 20, weight: 20, descriptors: [] },
      { id: "criterion-mechanics", name: "Mechanics", maxPoints: 10, weight: 10, descriptors: [] },
    ],
  },
  samples: [{ content: "An essay.", score: 85, outOf: 100, feedback: "Clear thesis." }],
};

describe("the chat setup as a calibration body", () => {
  it("maps the profile, a weighted rubric (template custom) and the samples, and passes the contract", () => {
    const input = toCalibrationInput(complete, true);
    expect(input.profile).toEqual({
      name: "Ms. Rivera", school: "Lincoln High", course: "AP U.S. History", tone: "gentle", strictness: 70, feedbackLength: "detailed", grammarVsContent: 20,
      gradingApproach: "points", latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 7 }, strengthsFirst: true, autoAcceptThreshold: 90,
    });
    expect(input.rubric).toEqual({
      template: "custom",
      weights: { thesis: 30, evidence: 40, organization: 20, mechanics: 10 },
      criteria: complete.rubric.criteria.map(({ id, name, maxPoints }) => ({ id, name, maxPoints, descriptors: [] })),
    });
    expect(input.samples).toEqual([{ content: "An essay.", score: 85, feedback: "Clear thesis.", criteriaScores: {} }]);
    expect(input.complete).toBe(true);
    expect(calibrationInput.safeParse(input).success).toBe(true);
  });

  it("keeps a preset's template", () => {
    expect(toCalibrationInput({ ...complete, rubric: { ...complete.rubric, template: "4-part-historical" } }, true).rubric?.template).toBe("4-part-historical");
  });

  it("gives a points rubric weights from each criterion's share of the total, adding up to 100", () => {
    const points: SetupChatState = {
      ...complete,
      rubric: { kind: "points", criteria: [10, 10, 10].map((maxPoints, index) => ({ id: `c${index}`, name: `Part ${index}`, maxPoints, descriptors: [] })) },
      samples: [{ content: "An essay.", score: 24, outOf: 30, feedback: "Good." }],
    };
    const input = toCalibrationInput(points, true);
    expect(input.rubric?.weights).toEqual({ "part 0": 34, "part 1": 33, "part 2": 33 });
    expect(input.samples?.[0]?.score).toBe(24);
    expect(calibrationInput.safeParse(input).success).toBe(true);
  });

  it("scales a score kept out of another scale to the rubric total", () => {
    expect(scaleScore(8, 10, 100)).toBe(80);
    expect(scaleScore(17, 20, 30)).toBe(25.5);
    expect(scaleScore(85, 100, 100)).toBe(85);
  });

  it("makes percentages that add up to exactly 100", () => {
    expect(toPercentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(toPercentages([5, 15, 30])).toEqual([10, 30, 60]);
    expect(toPercentages([2, 3, 3, 3]).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("sends no rubric before there are criteria", () => {
    expect(toCalibrationInput(initialSetupChatState, false)).toEqual({ profile: {}, rubric: null, samples: [], complete: false });
  });
});
