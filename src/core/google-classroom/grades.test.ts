import { describe, expect, it } from "vitest";
import { classroomGradeFor, classroomStudentName, gradeChanges, type SentGrade, type WantedGrade } from "./grades";

describe("classroomGradeFor", () => {
  const table: { rule: string; finalScore: number; rubricTotal: number; maxPoints: number | null; grade: number }[] = [
    { rule: "sends the final score when the coursework is out of the rubric total", finalScore: 17.5, rubricTotal: 20, maxPoints: 20, grade: 17.5 },
    { rule: "scales the final score to a coursework out of 100", finalScore: 15, rubricTotal: 20, maxPoints: 100, grade: 75 },
    { rule: "rounds a scaled grade to two decimals", finalScore: 10, rubricTotal: 30, maxPoints: 100, grade: 33.33 },
    { rule: "sends the score as it is to ungraded coursework (no maximum)", finalScore: 12.345, rubricTotal: 20, maxPoints: null, grade: 12.35 },
  ];
  for (const row of table) it(row.rule, () => expect(classroomGradeFor(row.finalScore, row.rubricTotal, row.maxPoints)).toBe(row.grade));
});

describe("gradeChanges", () => {
  const wanted = (submissionId: string, draftGrade: number, assignedGrade?: number): WantedGrade => ({ submissionId, classroomSubmissionId: `cs-${submissionId}`, draftGrade, ...(assignedGrade === undefined ? {} : { assignedGrade }) });
  const sent = (entries: [string, number, number | null][]) => new Map<string, SentGrade>(entries.map(([id, draftGrade, assignedGrade]) => [id, { classroomSubmissionId: `cs-${id}`, draftGrade, assignedGrade }]));

  it("sends every grade never sent before", () => {
    const result = gradeChanges([wanted("a", 10), wanted("b", 12)], sent([]));
    expect(result.changed.map((grade) => grade.submissionId)).toEqual(["a", "b"]);
    expect(result.unchangedCount).toBe(0);
  });

  it("skips a grade sent with the same value and sends only the changed one", () => {
    const result = gradeChanges([wanted("a", 10), wanted("b", 14)], sent([["a", 10, null], ["b", 12, null]]));
    expect(result.changed).toEqual([wanted("b", 14)]);
    expect(result.unchangedCount).toBe(1);
  });

  it("sends again a draft now returned to the student (the assigned grade is new)", () => {
    const result = gradeChanges([wanted("a", 10, 10)], sent([["a", 10, null]]));
    expect(result.changed).toEqual([wanted("a", 10, 10)]);
  });

  it("keeps a returned grade unchanged when it is sent as a draft again with the same value", () => {
    expect(gradeChanges([wanted("a", 10)], sent([["a", 10, 10]])).unchangedCount).toBe(1);
  });

  it("sends again when the student's Classroom submission is another one", () => {
    const moved = new Map<string, SentGrade>([["a", { classroomSubmissionId: "cs-old", draftGrade: 10, assignedGrade: null }]]);
    expect(gradeChanges([wanted("a", 10)], moved).changed).toHaveLength(1);
  });
});

describe("classroomStudentName", () => {
  it("uses the full name", () => expect(classroomStudentName({ fullName: " Ana Lima ", givenName: "Ana" }, "1")).toBe("Ana Lima"));
  it("joins given and family names when the full name is missing", () => expect(classroomStudentName({ givenName: "Ana", familyName: "Lima" }, "1")).toBe("Ana Lima"));
  it("names the student by id when Google gives no name", () => expect(classroomStudentName(undefined, "107")).toBe("Classroom student 107"));
});
