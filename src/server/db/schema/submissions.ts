import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { EngineGrade, GradeEventSnapshot, SubmissionStatus, TeacherReview } from "../../../contracts/submissions";
import type { MatchingPassageView } from "../../../contracts/submissions";
import type { EarlierRubric } from "../../../contracts/earlier-rubric";
import { users } from "./auth";
import { assignments } from "./assignments";
import { storedFiles } from "./teacher-profiles";

const owner = () =>
  text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const ofAssignment = () =>
  uuid()
    .notNull()
    .references(() => assignments.id, { onDelete: "cascade" });

/** One upload (a request of files or pasted text); a finished batch is what a "grading run" notification reports. */
export const submissionBatches = pgTable(
  "submission_batches",
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: ofAssignment(),
    teacherId: owner(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set once, by whichever worker grades the batch's last submission. */
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.assignmentId)],
);

export const rosterStudents = pgTable(
  "roster_students",
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: ofAssignment(),
    teacherId: owner(),
    name: text().notNull(),
    identifier: text(),
    /** Where the student's returned feedback is e-mailed; null when the class list gave none. */
    email: text(),
    position: integer().notNull().default(0),
  },
  (table) => [index().on(table.assignmentId)],
);

export const submissions = pgTable(
  "submissions",
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: ofAssignment(),
    teacherId: owner(),
    batchId: uuid().references(() => submissionBatches.id, { onDelete: "set null" }),
    rosterStudentId: uuid().references(() => rosterStudents.id, { onDelete: "set null" }),
    studentName: text().notNull(),
    studentIdentifier: text(),
    /** The uploaded file's name, or null for pasted text. */
    originalName: text(),
    fileId: uuid().references(() => storedFiles.id, { onDelete: "set null" }),
    /** SHA-256 of the normalised text: the same work uploaded twice (even as another format) is one submission. */
    contentHash: text().notNull(),
    content: text().notNull(),
    wordCount: integer().notNull(),
    /** Read with OCR (a scan or a photo): worth a glance at the original. */
    isOcr: boolean().notNull().default(false),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    /** The uploader's IANA time zone: the due date ends at midnight there. */
    timeZone: text().notNull().default("UTC"),
    status: text().$type<SubmissionStatus>().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    /** When the current grading attempt started; a lease that another process may take over once it is stale. */
    claimedAt: timestamp({ withTimezone: true }),
    /** The grading process (job_workers.id) holding the claim: when it stops beating, the work is queued again. */
    claimedBy: text(),
    /** Why grading failed, for the teacher. */
    failureReason: text(),
    engineGrade: jsonb().$type<EngineGrade>(),
    /** The grade of record: the engine's, or the teacher's after review. */
    criteriaScores: jsonb().$type<Record<string, number>>(),
    overallScore: doublePrecision(),
    feedback: text(),
    confidence: integer(),
    reviewReason: text(),
    /**
     * What the grader found in the text itself that the teacher should check (an answer to another assignment, text
     * that is not words, the prompt copied out; core/grading/text-checks.ts), one sentence each; kept through review.
     */
    textConcerns: jsonb().$type<string[]>().notNull().default([]),
    /** The teacher's last review, kept through regrades (see contracts' teacherReview). */
    teacherReview: jsonb().$type<TeacherReview>(),
    /** automatic: the engine's grade stands; reviewed: a teacher accepted or edited it. */
    gradeSource: text().$type<"automatic" | "reviewed">(),
    /**
     * The rubric the grade of record was given on, when the rubric's scoring changed since (a reviewed grade is kept
     * through such a change); null while it is on the current rubric. Every view reads its scores against this.
     */
    earlierRubric: jsonb().$type<EarlierRubric>(),
    /** The teacher chose that this reviewed grade should not teach the grader (reviewed grades do by default). */
    excludedFromLearning: boolean().notNull().default(false),
    reviewedAt: timestamp({ withTimezone: true }),
    gradedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The same work from the same student once: a retried upload is a duplicate, a classmate's copy is not (it is
    // stored, and the similarity check shows the two side by side for the teacher to decide who wrote it).
    uniqueIndex("submissions_assignment_id_content_hash_student_index").on(table.assignmentId, table.contentHash, sql`lower(${table.studentName})`),
    index().on(table.assignmentId, table.status),
    index().on(table.teacherId),
    index().on(table.status, table.claimedAt),
  ],
);

/** The audit trail: every change to a grade, who made it, and the grade before and after. */
export const gradeEvents = pgTable(
  "grade_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    submissionId: uuid()
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    teacherId: owner(),
    /** The teacher's user id, or null when the grading engine acted. */
    actorId: text(),
    actorName: text().notNull(),
    kind: text().notNull(),
    isAutomatic: boolean().notNull(),
    before: jsonb().$type<GradeEventSnapshot>(),
    after: jsonb().$type<GradeEventSnapshot>(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.submissionId, table.createdAt)],
);

/** Overlap found by the similarity check; the other side may be in one of the teacher's earlier assignments. */
export const similarityMatches = pgTable(
  "similarity_matches",
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: ofAssignment(),
    teacherId: owner(),
    submissionId: uuid()
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    otherSubmissionId: uuid()
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    similarity: integer().notNull(),
    matches: jsonb().$type<MatchingPassageView[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.assignmentId), index().on(table.submissionId)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    teacherId: owner(),
    assignmentId: uuid().references(() => assignments.id, { onDelete: "cascade" }),
    kind: text().$type<"grading_finished" | "review_waiting" | "grading_failed">().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.teacherId, table.createdAt)],
);
