import { describe, expect, it } from "vitest";
import type { StudentQuizItem } from "../../../contracts/practice";
import { answersAsShown, untouchedCount } from "./quiz-answers";

const items: StudentQuizItem[] = [
  { id: "mc", kind: "multiple-choice", prompt: "Which?", options: ["A", "B"] },
  { id: "cz", kind: "cloze", sentence: "Plants make _____." },
  { id: "fx", kind: "fix-the-sentence", prompt: "Correct the spelling in this sentence.", original: "I beleive it." },
];

describe("a student's answers", () => {
  it("send a sentence to correct left as shown as that sentence, not as a blank", () => {
    expect(answersAsShown(items, { mc: 1 })).toEqual({ mc: 1, fx: "I beleive it." });
    expect(answersAsShown(items, { fx: "I believe it." })).toEqual({ fx: "I believe it." });
  });

  it("count the questions left unanswered or unchanged, so the page can ask before sending", () => {
    expect(untouchedCount(items, {})).toBe(3);
    expect(untouchedCount(items, { mc: 0, cz: "  ", fx: " I beleive it. " })).toBe(2);
    expect(untouchedCount(items, { mc: 0, cz: "food", fx: "I believe it." })).toBe(0);
  });
});
