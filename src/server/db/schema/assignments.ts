import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid, date } from "drizzle-orm/pg-core";
import type { CalibrationPreview, GradingSettings } from "../../../contracts/assignments";
import { users } from "./auth";
import { storedFiles } from "./teacher-profiles";

type StoredCriterion = { id: string; name: string; maxPoints: number; descriptors: string[] };
/** Previews stored before the text checks were shown in them have no concerns. */
type StoredCalibrationPreview = Omit<CalibrationPreview, "concerns"> & { concerns?: string[] };

export const assignments = pgTable(
  "assignments",
  {
    id: uuid().primaryKey().defaultRandom(),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull().default(""),
    type: text().notNull().default("argumentative_essay"),
    dueDate: date({ mode: "string" }),
    prompt: text().notNull().default(""),
    criteria: jsonb().$type<StoredCriterion[]>().notNull().default([]),
    status: text().notNull().default("draft"),
    autogradingEnabled: boolean().notNull().default(false),
    gradingSettings: jsonb().$type<GradingSettings>().notNull(),
    calibrationPreview: jsonb().$type<StoredCalibrationPreview>(),
    calibrationFit: jsonb(),
    /** The teacher chose to let grades be accepted automatically despite a calibration that disagrees with the samples. */
    autoAcceptOverrideAt: timestamp({ withTimezone: true }),
    /**
     * Counts the saves of what the wizard edits (the whole-object PUT, a rubric upload): a save based on an older
     * version was made without seeing the newer one, and is refused rather than silently undoing it.
     */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.teacherId, table.status)],
);

export const assignmentSamples = pgTable(
  "assignment_samples",
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text().notNull(),
    score: doublePrecision().notNull(),
    feedback: text().notNull(),
    criteriaScores: jsonb().$type<Record<string, number>>().notNull().default({}),
    fileId: uuid().references(() => storedFiles.id, { onDelete: "set null" }),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.assignmentId)],
);
