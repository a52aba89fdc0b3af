import { describe, expect, it } from "vitest";
import type { Gradebook } from "../../../../contracts/submissions";
import { columnsOf, compareRows, type Row } from "./gradebook-columns";

const row = (studentName: string, finalScore: number | null, earlierTotal?: number): Row => ({
  submissionId: studentName,
  studentName,
  studentIdentifier: null,
  status: "accepted",
  criteriaScores: null,
  rawScore: finalScore,
  latePenalty: null,
  finalScore,
  daysLate: 0,
  lateNote: null,
  gradeSource: "reviewed",
  earlierRubric: earlierTotal === undefined ? null : { criteria: [{ id: "overall", name: "Overall", maxPoints: earlierTotal }], totalPoints: earlierTotal },
  topSimilarity: null,
});

const book = (rows: Row[]): Gradebook => ({
  assignmentId: "a",
  title: "Essay",
  totalPoints: 20,
  scoreBasis: "points",
  criteria: [{ id: "overall", name: "Overall", maxPoints: 20 }],
  rows,
  missing: [],
  distribution: [],
});

const sortedBy = (key: string, rows: Row[]) => {
  const column = columnsOf(book(rows)).find((candidate) => candidate.key === key)!;
  return [...rows].sort(compareRows(column, "descending")).map((item) => item.studentName);
};

describe("sorting the gradebook by a total", () => {
  it("places a grade on an earlier rubric by its share of the scale, not by its number", () => {
    // 14 of 30 is 47%: below 13 of 20 (65%) and above 9 of 20 (45%).
    const rows = [row("Ada", 13), row("Ben", 14, 30), row("Cai", 9), row("Dee", null)];
    expect(sortedBy("final", rows)).toEqual(["Ada", "Ben", "Cai", "Dee"]);
    expect(sortedBy("raw", rows)).toEqual(["Ada", "Ben", "Cai", "Dee"]);
  });

  it("sorts grades on the current rubric by their points", () => {
    expect(sortedBy("final", [row("Ada", 9), row("Ben", 18), row("Cai", 12)])).toEqual(["Ben", "Cai", "Ada"]);
  });
});
