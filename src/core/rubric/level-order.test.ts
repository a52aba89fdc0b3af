import { describe, expect, it } from "vitest";
import { levelsLowestFirst } from "./level-order.js";

describe("levelsLowestFirst", () => {
  it("reverses levels written best first by their points", () => {
    expect(levelsLowestFirst(["Exemplary (4): a", "Proficient (3): b", "Developing (1-2): c"])).toEqual(["Developing (1-2): c", "Proficient (3): b", "Exemplary (4): a"]);
    expect(levelsLowestFirst(["13-15: Logical order.", "0-12: Hard to follow."])).toEqual(["0-12: Hard to follow.", "13-15: Logical order."]);
    expect(levelsLowestFirst(["4 - Mastery: a", "3 - Secure: b", "2 - Developing: c", "1 - Beginning: d"])).toEqual(["1 - Beginning: d", "2 - Developing: c", "3 - Secure: b", "4 - Mastery: a"]);
  });

  it("reverses levels written best first by their names alone", () => {
    expect(levelsLowestFirst(["Excellent: a", "Good: b", "Fair: c", "Poor: d"])).toEqual(["Poor: d", "Fair: c", "Good: b", "Excellent: a"]);
    expect(levelsLowestFirst(["Exceeds expectations – a", "Meets expectations – b", "Below expectations – c"])).toEqual([
      "Below expectations – c",
      "Meets expectations – b",
      "Exceeds expectations – a",
    ]);
    expect(levelsLowestFirst(["A: a", "B: b", "C: c"])).toEqual(["C: c", "B: b", "A: a"]);
  });

  it("keeps levels already lowest first, and lists it cannot order", () => {
    const lowestFirst = ["Beginning (1): a", "Developing (2): b", "Proficient (3): c", "Exemplary (4): d"];
    expect(levelsLowestFirst(lowestFirst)).toEqual(lowestFirst);
    const plain = ["Uses quotes", "Quotes are introduced", "Quotes are explained"];
    expect(levelsLowestFirst(plain)).toEqual(plain);
    const mixed = ["Good (3): a", "Excellent (4): b", "Fair (2): c"];
    expect(levelsLowestFirst(mixed)).toEqual(mixed);
  });

  it("keeps a criterion's description before its levels", () => {
    expect(levelsLowestFirst(["How well the claim is argued", "Exemplary: a", "Proficient: b", "Beginning: c"])).toEqual([
      "How well the claim is argued",
      "Beginning: c",
      "Proficient: b",
      "Exemplary: a",
    ]);
  });

  it("prefers points to names when both are shown", () => {
    // Names and points disagree ("Strong" is usually a top level); the points are the rubric's own statement.
    expect(levelsLowestFirst(["Strong (2): a", "Developing (4): b"])).toEqual(["Strong (2): a", "Developing (4): b"]);
  });
});
