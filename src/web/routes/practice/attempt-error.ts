import type { StudentQuizItem } from "../../../contracts/practice";
import { ApiError, describeError } from "../../lib/api";

/**
 * What a student reads when the server refuses an attempt: its own sentence (too many attempts, the quiz closed or
 * full), or each refused field's sentence. The server names that field by the question's id ("answers.3f9a..."), which
 * tells a student nothing, so the page says which question, by its number, and what to change.
 */
export function describeAttemptError(error: unknown, items: readonly StudentQuizItem[], fallback: string): string {
  if (error instanceof ApiError && error.fields) {
    const numbers = new Map(items.map((item, index) => [`answers.${item.id}`, index + 1]));
    // Any other field (the student's name) says its own sentence: "The request body has problems in: studentName."
    // told a student nothing.
    const sentences = Object.entries(error.fields).map(([field, message]) => {
      const number = numbers.get(field);
      return `${number ? `Question ${number}: ` : ""}${message.replace(/\.?$/, ".")}`;
    });
    if (sentences.length) return sentences.join(" ");
  }
  return describeError(error, fallback);
}
