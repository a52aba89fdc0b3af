import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { assignments } from "./assignments";
import { users } from "./auth";
import { submissions } from "./submissions";

/**
 * A student's private link to their returned feedback. Only the SHA-256 of the link's token is kept (like a password
 * reset token): the token itself exists in the answer that created it and in the e-mail, never here.
 */
export const feedbackLinks = pgTable(
  "feedback_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    submissionId: uuid()
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Why a link was revoked when the teacher did not ask for it: "student_changed" (the paper was put under another student). */
    revokedBecause: text(),
    /** The student's roster address when the link was made (null: none), when the link was e-mailed there, and why sending failed if it did. */
    emailedTo: text(),
    emailedAt: timestamp({ withTimezone: true }),
    emailFailure: text(),
    firstOpenedAt: timestamp({ withTimezone: true }),
    lastOpenedAt: timestamp({ withTimezone: true }),
    openCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.tokenHash),
    // One live link per submission: returning again keeps it; revoking lets a later return make a new one.
    uniqueIndex("feedback_links_live_submission_idx").on(table.submissionId).where(sql`${table.revokedAt} is null`),
    index().on(table.assignmentId),
  ],
);
