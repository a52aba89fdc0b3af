import type { PracticeAnswer, StoredQuizItem } from "../../../contracts/practice";
import { normaliseAnswer } from "./engine";

export interface ItemScore {
  itemId: string;
  isCorrect: boolean;
  /** What the student gave, as text (a chosen option's words), or null when they left it blank. */
  answer: string | null;
}

/** A corrected sentence is compared as written, case included ("i" to "I" is a correction), spaces and quotes aside. */
const asWritten = (text: string) => text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();

function scoreItem(item: StoredQuizItem, given: PracticeAnswer | null | undefined): ItemScore {
  if (given === null || given === undefined || (typeof given === "string" && !given.trim())) return { itemId: item.id, isCorrect: false, answer: null };
  switch (item.kind) {
    case "multiple-choice": {
      const chosen = typeof given === "number" ? item.options[given] : undefined;
      return { itemId: item.id, isCorrect: given === item.answerIndex, answer: chosen ?? String(given) };
    }
    case "cloze": {
      const text = String(given);
      const accepted = [item.answer, ...(item.alsoAccepted ?? [])].map(normaliseAnswer);
      return { itemId: item.id, isCorrect: accepted.includes(normaliseAnswer(text)), answer: text.trim() };
    }
    case "fix-the-sentence": {
      const text = String(given);
      return { itemId: item.id, isCorrect: asWritten(text) === asWritten(item.answer), answer: text.trim() };
    }
  }
}

/** Every item is objective, so an attempt is scored on the spot: one point per item answered as the key has it. */
export function scoreAttempt(items: StoredQuizItem[], answers: Record<string, PracticeAnswer | null>): { itemScores: ItemScore[]; score: number; maxScore: number } {
  const itemScores = items.map((item) => scoreItem(item, answers[item.id]));
  return { itemScores, score: itemScores.filter((item) => item.isCorrect).length, maxScore: items.length };
}

/** The key's answer in words, as the student's page and the results show it. */
export function keyAnswerOf(item: StoredQuizItem): string {
  return item.kind === "multiple-choice" ? (item.options[item.answerIndex] ?? "") : item.answer;
}

/** The item's question in a line, for results and the CSV. */
export function questionOf(item: StoredQuizItem): string {
  return item.kind === "multiple-choice" ? item.prompt : item.kind === "cloze" ? item.sentence : `${item.prompt} ${item.original}`;
}
