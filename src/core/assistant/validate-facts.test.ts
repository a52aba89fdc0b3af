import { describe, expect, it } from "vitest";
import { nextSetupTurn } from "./conversation";
import { extractProfileFacts } from "./extract";
import { initialSetupChatState } from "./setup-chat-state";
import { validateProfileFacts } from "./validate-facts";

describe("validateProfileFacts (a model's structured output)", () => {
  it("keeps valid facts and ignores unknown keys", () => {
    const result = validateProfileFacts({
      name: " Dana Ruiz ",
      course: "AP US History",
      tone: "direct",
      strictness: 80,
      latePolicy: { type: "percentage", penaltyPerDay: 10 },
      criteria: [{ name: "Evidence", weight: 40 }, { name: "Thesis", points: 4 }, { weight: 10 }],
      teacherId: "someone-else",
    });
    expect(result).toEqual({
      facts: {
        name: "Dana Ruiz",
        course: "AP US History",
        coursePreset: "apush",
        tone: "direct",
        strictness: 80,
        latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 7 },
        criteria: [{ name: "Evidence", weight: 40 }, { name: "Thesis", points: 4 }],
      },
      problems: [],
      confidence: {},
    });
  });

  it.each([
    [{ strictness: 150 }, "Strictness must be from 0 to 100"],
    [{ autoAcceptThreshold: -1 }, "Auto-accept threshold must be from 0 to 100"],
    [{ latePolicy: { type: "percentage", penaltyPerDay: 120 } }, "Penalty per day must be at most 100"],
    [{ criteria: [{ name: "Evidence", weight: 140 }] }, "The weight for Evidence must be a whole number from 0 to 100."],
    [{ sample: { content: "An essay", score: 0, feedback: "ok" } }, "Score must be above 0"],
  ])("refuses %j in the offline reader's words", (input, problem) => {
    const result = validateProfileFacts(input);
    expect(result.facts).toEqual({});
    expect(result.problems).toEqual([problem]);
  });

  it("uses the same words as the offline reader", () => {
    expect(validateProfileFacts({ strictness: 150 }).problems).toEqual(extractProfileFacts("strictness 150", { step: "preferences" }).problems);
  });

  it.each([null, "strict", 42, [1, 2]])("reads nothing from %j", (input) => {
    expect(validateProfileFacts(input)).toEqual({ facts: {}, problems: [], confidence: {} });
  });

  it("drives the conversation in place of the offline reading", () => {
    const turn = nextSetupTurn(initialSetupChatState, "(a message the model read)", validateProfileFacts({ name: "Dana Ruiz", school: "Jefferson High" }));
    expect(turn.state.profile).toEqual({ name: "Dana Ruiz", school: "Jefferson High" });
    expect(turn.askedField).toBe("course");
  });
});
