import { and, count, eq } from "drizzle-orm";
import { practiceLimits, practiceMessages, type AttemptResult, type SharedPractice, type StoredFlashcard, type StoredQuizItem, type SubmitAttemptInput } from "../../../contracts/practice";
import type { SpellChecker } from "../../../core/grading/spelling";
import type { Db } from "../../db/client";
import { practiceAttempts, practiceAttemptStarts, practiceSets, retiredPracticeTokens } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { Queryable } from "../teacher-profiles";
import { hasClassList, nameOnClassList } from "./class-list-name";
import { normaliseText } from "./engine";
import type { PracticeSetRow } from "./records";
import { keyAnswerOf, scoreAttempt } from "./score-attempt";

const tokenShape = /^[A-Za-z0-9_-]{32}$/;

/**
 * What a share link opens. Unknown, malformed and deleted answer the same "no longer active" (isGuess only for a
 * token no set ever had: the rate limit counts those); a closed set says it is closed.
 */
export type SharedOpening = { kind: "inactive"; isGuess: boolean } | { kind: "closed"; setKind: PracticeSetRow["kind"] } | { kind: "open"; row: PracticeSetRow };

export async function openShared(db: Queryable, token: string, options: { forUpdate?: boolean } = {}): Promise<SharedOpening> {
  // A link cut short is a student's damaged link, not a guess: no token has its shape (as for feedback links).
  if (!tokenShape.test(token)) return { kind: "inactive", isGuess: false };
  const query = db.select().from(practiceSets).where(eq(practiceSets.shareToken, token));
  const [row] = await (options.forUpdate ? query.for("update") : query);
  if (!row) return { kind: "inactive", isGuess: !(await isRetired(db, token)) };
  if (row.deletedAt) return { kind: "inactive", isGuess: false };
  if (!row.isOpen) return { kind: "closed", setKind: row.kind };
  return { kind: "open", row };
}

/** A link the teacher replaced with a new one: a real link, not a guess, though it opens nothing now. */
async function isRetired(db: Queryable, token: string): Promise<boolean> {
  const [retired] = await db.select({ token: retiredPracticeTokens.token }).from(retiredPracticeTokens).where(eq(retiredPracticeTokens.token, token));
  return Boolean(retired);
}

/** The quiz without its key (no answers, explanations or sources), or the deck's cards. */
export async function sharedView(db: Queryable, row: PracticeSetRow): Promise<SharedPractice> {
  if (row.kind === "deck") {
    return { kind: "deck", title: row.title, cards: (row.items as StoredFlashcard[]).map((card) => ({ id: card.id, front: card.front, back: card.back })) };
  }
  return {
    kind: "quiz",
    title: row.title,
    items: (row.items as StoredQuizItem[]).map((item) =>
      item.kind === "multiple-choice"
        ? { id: item.id, kind: item.kind, prompt: item.prompt, options: item.options }
        : item.kind === "cloze"
          ? { id: item.id, kind: item.kind, sentence: item.sentence }
          : { id: item.id, kind: item.kind, prompt: item.prompt, original: item.original },
    ),
    timeLimitMinutes: row.settings.timeLimitMinutes,
    attemptsAllowed: row.settings.attemptsAllowed,
    hasClassList: await hasClassList(db, row.assignmentId),
  };
}

type AttemptRow = typeof practiceAttempts.$inferSelect;

function resultOf(row: PracticeSetRow, attempt: AttemptRow): AttemptResult {
  const isKeyShown = row.settings.showKeyAfterSubmit;
  const items = new Map((row.items as StoredQuizItem[]).map((item) => [item.id, item]));
  return {
    attemptId: attempt.id,
    studentName: attempt.studentName,
    score: attempt.score,
    maxScore: attempt.maxScore,
    submittedAt: attempt.submittedAt.toISOString(),
    attemptNumber: attempt.attemptNumber,
    attemptsAllowed: row.settings.attemptsAllowed,
    isKeyShown,
    items: attempt.itemScores.map((score) => {
      const item = items.get(score.itemId);
      return { itemId: score.itemId, isCorrect: score.isCorrect, ...(isKeyShown && item ? { correctAnswer: keyAnswerOf(item), ...(item.explanation ? { explanation: item.explanation } : {}) } : {}) };
    }),
  };
}

