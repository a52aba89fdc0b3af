import type { StudentQuizItem } from "../../../contracts/practice";

export type Answers = Record<string, number | string | null>;

/**
 * What the student sends is what the page showed: a sentence to correct is shown prefilled with the sentence as
 * written, so one left as it is goes as that sentence (scored like any answer, and counted as answered in the
 * teacher's results), not as a blank.
 */
export function answersAsShown(items: readonly StudentQuizItem[], answers: Answers): Answers {
  const shown: Answers = { ...answers };
  for (const item of items) if (item.kind === "fix-the-sentence" && typeof shown[item.id] !== "string") shown[item.id] = item.original;
  return shown;
}

/** Questions with no choice, an empty blank, or a sentence to correct left exactly as written. */
export function untouchedCount(items: readonly StudentQuizItem[], answers: Answers): number {
  return items.filter((item) => {
    const value = answers[item.id];
    if (item.kind === "multiple-choice") return typeof value !== "number";
    if (item.kind === "cloze") return typeof value !== "string" || !value.trim();
    return typeof value !== "string" || value.trim() === item.original.trim();
  }).length;
}
