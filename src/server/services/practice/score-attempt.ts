import type { PracticeAnswer, StoredQuizItem } from "../../../contracts/practice";
import { isFixAccepted } from "../../../core/practice/fix-answer";
import type { SpellChecker } from "../../../core/grading/spelling";
import { normaliseAnswer } from "./engine";

export interface ItemScore {
  itemId: string;
  isCorrect: boolean;
  /** What the student gave, as text (a chosen option's words), or null when they left it blank. */
  answer: string | null;
}

function scoreItem(item: StoredQuizItem, given: PracticeAnswer | null | undefined, spellChecker: SpellChecker | undefined): ItemScore {
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
      // Right when the named slip is fixed and nothing made worse, not only when it matches the key to the character.
      const text = String(given);
      return { itemId: item.id, isCorrect: isFixAccepted(item, text, spellChecker), answer: text.trim() };
    }
  }
}

/**
 * Every item is objective, so an attempt is scored on the spot: one point per item answered right. The dictionary lets
 * a corrected sentence put right a misspelling the key kept.
 */
export function scoreAttempt(items: StoredQuizItem[], answers: Record<string, PracticeAnswer | null>, spellChecker?: SpellChecker): { itemScores: ItemScore[]; score: number; maxScore: number } {
  const itemScores = items.map((item) => scoreItem(item, answers[item.id], spellChecker));
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
