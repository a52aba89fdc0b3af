import { boolean, doublePrecision, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { assignments } from "./assignments";
import { users } from "./auth";
import { rosterStudents, submissions } from "./submissions";

/**
 * A Markwise assignment tied to a Google Classroom course and, once chosen or published, one coursework item of it.
 * Classroom lets only the Cloud project that created a coursework item set its grades, so `isPublishedByMarkwise`
 * says whether grades can be sent.
 */
export const googleClassroomLinks = pgTable(
  "google_classroom_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text().notNull(),
    courseName: text().notNull(),
    courseWorkId: text(),
    courseWorkTitle: text(),
    courseWorkUrl: text(),
    /** The coursework's maximum points in Classroom: grades are scaled to it. */
    maxPoints: doublePrecision(),
    isPublishedByMarkwise: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex().on(table.assignmentId), index().on(table.teacherId)],
);

/** A roster student imported from the course: who they are in Classroom (their Google user id). */
export const googleClassroomStudents = pgTable(
  "google_classroom_students",
  {
    linkId: uuid()
      .notNull()
      .references(() => googleClassroomLinks.id, { onDelete: "cascade" }),
    googleUserId: text().notNull(),
    rosterStudentId: uuid()
      .notNull()
      .references(() => rosterStudents.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.googleUserId] }), index().on(table.rosterStudentId)],
);

/** The last grade sent per submission: sending again patches only what changed. */
export const googleClassroomGradePosts = pgTable(
  "google_classroom_grade_posts",
  {
    linkId: uuid()
      .notNull()
      .references(() => googleClassroomLinks.id, { onDelete: "cascade" }),
    submissionId: uuid()
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    classroomSubmissionId: text().notNull(),
    draftGrade: doublePrecision().notNull(),
    /** Set once the grade was returned to the student from Markwise. */
    assignedGrade: doublePrecision(),
    postedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.submissionId] })],
);
