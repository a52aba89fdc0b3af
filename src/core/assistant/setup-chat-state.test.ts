import { describe, expect, it } from "vitest";
import { nextSetupTurn } from "./conversation";
import { initialSetupChatState, sanitizeSetupChatState } from "./setup-chat-state";

describe("sanitizeSetupChatState", () => {
  it.each([null, undefined, 42, "welcome", [], true, () => undefined])("starts over from %j", (input) => {
    expect(sanitizeSetupChatState(input)).toEqual(initialSetupChatState);
  });

  it("keeps a valid state as it is", () => {
    const state = {
      currentStep: "rubric",
      askedField: "rubric",
      profile: {
        name: "Dana Ruiz",
        school: "Jefferson High",
        course: "APUSH",
        coursePreset: "apush",
        tone: "direct",
        strictness: 80,
        feedbackLength: "short",
        grammarVsContent: 20,
        gradingApproach: "points",
        latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 7 },
        strengthsFirst: false,
        autoAcceptThreshold: 90,
      },
      rubric: { kind: "weights", template: "4-part-historical", criteria: [{ id: "criterion-evidence", name: "Evidence", maxPoints: 40, weight: 40, descriptors: ["Uses documents"] }] },
      samples: [{ content: "An essay.", score: 8, outOf: 10, feedback: "Good." }],
    };
    expect(sanitizeSetupChatState(state)).toEqual(state);
  });

  it("treats wrong types and out-of-range values as missing", () => {
    const state = sanitizeSetupChatState({
      currentStep: "hacking",
      askedField: "password",
      profile: {
        name: 42,
        school: "   ",
        course: "x".repeat(201),
        coursePreset: "toString",
        tone: "furious",
        strictness: 150,
        feedbackLength: ["short"],
        grammarVsContent: -5,
        gradingApproach: "vibes",
        latePolicy: { type: "percentage", penaltyPerDay: "10", maxLateDays: 7 },
        strengthsFirst: "yes",
        autoAcceptThreshold: 85.5,
      },
      rubric: { kind: "weights", criteria: [{ name: "Evidence", weight: 400 }, { name: "", weight: 20 }, "Thesis", null, { name: "Analysis", weight: 30 }] },
      samples: [{ content: "Essay", score: 0, outOf: 10, feedback: "ok" }, { content: "Essay", score: 11, outOf: 10, feedback: "ok" }, { content: "", score: 5, outOf: 10, feedback: "ok" }],
    });
    expect(state).toEqual({
      currentStep: "welcome",
      profile: {},
      rubric: { kind: "weights", criteria: [{ id: "criterion-analysis", name: "Analysis", maxPoints: 30, weight: 30, descriptors: [] }] },
      samples: [],
    });
  });

  it("drops extra keys everywhere, including __proto__", () => {
    const hostile = JSON.parse(
      '{"currentStep":"preferences","isAdmin":true,"__proto__":{"polluted":true},"profile":{"tone":"gentle","teacherId":"someone-else","__proto__":{"strictness":99}},"rubric":{"criteria":[],"extra":1},"samples":[],"calibrated":true}',
    );
    const state = sanitizeSetupChatState(hostile);
    expect(state).toEqual({ currentStep: "preferences", profile: { tone: "gentle" }, rubric: { criteria: [] }, samples: [] });
    expect(Object.keys(state.profile)).toEqual(["tone"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(state.profile.strictness).toBeUndefined();
  });

  it("limits how many criteria and samples it keeps", () => {
    const criteria = Array.from({ length: 40 }, (_, index) => ({ name: `Criterion ${index}`, maxPoints: 5 }));
    const samples = Array.from({ length: 60 }, (_, index) => ({ content: `Essay ${index}`, score: 5, outOf: 10, feedback: "ok" }));
    const state = sanitizeSetupChatState({ rubric: { kind: "points", criteria }, samples });
    expect(state.rubric.criteria).toHaveLength(30);
    expect(state.samples).toHaveLength(50);
  });

  it("keeps only one criterion per name", () => {
    const state = sanitizeSetupChatState({ rubric: { kind: "points", criteria: [{ name: "Evidence", maxPoints: 5 }, { name: "evidence", maxPoints: 9 }] } });
    expect(state.rubric.criteria.map((criterion) => criterion.maxPoints)).toEqual([5]);
  });

  it("is what the conversation reads, so a hostile state cannot skip the setup", () => {
    const turn = nextSetupTurn({ currentStep: "complete", profile: { name: 1 }, rubric: "everything", samples: "all" } as never, "hello");
    expect(turn.nextStep).toBe("welcome");
    expect(turn.askedField).toBe("name");
    expect(turn.checklist.readyToGrade).toBe(false);
  });
});