/**
 * The answers kept with an attempt: one per question of the quiz. An answer to a question the teacher has since
 * deleted is dropped, not refused, so a student who started before the edit still gets a result.
 */
function answersToItems(items: StoredQuizItem[], answers: SubmitAttemptInput["answers"]): SubmitAttemptInput["answers"] {
  return Object.fromEntries(items.filter((item) => item.id in answers).map((item) => [item.id, answers[item.id] ?? null]));
}

/** Attempts a student (by their folded name) has submitted at the quiz. */
async function attemptsUsed(db: Queryable, practiceSetId: string, studentKey: string): Promise<number> {
  const [sofar] = await db.select({ value: count() }).from(practiceAttempts).where(and(eq(practiceAttempts.practiceSetId, practiceSetId), eq(practiceAttempts.studentKey, studentKey)));
  return sofar?.value ?? 0;
}

/** The number of the student's next attempt, refused when the quiz allows them no more. */
export async function nextAttemptNumber(db: Queryable, row: PracticeSetRow, studentKey: string): Promise<number> {
  const used = await attemptsUsed(db, row.id, studentKey);
  if (used >= row.settings.attemptsAllowed) throw new AppError("conflict", practiceMessages.noAttemptsLeft, { studentName: practiceMessages.noAttemptsLeft });
  return used + 1;
}

/** The start of one student's attempt: at most one row, kept only while the attempt is open. */
export const attemptStartOf = (practiceSetId: string, studentKey: string, attemptNumber: number) =>
  and(eq(practiceAttemptStarts.practiceSetId, practiceSetId), eq(practiceAttemptStarts.studentKey, studentKey), eq(practiceAttemptStarts.attemptNumber, attemptNumber));

export type SubmitOutcome = Exclude<SharedOpening, { kind: "open" }> | { kind: "stored"; isNew: boolean; result: AttemptResult };

/**
 * A student submits: scored on the spot and stored once. The set's row is locked for the few milliseconds this takes,
 * so two posts of the same attempt (a double tap, a retry after a dropped answer) find one row, and two different
 * attempts by one student cannot both slip under the limit.
 */
export async function submitAttempt(db: Db, token: string, input: SubmitAttemptInput, options: { spellChecker?: SpellChecker; refuseNew?: AppError } = {}): Promise<SubmitOutcome> {
  return db.transaction(async (tx) => {
    const opening = await openShared(tx, token, { forUpdate: true });
    if (opening.kind !== "open") return opening;
    const { row } = opening;
    if (row.kind !== "quiz") throw new AppError("bad_request", "This link opens a flashcard deck: there is nothing to submit.");
    const [existing] = await tx.select().from(practiceAttempts).where(and(eq(practiceAttempts.practiceSetId, row.id), eq(practiceAttempts.idempotencyKey, input.idempotencyKey)));
    if (existing) return { kind: "stored", isNew: false, result: resultOf(row, existing) };
    // Only a new attempt is refused by the address's budget: a retry of a stored one still gets its result.
    if (options.refuseNew) throw options.refuseNew;
    const studentName = await nameOnClassList(tx, row.assignmentId, input.studentName);
    const studentKey = normaliseText(studentName);
    const [kept] = await tx.select({ value: count() }).from(practiceAttempts).where(eq(practiceAttempts.practiceSetId, row.id));
    if ((kept?.value ?? 0) >= practiceLimits.maxAttemptsPerQuiz) throw new AppError("conflict", practiceMessages.quizFull);
    const attemptNumber = await nextAttemptNumber(tx, row, studentKey);
    const items = row.items as StoredQuizItem[];
    const scored = scoreAttempt(items, input.answers, options.spellChecker);
    // The start moves into the attempt: the table of starts holds only attempts still open.
    const [start] = await tx
      .delete(practiceAttemptStarts)
      .where(attemptStartOf(row.id, studentKey, attemptNumber))
      .returning({ startedAt: practiceAttemptStarts.startedAt });
    const [attempt] = await tx
      .insert(practiceAttempts)
      .values({ practiceSetId: row.id, idempotencyKey: input.idempotencyKey, studentName, studentKey, answers: answersToItems(items, input.answers), ...scored, attemptNumber, startedAt: start?.startedAt ?? null })
      .returning();
    return { kind: "stored", isNew: true, result: resultOf(row, attempt!) };
  });
}
