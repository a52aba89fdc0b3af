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
