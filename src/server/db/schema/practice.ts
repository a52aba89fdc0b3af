import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PracticeAnswer, PracticeKind, PracticeSourceKind, QuizSettings, StoredFlashcard, StoredQuizItem } from "../../../contracts/practice";
import { assignments } from "./assignments";
import { users } from "./auth";

/**
 * A teacher's quiz or flashcard deck (issue 19). Items are one JSON list in the teacher's order: they are edited,
 * reordered and shared as a whole, and each keeps an id so answers follow it. The share token is kept as it is, not
 * hashed (decision record 020): a class link is handed out again and again, and it opens only the questions.
 */
export const practiceSets = pgTable(
  "practice_sets",
  {
    id: uuid().primaryKey().defaultRandom(),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().$type<PracticeKind>().notNull(),
    title: text().notNull(),
    items: jsonb().$type<(StoredQuizItem | StoredFlashcard)[]>().notNull().default([]),
    sourceKind: text().$type<PracticeSourceKind>().notNull(),
    /** The graded assignment a "practice for this class" set was made from; kept when the assignment goes. */
    assignmentId: uuid().references(() => assignments.id, { onDelete: "set null" }),
    weakestCriteria: jsonb().$type<{ id: string; name: string; meanFraction: number }[]>().notNull().default([]),
    /** What generation said when it made fewer items than asked. */
    notice: text(),
    settings: jsonb().$type<QuizSettings>().notNull(),
    isOpen: boolean().notNull().default(true),
    shareToken: text(),
    sharedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex().on(table.shareToken), index().on(table.teacherId, table.kind)],
);

/** One student's submitted quiz: their answers and the score of each item, fixed when it was submitted. */
export const practiceAttempts = pgTable(
  "practice_attempts",
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceSetId: uuid()
      .notNull()
      .references(() => practiceSets.id, { onDelete: "cascade" }),
    /** Made by the student's page once per attempt: a retried post finds the attempt it already stored. */
    idempotencyKey: text().notNull(),
    studentName: text().notNull(),
    /** The name folded for counting attempts per student (case and spaces do not make a new student). */
    studentKey: text().notNull(),
    answers: jsonb().$type<Record<string, PracticeAnswer | null>>().notNull(),
    itemScores: jsonb().$type<{ itemId: string; isCorrect: boolean; answer: string | null }[]>().notNull(),
    score: doublePrecision().notNull(),
    maxScore: integer().notNull(),
    attemptNumber: integer().notNull(),
    /** When the server first opened this attempt (practiceAttemptStarts); null for one whose start it never saw. */
    startedAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex().on(table.practiceSetId, table.idempotencyKey), index().on(table.practiceSetId, table.studentKey)],
);

/**
 * An attempt opened and not yet submitted: the server's clock for the time limit, kept per student and attempt number
 * so a reload or a second device finds the same start. Moved into the attempt (and deleted) when it is submitted.
 */
export const practiceAttemptStarts = pgTable(
  "practice_attempt_starts",
  {
    practiceSetId: uuid()
      .notNull()
      .references(() => practiceSets.id, { onDelete: "cascade" }),
    studentKey: text().notNull(),
    attemptNumber: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.practiceSetId, table.studentKey, table.attemptNumber] })],
);

/**
 * Links a teacher replaced with a new one (a link that got out of the class): opened, they say "no longer active"
 * like a deleted set's, and are not counted as guessed links by the rate limit.
 */
export const retiredPracticeTokens = pgTable("retired_practice_tokens", {
  token: text().primaryKey(),
  practiceSetId: uuid()
    .notNull()
    .references(() => practiceSets.id, { onDelete: "cascade" }),
  retiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
