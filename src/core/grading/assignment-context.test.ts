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

describe("the kind of writing a prompt asks for", () => {
  const genre = (prompt: string, sourceText?: string) => buildAssignmentContext({ prompt, sourceText, criteria: [], assignmentType: "other" }).genre;

  it("reads a question asking for a number of points as a short answer, not an argument", () => {
    expect(genre("Starting with mRNA leaving the nucleus, list and describe four major steps involved in protein synthesis.")).toBe("answer");
    expect(genre("After reading the procedure, describe what additional information you would need. Include at least three pieces of additional information.")).toBe("answer");
    expect(genre("Describe two ways the student could have improved the experimental design.")).toBe("answer");
  });

  it("reads a lab write-up set as another type as a report", () => {
    expect(genre("Write a lab report on your experiment: state your hypothesis, the procedure, your results and what they show.")).toBe("report");
  });

  it("keeps arguments, stories and answers about a text as they were", () => {
    expect(genre("Should our district move to a four-day school week? Take a position and argue for it.")).toBe("argument");
    expect(genre("Write a story about a time when you were patient.")).toBe("narrative");
    expect(genre("Explain how the author supports the idea that studying Venus is worthy.", "Venus is often called Earth's twin.")).toBe("source");
  });
});
