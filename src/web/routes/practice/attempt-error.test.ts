import { describe, expect, it } from "vitest";
import type { StudentQuizItem } from "../../../contracts/practice";
import { ApiError } from "../../lib/api";
import { describeAttemptError } from "./attempt-error";

const items: StudentQuizItem[] = [
  { id: "q-one", kind: "cloze", sentence: "The ___ sat down." },
  { id: "q-two", kind: "fix-the-sentence", prompt: "Correct the sentence.", original: "me and him went" },
];
const refusal = (status: number, message: string, fields: Record<string, string> = {}) =>
  new ApiError(status, "", JSON.stringify({ error: { code: "any", message, fields } }));
const fallback = "Your answers were not sent.";

describe("describeAttemptError", () => {
  it("names a refused answer by its question's number, not by the field's id", () => {
    const error = refusal(400, "The request body has problems in: answers.q-two. Fix these and try again.", { "answers.q-two": "Keep each answer within 2000 characters" });
    expect(describeAttemptError(error, items, fallback)).toBe("Question 2: Keep each answer within 2000 characters.");
  });

  it("passes the server's own sentence through for any other refusal", () => {
    const message = "Too many attempts at this quiz were sent from this network. Keep this page open and press Submit again in 15 minutes.";
    expect(describeAttemptError(refusal(429, message), items, fallback)).toBe(message);
  });

  it("says a refused name's own sentence, not the fields' names", () => {
    const name = refusal(400, "The request body has problems in: studentName.", { studentName: "Keep your name within 120 characters" });
    expect(describeAttemptError(name, items, fallback)).toBe("Keep your name within 120 characters.");
  });

  it("falls back when nothing answered", () => {
    expect(describeAttemptError(new TypeError("Failed to fetch"), items, fallback)).toBe(fallback);
  });
});
