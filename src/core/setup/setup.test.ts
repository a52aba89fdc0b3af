import { describe, expect, it } from "vitest";
import { coursePresets, findCoursePreset } from "./presets";
import { describeWeightsProblem, sumWeights } from "./weights";
import { initialSetupState, isStepComplete, mergeServerCalibration, nextStep, previousStep, restoreSetupState, setupSteps, type SetupState } from "./wizard-state";

const state = (overrides: Partial<SetupState>): SetupState => ({ ...initialSetupState, ...overrides });

describe("course presets", () => {
  it("apush: direct, strictness 80, 4-part-historical, evidence 40 analysis 25 organization 20 mechanics 15", () => {
    expect(coursePresets.apush).toMatchObject({
      tone: "direct",
      strictness: 80,
      rubricTemplate: "4-part-historical",
      rubricWeights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 },
    });
  });

  it("english: neutral, strictness 70, 5-part-literary, analysis 35 evidence 30 organization 20 style 10 mechanics 5", () => {
    expect(coursePresets.english).toMatchObject({
      tone: "neutral",
      strictness: 70,
      rubricTemplate: "5-part-literary",
      rubricWeights: { analysis: 35, evidence: 30, organization: 20, style: 10, mechanics: 5 },
    });
  });

  it("finds presets by id only", () => {
    expect(findCoursePreset("apush")?.id).toBe("apush");
    expect(findCoursePreset("toString")).toBeUndefined();
  });

  it.each(Object.values(coursePresets))("preset $id has weights that add up to 100", (preset) => {
    expect(sumWeights(preset.rubricWeights)).toBe(100);
  });
});

describe("the weights rule", () => {
  it.each([
    [{ a: 60, b: 40 }, undefined],
    [{ a: 60, b: 30 }, "Weights add up to 90%; they must add up to exactly 100%."],
    [{ a: 70, b: 40 }, "Weights add up to 110%; they must add up to exactly 100%."],
    [{}, "Add at least one rubric weight."],
    [{ a: 50.5, b: 49.5 }, "The weight for a must be a whole number from 0 to 100."],
    [{ a: -10, b: 110 }, "The weight for a must be a whole number from 0 to 100."],
  ])("%j -> %s", (weights, problem) => {
    expect(describeWeightsProblem(weights)).toBe(problem);
  });
});

describe("step completion rules", () => {
  it("welcome needs name, school and course (not just spaces)", () => {
    expect(isStepComplete("welcome", state({ profile: { name: "A", school: "B", course: "C" } }))).toBe(true);
    expect(isStepComplete("welcome", state({ profile: { name: "A", school: "B", course: " " } }))).toBe(false);
    expect(isStepComplete("welcome", state({ profile: { name: "A", school: "B" } }))).toBe(false);
  });

  it("preferences needs tone and strictness (0 counts)", () => {
    expect(isStepComplete("preferences", state({ profile: { tone: "gentle", strictness: 0 } }))).toBe(true);
    expect(isStepComplete("preferences", state({ profile: { tone: "gentle" } }))).toBe(false);
    expect(isStepComplete("preferences", state({ profile: { strictness: 50 } }))).toBe(false);
  });

  it("rubric needs a template and weights", () => {
    expect(isStepComplete("rubric", state({ rubric: { template: "t", weights: { a: 100 } } }))).toBe(true);
    expect(isStepComplete("rubric", state({ rubric: { template: "t", weights: {} } }))).toBe(false);
    expect(isStepComplete("rubric", state({ rubric: { weights: { a: 100 } } }))).toBe(false);
  });

  it("samples never completes by itself; complete always does", () => {
    expect(isStepComplete("samples", state({ samples: [{ content: "x", score: 1, feedback: "f" }] }))).toBe(false);
    expect(isStepComplete("complete", initialSetupState)).toBe(true);
  });

  it("moves through welcome, preferences, rubric, samples, complete and back", () => {
    expect(setupSteps).toEqual(["welcome", "preferences", "rubric", "samples", "complete"]);
    expect(nextStep("welcome")).toBe("preferences");
    expect(nextStep("complete")).toBe("complete");
    expect(previousStep("welcome")).toBe("welcome");
    expect(previousStep("samples")).toBe("rubric");
  });
});

describe("merging the server's calibration into the stored state", () => {
  const local = state({
    currentStep: "rubric",
    profile: { name: "Local", school: "Local School", tone: "gentle" },
    rubric: { template: "local" },
    samples: [{ content: "local sample", score: 5, feedback: "f" }],
  });

  it("merges the profile field by field, keeping local fields the server lacks", () => {
    const merged = mergeServerCalibration(local, { profile: { name: "Server", strictness: 70 }, rubric: null, samples: [] });
    expect(merged.profile).toEqual({ name: "Server", school: "Local School", tone: "gentle", strictness: 70 });
    expect(merged.currentStep).toBe("rubric");
  });

  it("replaces the rubric when the server has one, keeps the local one otherwise", () => {
    expect(mergeServerCalibration(local, { profile: null, rubric: { template: "server" }, samples: [] }).rubric).toEqual({ template: "server" });
    expect(mergeServerCalibration(local, { profile: null, rubric: null, samples: [] }).rubric).toEqual({ template: "local" });
  });

  it("replaces samples only when the server returned some", () => {
    const serverSamples = [{ content: "server sample", score: 7, feedback: "g" }];
    expect(mergeServerCalibration(local, { profile: null, rubric: null, samples: serverSamples }).samples).toEqual(serverSamples);
    expect(mergeServerCalibration(local, { profile: null, rubric: null, samples: [] }).samples).toEqual(local.samples);
  });

  it("ignores null server fields instead of erasing local values", () => {
    const merged = mergeServerCalibration(local, { profile: { name: null as unknown as string }, rubric: null, samples: [] });
    expect(merged.profile.name).toBe("Local");
  });
});

describe("restoring stored state", () => {
  it("starts at welcome for anything unrecognisable", () => {
    expect(restoreSetupState(null)).toEqual(initialSetupState);
    expect(restoreSetupState({ currentStep: "bogus" })).toEqual(initialSetupState);
  });

  it("restores a stored step with its data", () => {
    expect(restoreSetupState({ currentStep: "samples", profile: { name: "A" }, rubric: {}, samples: [] }).currentStep).toBe("samples");
  });
});
