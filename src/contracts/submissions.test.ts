import { describe, expect, it } from "vitest";
import { pastedSubmissionInput, studentNameFromFile } from "./submissions";

describe("student names", () => {
  it("from a file name: without direction marks, never empty, and cut at a word to the names' length", () => {
    expect(studentNameFromFile("Rlo\u202etxt")).toBe("Rlotxt");
    expect(studentNameFromFile("  \u202e ")).toBe("Unnamed student");
    const long = studentNameFromFile(`${"Alexandria ".repeat(30)}Montgomery`);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith("Alexandria")).toBe(true);
  });

  it("typed: direction marks taken out, then the usual rules", () => {
    expect(pastedSubmissionInput.parse({ studentName: "Ana\u202e Diaz", text: "An answer." }).studentName).toBe("Ana Diaz");
    expect(pastedSubmissionInput.safeParse({ studentName: "\u202e", text: "An answer." }).error?.issues[0]?.message).toBe("Add the student's name or identifier");
  });
});

describe("submission times", () => {
  const pasted = (submittedAt: string) => pastedSubmissionInput.safeParse({ studentName: "Ada Diaz", text: "My essay.", submittedAt });
  const problem = (submittedAt: string) => pasted(submittedAt).error?.issues[0]?.message;

  it("takes a time from 2000 up to a day from now, with an offset", () => {
    expect(pasted("2025-03-05T23:59:00+01:00").success).toBe(true);
    expect(pasted(new Date(Date.now() + 60 * 60 * 1000).toISOString()).success).toBe(true);
  });

  it("refuses a year 0001, a time before 2000 or next year's, saying what range it takes", () => {
    for (const typo of ["0001-01-01T00:00:00Z", "1999-12-31T23:59:59Z", new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString()]) {
      expect(problem(typo)).toBe("Submission time must be between the year 2000 and now");
    }
    expect(problem("yesterday")).toBe("Submission time must be a date and time like 2025-03-05T14:30:00Z");
  });
});
