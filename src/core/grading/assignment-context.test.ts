import { describe, expect, it } from "vitest";
import { buildAssignmentContext } from "./assignment-context.js";

const criterion = (descriptors: string[]) => ({ id: "c1", name: "Ideas", maxPoints: 4, descriptors });

describe("buildAssignmentContext", () => {
  it("reads the rubric's top and bottom levels whichever way the rubric lists them", () => {
    const lowestFirst = ["Beginning (1): vague unsupported opinion", "Proficient (3): clear claim", "Exemplary (4): insightful nuanced argument"];
    const bestFirst = [...lowestFirst].reverse();
    const fromLowest = buildAssignmentContext({ prompt: "Should schools ban phones?", criteria: [criterion(lowestFirst)] });
    const fromBest = buildAssignmentContext({ prompt: "Should schools ban phones?", criteria: [criterion(bestFirst)] });
    expect([...fromBest.highDescriptorStems].sort()).toEqual([...fromLowest.highDescriptorStems].sort());
    expect([...fromBest.lowDescriptorStems].sort()).toEqual([...fromLowest.lowDescriptorStems].sort());
    expect(fromBest.highDescriptorStems.size).toBeGreaterThan(0);
    expect([...fromBest.lowDescriptorStems].join(" ")).toMatch(/vagu/);
  });
});
