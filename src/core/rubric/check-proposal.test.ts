import { describe, expect, it } from "vitest";
import { checkProposedReading } from "./check-proposal.js";

const text = "Essay Rubric\nThesis — twenty points\nA clear, arguable claim.\nUse of  Evidence: 30\nThree sources.";

describe("checkProposedReading", () => {
  it("keeps a reading whose names are all in the document, and only the descriptors the document holds", () => {
    expect(
      checkProposedReading(text, [
        { name: "Thesis", maxPoints: 20, descriptors: ["A clear, arguable claim.", "An invented level."] },
        { name: "Use of Evidence", maxPoints: 30, descriptors: [] },
      ]),
    ).toEqual([
      { name: "Thesis", maxPoints: 20, descriptors: ["A clear, arguable claim."] },
      { name: "Use of Evidence", maxPoints: 30, descriptors: [] },
    ]);
  });

  it.each([
    ["a name not in the document", [{ name: "Voice", maxPoints: 10, descriptors: [] }]],
    ["points out of range", [{ name: "Thesis", maxPoints: 0, descriptors: [] }]],
    ["a repeated name", [{ name: "Thesis", maxPoints: 20, descriptors: [] }, { name: "thesis", maxPoints: 20, descriptors: [] }]],
    ["nothing", []],
  ])("offers nothing for %s", (_, proposal) => {
    expect(checkProposedReading(text, proposal)).toBeUndefined();
  });

  it("offers nothing when a name, though in the document, is longer than a stored criterion's 200 characters", () => {
    const long = `Voice ${"x".repeat(200)}`;
    expect(checkProposedReading(`${text}\n${long}`, [{ name: long, maxPoints: 5, descriptors: [] }])).toBeUndefined();
    expect(checkProposedReading(`${text}\n${long}`, [{ name: "Thesis", maxPoints: 5, descriptors: [] }])).toBeDefined();
  });
});
