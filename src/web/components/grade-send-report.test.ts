import { describe, expect, it } from "vitest";
import { notMatchedSentence } from "./grade-send-report";

describe("grades that found no student in the course", () => {
  it("says the student is not in the course once the roster was imported", () => {
    expect(notMatchedSentence({ course: "the course on School LMS", notMatched: ["Dana Smith"], isRosterImported: true })).toBe(
      "Dana Smith is not in the course on School LMS: add them there, or check the name on the submission.",
    );
    expect(notMatchedSentence({ course: "English 9 on Google Classroom", notMatched: ["Dana Smith", "Eli Ward"], isRosterImported: true })).toBe(
      "Dana Smith and Eli Ward are not in English 9 on Google Classroom: add them there, or check the names on their submissions.",
    );
  });

  it("asks for the roster only when it was never imported", () => {
    expect(notMatchedSentence({ course: "the course on School LMS", notMatched: ["Dana Smith"], isRosterImported: false })).toBe("Not sent, not matched to anyone in the course: Dana Smith. Import the roster first.");
  });
});
