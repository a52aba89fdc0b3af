import { asc, eq } from "drizzle-orm";
import type { PracticeResults, StoredQuizItem } from "../../../contracts/practice";
import { secondsOverLimit, secondsTaken } from "../../../core/practice/time-limit";
import type { Db } from "../../db/client";
import { practiceAttempts } from "../../db/schema";
import { csvCell } from "../submissions/gradebook";
import { findQuizRow, type PracticeSetRow } from "./records";
import { questionOf } from "./score-attempt";

type AttemptRow = typeof practiceAttempts.$inferSelect;

async function quizAndAttempts(db: Db, teacherId: string, id: string): Promise<{ row: PracticeSetRow; attempts: AttemptRow[] }> {
  const row = await findQuizRow(db, teacherId, id);
  const attempts = await db.select().from(practiceAttempts).where(eq(practiceAttempts.practiceSetId, row.id)).orderBy(asc(practiceAttempts.submittedAt));
  return { row, attempts };
}

/** The wrong answer given most often (ties: the first given), or null when nobody answered wrongly. */
function mostChosenWrong(answers: string[]): { answer: string; count: number } | null {
  const counts = new Map<string, { answer: string; count: number }>();
  for (const answer of answers) {
    const key = answer.trim().toLowerCase();
    const entry = counts.get(key) ?? { answer: answer.trim(), count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  let best: { answer: string; count: number } | null = null;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best;
}

/** Per student (every attempt) and per item of the quiz as it is now: percent correct and the most chosen wrong answer. */
export async function findPracticeResults(db: Db, teacherId: string, id: string): Promise<PracticeResults> {
  const { row, attempts } = await quizAndAttempts(db, teacherId, id);
  return {
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      studentName: attempt.studentName,
      score: attempt.score,
      maxScore: attempt.maxScore,
      submittedAt: attempt.submittedAt.toISOString(),
      attemptNumber: attempt.attemptNumber,
      secondsTaken: secondsTaken(attempt.startedAt, attempt.submittedAt),
      // Judged against the limit as it is now: a teacher who gave the class more time sees who is still over it.
      secondsOverLimit: secondsOverLimit(attempt.startedAt, attempt.submittedAt, row.settings.timeLimitMinutes),
    })),
    items: (row.items as StoredQuizItem[]).map((item, index) => {
      const scores = attempts.flatMap((attempt) => attempt.itemScores.filter((score) => score.itemId === item.id && score.answer !== null));
      const correct = scores.filter((score) => score.isCorrect).length;
      return {
        itemId: item.id,
        number: index + 1,
        question: questionOf(item),
        answered: scores.length,
        percentCorrect: scores.length ? Math.round((correct / scores.length) * 100) : null,
        mostChosenWrong: mostChosenWrong(scores.filter((score) => !score.isCorrect).map((score) => score.answer!)),
      };
    }),
  };
}

/** Minutes to one decimal for a spreadsheet; empty when the start is unknown. */
const minutesOf = (seconds: number | null) => (seconds === null ? "" : Math.round(seconds / 6) / 10);

/** One row per attempt: who, when, the score, then each question's answer and whether it was right. */
export async function practiceResultsCsv(db: Db, teacherId: string, id: string): Promise<{ title: string; csv: string }> {
  const { row, attempts } = await quizAndAttempts(db, teacherId, id);
  const items = row.items as StoredQuizItem[];
  const header = ["Student", "Attempt", "Submitted at", "Minutes taken", "Score", "Out of", "Percent", ...items.flatMap((_, index) => [`Q${index + 1} answer`, `Q${index + 1} correct`])];
  const lines = attempts.map((attempt) => {
    const byItem = new Map(attempt.itemScores.map((score) => [score.itemId, score]));
    return [
      attempt.studentName,
      attempt.attemptNumber,
      attempt.submittedAt.toISOString(),
      minutesOf(secondsTaken(attempt.startedAt, attempt.submittedAt)),
      attempt.score,
      attempt.maxScore,
      attempt.maxScore ? Math.round((attempt.score / attempt.maxScore) * 100) : 0,
      ...items.flatMap((item) => {
        const score = byItem.get(item.id);
        return score ? [score.answer ?? "", score.isCorrect ? "yes" : "no"] : ["", ""];
      }),
    ];
  });
  return { title: row.title, csv: [header, ...lines].map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n" };
}
