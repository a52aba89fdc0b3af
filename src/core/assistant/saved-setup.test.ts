import { describe, expect, it } from "vitest";
import { fromSavedSetup, toSavedRubric, type SavedSetup } from "./saved-setup";
import { initialSetupChatState, type SetupChatState } from "./setup-chat-state";

const nothingSaved: SavedSetup = { profile: null, rubric: null, samples: [] };

describe("the chat's state from the saved setup", () => {
  it("takes every value from what is saved, and only where the conversation stands from the client", () => {
    const client: SetupChatState = { ...initialSetupChatState, currentStep: "preferences", askedField: "tone", lastField: "course", profile: { name: "Someone Else", strictness: 10 } };
    const state = fromSavedSetup({ ...nothingSaved, profile: { name: "Dana Ruiz", course: "AP Lit", strictness: 70, calibrated: false } }, client);
    expect(state).toEqual({ currentStep: "preferences", askedField: "tone", lastField: "course", profile: { name: "Dana Ruiz", course: "AP Lit", coursePreset: "english", strictness: 70 }, rubric: { criteria: [] }, samples: [] });
  });

  it("does not ask again for a field saved elsewhere (the form), but keeps asking for the rubric", () => {
    const saved = { ...nothingSaved, profile: { tone: "gentle" } };
    expect(fromSavedSetup(saved, { ...initialSetupChatState, askedField: "tone" }).askedField).toBeUndefined();
    expect(fromSavedSetup(saved, { ...initialSetupChatState, askedField: "rubric" }).askedField).toBe("rubric");
  });

  it("makes a criterion of each weight when the form saved only a template and weights", () => {
    const state = fromSavedSetup({ ...nothingSaved, rubric: { template: "4-part-historical", weights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 }, criteria: [] } }, initialSetupChatState);
    expect(state.rubric.kind).toBe("weights");
    expect(state.rubric.template).toBe("4-part-historical");
    expect(state.rubric.criteria.map((criterion) => [criterion.name, criterion.weight])).toEqual([["Evidence", 40], ["Analysis", 25], ["Organization", 20], ["Mechanics", 15]]);
  });

  it("reads a points rubric as points, though the profile keeps its shares as weights", () => {
    const points: SetupChatState = {
      ...initialSetupChatState,
      rubric: { kind: "points", criteria: ["Thesis", "Evidence", "Style"].map((name) => ({ id: `criterion-${name.toLowerCase()}`, name, maxPoints: 10, descriptors: [] })) },
    };
    const saved = toSavedRubric(points)!;
    expect(saved.weights).toEqual({ thesis: 34, evidence: 33, style: 33 });
    expect(fromSavedSetup({ ...nothingSaved, rubric: saved }, initialSetupChatState).rubric).toEqual(points.rubric);
  });

  it("stores a weighted rubric that does not add up to 100 yet without weights, and reads it back as weighted", () => {
    const partial: SetupChatState = {
      ...initialSetupChatState,
      rubric: { kind: "weights", criteria: [{ id: "criterion-thesis", name: "Thesis", maxPoints: 30, weight: 30, descriptors: [] }] },
    };
    const saved = toSavedRubric(partial)!;
    expect(saved.weights).toBeNull();
    expect(fromSavedSetup({ ...nothingSaved, rubric: saved }, partial).rubric).toEqual(partial.rubric);
  });

  it("keeps samples out of 100 without a rubric, with the id, file and criterion scores the form saved", () => {
    const sample = { id: "0b6c2a52-8f0e-4c55-9d1a-2a8f4f1e9c11", content: "An essay.", score: 85, feedback: "Good.", fileId: "5d1f0c8e-3a7b-4e2f-8c6d-9b0a1e2f3c4d", criteriaScores: { thesis: 20 } };
    expect(fromSavedSetup({ ...nothingSaved, samples: [sample, { ...sample, id: undefined, fileId: null, criteriaScores: {} }] }, initialSetupChatState).samples).toEqual([
      { ...sample, outOf: 100 },
      { content: "An essay.", score: 85, feedback: "Good.", outOf: 100 },
    ]);
  });
});
