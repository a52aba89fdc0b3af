import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { flashcardInput, quizItemInput, updatePracticeInput, type PracticeView, type StoredFlashcard, type StoredQuizItem } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { practiceAttempts, practiceSets } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { Queryable } from "../teacher-profiles";
import { validateFlashcard, validateQuizItem } from "./engine";
import { assignmentTitleOf, findPracticeRow, toPracticeView, withIds, type PracticeSetRow } from "./records";

/** The field a validator's sentence is about, so the form can put the message beside it. */
function fieldOf(problem: string): string {
  const rules: [RegExp, string][] = [
    [/^The question('s kind)?/, "prompt"],
    [/^The correct option/, "answerIndex"],
    [/option/i, "options"],
    [/^The sentence to fix/, "original"],
    [/^The corrected sentence|^The answer|^An accepted answer/, "answer"],
    [/^The sentence|blank/, "sentence"],
    [/^The front/, "front"],
    [/^The back/, "back"],
    [/^The explanation/, "explanation"],
    [/^The source/, "source"],
  ];
  return rules.find(([pattern]) => pattern.test(problem))?.[1] ?? "item";
}

/**
 * Checks a whole list of items as the teacher left it: shaped like an item (zod), then keeping every rule (the core's
 * validators). Each problem names its item by number and its field, e.g. `items.2.options`: "Question 3: Two options
 * say the same thing."
 */
export function checkItems(kind: PracticeSetRow["kind"], raw: unknown[]): (StoredQuizItem | StoredFlashcard)[] {
  const fields: Record<string, string> = {};
  const noun = kind === "quiz" ? "Question" : "Card";
  const items = raw.flatMap((value, index) => {
    const parsed = kind === "quiz" ? quizItemInput.safeParse(value) : flashcardInput.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      fields[["items", index, ...issue.path].join(".")] = `${noun} ${index + 1}: ${issue.message}`;
      return [];
    }
    const problem = kind === "quiz" ? validateQuizItem(parsed.data as StoredQuizItem) : validateFlashcard(parsed.data as StoredFlashcard);
    if (problem) {
      fields[`items.${index}.${fieldOf(problem)}`] = `${noun} ${index + 1}: ${problem}`;
      return [];
    }
    return [parsed.data];
  });
  const messages = Object.values(fields);
  if (messages.length) throw new AppError("validation_failed", `${messages.slice(0, 3).join(" ")}${messages.length > 3 ? ` (and ${messages.length - 3} more)` : ""} Fix ${messages.length === 1 ? "it" : "them"} and save again.`, fields);
  return withIds(items as (StoredQuizItem | StoredFlashcard)[]);
}

export async function viewOf(db: Queryable, row: PracticeSetRow, publicUrl: string): Promise<PracticeView> {
  const [[attempts], assignmentTitle] = await Promise.all([
    db.select({ value: count() }).from(practiceAttempts).where(eq(practiceAttempts.practiceSetId, row.id)),
    assignmentTitleOf(db, row.assignmentId),
  ]);
  return toPracticeView(row, { publicUrl, attemptCount: attempts?.value ?? 0, assignmentTitle });
}

export async function findPractice(db: Db, publicUrl: string, teacherId: string, id: string): Promise<PracticeView> {
  return viewOf(db, await findPracticeRow(db, teacherId, id), publicUrl);
}

/** Saves the items in the order given: reordered, edited, deleted or added by hand. All are checked, none half-saved. */
export async function replacePracticeItems(db: Db, publicUrl: string, teacherId: string, id: string, raw: unknown[]): Promise<PracticeView> {
  const row = await findPracticeRow(db, teacherId, id);
  const items = checkItems(row.kind, raw);
  const [updated] = await db.update(practiceSets).set({ items, updatedAt: new Date() }).where(eq(practiceSets.id, row.id)).returning();
  return viewOf(db, updated!, publicUrl);
}

/** Title, quiz settings (time limit, attempts, key after submission) and open or closed. */
export async function updatePractice(db: Db, publicUrl: string, teacherId: string, id: string, input: z.output<typeof updatePracticeInput>): Promise<PracticeView> {
  const row = await findPracticeRow(db, teacherId, id);
  const [updated] = await db
    .update(practiceSets)
    .set({ ...(input.title ? { title: input.title } : {}), ...(input.settings ? { settings: input.settings } : {}), ...(input.isOpen === undefined ? {} : { isOpen: input.isOpen }), updatedAt: new Date() })
    .where(eq(practiceSets.id, row.id))
    .returning();
  return viewOf(db, updated!, publicUrl);
}

/** A class link's token: 24 random bytes, URL-safe (32 characters). */
export const newShareToken = () => randomBytes(24).toString("base64url");

/**
 * The class's link: made once and kept, so the teacher can copy it again (decision record 020), until the teacher
 * replaces it (new-share-link.ts). Sharing reopens a closed set: a teacher who shares wants it answered.
 */
export async function sharePractice(db: Db, publicUrl: string, teacherId: string, id: string): Promise<PracticeView> {
  const row = await findPracticeRow(db, teacherId, id);
  if (!row.items.length) throw new AppError("conflict", `Add at least one ${row.kind === "quiz" ? "question" : "card"} before sharing.`);
  const [updated] = await db
    .update(practiceSets)
    .set({ shareToken: row.shareToken ?? newShareToken(), sharedAt: row.sharedAt ?? new Date(), isOpen: true, updatedAt: new Date() })
    .where(and(eq(practiceSets.id, row.id), eq(practiceSets.teacherId, teacherId)))
    .returning();
  return viewOf(db, updated!, publicUrl);
}

/** Deleted sets leave the teacher's lists and their link answers "no longer active"; attempts stay with the row. */
export async function deletePractice(db: Db, teacherId: string, id: string): Promise<void> {
  const row = await findPracticeRow(db, teacherId, id);
  await db.update(practiceSets).set({ deletedAt: new Date(), isOpen: false }).where(eq(practiceSets.id, row.id));
}
