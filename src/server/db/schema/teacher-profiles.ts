import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const teacherProfiles = pgTable("teacher_profiles", {
  id: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  calibrated: boolean().notNull().default(false),
  calibrationFit: jsonb(),
  name: text(),
  school: text(),
  course: text(),
  department: text(),
  standard: text(),
  tone: text(),
  strictness: integer(),
  feedbackLength: text(),
  grammarVsContent: integer(),
  gradingApproach: text(),
  latePolicy: jsonb().$type<{ type: "none" | "percentage" | "points"; penaltyPerDay: number; maxLateDays: number }>(),
  strengthsFirst: boolean(),
  autoAcceptThreshold: integer(),
  rubricTemplate: text(),
  rubricWeights: jsonb().$type<Record<string, number>>(),
  rubricCriteria: jsonb().$type<{ id: string; name: string; maxPoints: number; descriptors: string[] }[]>(),
  /** Fields the spec lists beyond these (kept without a migration until they earn a column). */
  extra: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const rubrics = pgTable(
  "rubrics",
  {
    id: uuid().primaryKey().defaultRandom(),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    template: text(),
    weights: jsonb().$type<Record<string, number>>(),
    criteria: jsonb().$type<{ id: string; name: string; maxPoints: number; descriptors: string[] }[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.teacherId)],
);

export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid().primaryKey().defaultRandom(),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The name the teacher's file had; shown, never used as a path. */
    originalName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    extractedText: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.teacherId)],
);

export const sampleStudentWork = pgTable(
  "sample_student_work",
  {
    id: uuid().primaryKey().defaultRandom(),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rubricId: uuid().references(() => rubrics.id, { onDelete: "set null" }),
    content: text().notNull(),
    score: doublePrecision().notNull(),
    feedback: text().notNull(),
    criteriaScores: jsonb().$type<Record<string, number>>().notNull().default({}),
    fileId: uuid().references(() => storedFiles.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.teacherId)],
);
