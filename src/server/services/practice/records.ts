import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { defaultQuizSettings, type PracticeSummary, type PracticeView, type StoredFlashcard, type StoredQuizItem } from "../../../contracts/practice";
import { assignments, practiceSets } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import { isUuid } from "../../http/validation";
import type { Queryable } from "../teacher-profiles";

export type PracticeSetRow = typeof practiceSets.$inferSelect;
export type PracticeItem = StoredQuizItem | StoredFlashcard;

const kindName = (kind: PracticeSetRow["kind"]) => (kind === "quiz" ? "That quiz" : "That deck");

/**
 * The teacher's own quiz or deck, not deleted. Another teacher's (or a malformed id, or a deleted set) is simply not
 * found, so a guessed id tells nothing.
 */
export async function findPracticeRow(db: Queryable, teacherId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<PracticeSetRow> {
  if (!isUuid(id)) throw notFound("That quiz or deck");
  const query = db
    .select()
    .from(practiceSets)
    .where(and(eq(practiceSets.id, id), eq(practiceSets.teacherId, teacherId), isNull(practiceSets.deletedAt)));
  const [row] = await (options.forUpdate ? query.for("update") : query);
  if (!row) throw notFound("That quiz or deck");
  return row;
}

/** The teacher's own quiz: a deck, whose students study on their own devices, has no attempts and no results. */
export async function findQuizRow(db: Queryable, teacherId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<PracticeSetRow> {
  const row = await findPracticeRow(db, teacherId, id, options);
  if (row.kind !== "quiz") throw new AppError("not_found", "A deck has no results: students study it on their own devices.");
  return row;
}

export { kindName };

/** The student's address for a share token (one page for quizzes and decks: the page asks what it opens). */
export const practiceShareUrl = (publicUrl: string, token: string) => `${publicUrl}/practice/${token}`;

/** Gives every item an id it keeps through edits; an item sent back with its id keeps it. */
export function withIds<T extends { id?: string }>(items: T[]): (T & { id: string })[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : randomUUID().slice(0, 8);
    seen.add(id);
    return { ...item, id };
  });
}

export interface ViewContext {
  publicUrl: string;
  attemptCount: number;
  assignmentTitle: string | null;
}

export function toPracticeSummary(row: PracticeSetRow, context: ViewContext): PracticeSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    sourceKind: row.sourceKind,
    itemCount: row.items.length,
    isOpen: row.isOpen,
    shareUrl: row.shareToken ? practiceShareUrl(context.publicUrl, row.shareToken) : null,
    attemptCount: context.attemptCount,
    assignment: row.assignmentId && context.assignmentTitle !== null ? { id: row.assignmentId, title: context.assignmentTitle } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPracticeView(row: PracticeSetRow, context: ViewContext): PracticeView {
  return {
    ...toPracticeSummary(row, context),
    items: row.items,
    settings: { ...defaultQuizSettings, ...row.settings },
    weakestCriteria: row.weakestCriteria,
    notice: row.notice,
  };
}

export async function assignmentTitleOf(db: Queryable, assignmentId: string | null): Promise<string | null> {
  if (!assignmentId) return null;
  const [row] = await db.select({ title: assignments.title }).from(assignments).where(eq(assignments.id, assignmentId));
  return row ? row.title.trim() || "Untitled assignment" : null;
}
