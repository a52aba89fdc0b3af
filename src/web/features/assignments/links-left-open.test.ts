import { describe, expect, it } from "vitest";
import { linksLeftOpenNote } from "./links-left-open";

describe("what the archive question says of students' links", () => {
  it("says nothing when no link is open", () => {
    expect(linksLeftOpenNote({ feedbackLinks: 0, quizzes: 0, decks: 0 })).toBe("");
  });

  it("names each kind of open link, and that they keep working", () => {
    expect(linksLeftOpenNote({ feedbackLinks: 3, quizzes: 1, decks: 2 })).toBe(
      "3 students' feedback links, 1 shared quiz and 2 shared flashcard decks made from it keep working for students; revoke or close them first if they should stop.",
    );
    expect(linksLeftOpenNote({ feedbackLinks: 0, quizzes: 1, decks: 0 })).toBe("1 shared quiz made from it keeps working for students; revoke or close it first if it should stop.");
  });
});
