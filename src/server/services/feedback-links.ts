import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { feedbackLinkMessages, type FeedbackLinkView, type FeedbackReturnsView, type NewFeedbackLink, type ReturnFeedbackInput, type ReturnFeedbackResult } from "../../contracts/feedback-links";
import type { FeedbackSheet } from "../../contracts/submissions";
import { gradedCriteria } from "../../contracts/assignments";
import type { Db } from "../db/client";
import { assignments, feedbackLinks, rosterStudents, submissions, users } from "../db/schema";
import { AppError, notFound } from "../http/app-error";
import { isUuid } from "../http/validation";
import type { Mailer, MailMessage } from "../integrations/mail/mailer";
import { sendEach } from "../integrations/mail/send-each";
import { findAssignmentRow } from "./assignments";
import { csvCell, feedbackSheetOf, scoreBasisOf } from "./submissions/gradebook";
import { compareStudentNames, hasGrade, type AssignmentRow } from "./submissions/records";
import type { Queryable } from "./teacher-profiles";

/** 32 random bytes (256 bits), URL-safe: far past guessing, and short enough for a chat message. */
const newToken = () => randomBytes(32).toString("base64url");
/** Tokens are looked up by their SHA-256; the database never holds one that opens a page. */
export const hashFeedbackToken = (token: string) => createHash("sha256").update(token).digest("hex");
const tokenChars = "[A-Za-z0-9_-]{43}";
const tokenShape = new RegExp(`^${tokenChars}$`);
const linkInText = new RegExp(`/feedback/${tokenChars}`);
/** Whether a text (a kept mail, say) holds a student's feedback link, which only its reader should have. */
export const holdsFeedbackLink = (text: string) => linkInText.test(text);

const dayMs = 24 * 60 * 60 * 1000;
const titleOf = (assignment: Pick<AssignmentRow, "title">) => assignment.title.trim() || "Untitled assignment";

/** A grade a student may see: reviewed by the teacher, or accepted (by the teacher or the trusted review gate). */
const isReturnable = (row: { status: string; overallScore: number | null }) => hasGrade(row) && row.status === "accepted";

export function feedbackLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/feedback/${token}`;
}

type LinkRow = typeof feedbackLinks.$inferSelect;

function toLinkView(link: LinkRow, student: { studentName: string; status: string; overallScore: number | null }, now: Date): FeedbackLinkView {
  return {
    id: link.id,
    submissionId: link.submissionId,
    studentName: student.studentName,
    status: link.expiresAt > now ? "active" : "expired",
    expiresAt: link.expiresAt.toISOString(),
    createdAt: link.createdAt.toISOString(),
    email: {
      status: link.emailedAt ? "sent" : link.emailFailure ? "failed" : "none",
      to: link.emailedTo,
      at: link.emailedAt?.toISOString() ?? null,
      failure: link.emailFailure,
    },
    firstOpenedAt: link.firstOpenedAt?.toISOString() ?? null,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    openCount: link.openCount,
    isGradeShown: isReturnable(student),
  };
}

/** The assignment's returned students (links not revoked), what is ready to return, and what waits for review. */
export async function findFeedbackReturns(db: Queryable, teacherId: string, assignmentId: string): Promise<FeedbackReturnsView> {
  await findAssignmentRow(db, teacherId, assignmentId);
  return returnsViewOf(db, assignmentId);
}

async function returnsViewOf(db: Queryable, assignmentId: string): Promise<FeedbackReturnsView> {
  const now = new Date();
  const [work, links, reassigned] = await Promise.all([
    db.select({ id: submissions.id, studentName: submissions.studentName, status: submissions.status, overallScore: submissions.overallScore }).from(submissions).where(eq(submissions.assignmentId, assignmentId)),
    db.select().from(feedbackLinks).where(and(eq(feedbackLinks.assignmentId, assignmentId), isNull(feedbackLinks.revokedAt))).orderBy(asc(feedbackLinks.createdAt)),
    db
      .select({ submissionId: feedbackLinks.submissionId })
      .from(feedbackLinks)
      .where(and(eq(feedbackLinks.assignmentId, assignmentId), eq(feedbackLinks.revokedBecause, "student_changed"))),
  ]);
  const byId = new Map(work.map((row) => [row.id, row]));
  const live = new Set(links.filter((link) => link.expiresAt > now).map((link) => link.submissionId));
  const hasLink = new Set(links.map((link) => link.submissionId));
  return {
    assignmentId,
    readyCount: work.filter((row) => isReturnable(row) && !live.has(row.id)).length,
    // Work whose link was withdrawn when it was put under another student, not yet returned to that student.
    returnAgain: [...new Set(reassigned.map((link) => link.submissionId))]
      .flatMap((submissionId) => {
        const row = byId.get(submissionId);
        return row && isReturnable(row) && !hasLink.has(row.id) ? [{ submissionId: row.id, studentName: row.studentName }] : [];
      })
      .sort((a, b) => compareStudentNames(a.studentName, b.studentName)),
    waitingForReviewCount: work.filter((row) => hasGrade(row) && !isReturnable(row)).length,
    links: links
      .flatMap((link) => {
        const student = byId.get(link.submissionId);
        return student ? [toLinkView(link, student, now)] : [];
      })
      .sort((a, b) => compareStudentNames(a.studentName, b.studentName)),
  };
}

export interface ReturnDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}

/**
 * Returns every reviewed or accepted grade that has no working link yet: one new link per student, stored in one
 * transaction (an expired link is replaced, a working one kept), then e-mailed where the roster has an address. A mail
 * that fails is recorded on its link for the teacher to see; the links stand either way.
 */
export async function returnFeedback(deps: ReturnDeps, teacherId: string, assignmentId: string, input: ReturnFeedbackInput): Promise<ReturnFeedbackResult> {
  const { db } = deps;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * dayMs);
  const { assignment, created } = await db.transaction(async (tx) => {
    const assignment = await findAssignmentRow(tx, teacherId, assignmentId);
    const work = await tx
      .select({ id: submissions.id, studentName: submissions.studentName, status: submissions.status, overallScore: submissions.overallScore, email: rosterStudents.email })
      .from(submissions)
      .leftJoin(rosterStudents, eq(rosterStudents.id, submissions.rosterStudentId))
      .where(eq(submissions.assignmentId, assignmentId))
      // Locked, so a rename of one of these papers waits for this return (and then revokes the link it made), or this
      // return waits for the rename and reads its new student: without it a link could go to the former student.
      .for("update", { of: submissions });
    const returnable = work.filter(isReturnable);
    if (!returnable.length) throw new AppError("conflict", feedbackLinkMessages.nothingToReturn);
    // An expired link gives way to a new one; a working link is kept, so a student's e-mail still opens their page.
    await tx
      .update(feedbackLinks)
      .set({ revokedAt: now })
      .where(and(eq(feedbackLinks.assignmentId, assignmentId), isNull(feedbackLinks.revokedAt), lte(feedbackLinks.expiresAt, now)));
    const live = await tx.select({ submissionId: feedbackLinks.submissionId }).from(feedbackLinks).where(and(eq(feedbackLinks.assignmentId, assignmentId), isNull(feedbackLinks.revokedAt)));
    const hasLink = new Set(live.map((link) => link.submissionId));
    const toReturn = returnable.filter((row) => !hasLink.has(row.id)).sort((a, b) => compareStudentNames(a.studentName, b.studentName));
    const tokens = new Map(toReturn.map((row) => [row.id, newToken()]));
    const inserted = toReturn.length
      ? await tx
          .insert(feedbackLinks)
          .values(toReturn.map((row) => ({ assignmentId, teacherId, submissionId: row.id, tokenHash: hashFeedbackToken(tokens.get(row.id)!), expiresAt, emailedTo: row.email, createdAt: now })))
          // A return running at the same moment may have made this student's link first: theirs stands.
          .onConflictDoNothing()
          .returning({ id: feedbackLinks.id, submissionId: feedbackLinks.submissionId })
      : [];
    const insertedBySubmission = new Map(inserted.map((link) => [link.submissionId, link.id]));
    const created = toReturn.flatMap((row) => {
      const id = insertedBySubmission.get(row.id);
      return id ? [{ id, studentName: row.studentName, email: row.email, url: feedbackLinkUrl(deps.publicUrl, tokens.get(row.id)!) }] : [];
    });
    return { assignment, created };
  });

  const emailed = new Map<string, string>();
  const mailable = created.filter((link): link is typeof link & { email: string } => Boolean(link.email));
  // Without a mail server (SMTP_URL) a student's e-mail would only sit in this server's outbox: never delivered, its
  // link kept in plain text (decision 019 keeps a fingerprint), and the teacher told "E-mailed". The teacher copies
  // the links or downloads them instead, as the panel says.
  if (input.sendEmails && mailable.length && deps.mailer.transport === "smtp") {
    const teacherName = await teacherNameOf(db, teacherId);
    await sendEach(
      mailable,
      async (link) => {
        try {
          await deps.mailer.send(feedbackMail(link.email, { title: titleOf(assignment), teacherName }, link.url, expiresAt));
          emailed.set(link.id, link.email);
          await db.update(feedbackLinks).set({ emailedAt: new Date() }).where(eq(feedbackLinks.id, link.id));
        } catch (error) {
          deps.logger.warn({ err: error, linkId: link.id }, "feedback mail not sent");
          await db.update(feedbackLinks).set({ emailFailure: "The mail server did not take this message. Copy the link and send it another way." }).where(eq(feedbackLinks.id, link.id));
        }
      },
    );
  }

  const rows: NewFeedbackLink[] = created.map((link) => ({ id: link.id, studentName: link.studentName, url: link.url, expiresAt: expiresAt.toISOString(), emailedTo: emailed.get(link.id) ?? null }));
  return {
    created: rows,
    csv: feedbackLinksCsv(rows),
    noEmail: created.filter((link) => !link.email).map((link) => link.studentName),
    view: await returnsViewOf(db, assignmentId),
  };
}

/**
 * A new link for one returned student (theirs was lost): the old one stops working at once and the new one keeps its
 * term. It is shown to the teacher to hand over, not e-mailed, since they asked for it to pass on themselves.
 */
export async function replaceFeedbackLink(deps: Pick<ReturnDeps, "db" | "publicUrl">, teacherId: string, linkId: string): Promise<ReturnFeedbackResult> {
  const { db } = deps;
  const now = new Date();
  const token = newToken();
  const result = await db.transaction(async (tx) => {
    if (!isUuid(linkId)) throw notFound("That link");
    const [old] = await tx
      .select({ link: feedbackLinks, studentName: submissions.studentName })
      .from(feedbackLinks)
      .innerJoin(submissions, eq(submissions.id, feedbackLinks.submissionId))
      .where(and(eq(feedbackLinks.id, linkId), eq(feedbackLinks.teacherId, teacherId), isNull(feedbackLinks.revokedAt)));
    if (!old) throw notFound("That link");
    if (old.link.expiresAt <= now) throw new AppError("conflict", "This link has expired. Choose Return to students to give this student a new one.");
    await tx.update(feedbackLinks).set({ revokedAt: now }).where(eq(feedbackLinks.id, linkId));
    const [link] = await tx
      .insert(feedbackLinks)
      .values({ assignmentId: old.link.assignmentId, teacherId, submissionId: old.link.submissionId, tokenHash: hashFeedbackToken(token), expiresAt: old.link.expiresAt, emailedTo: old.link.emailedTo, createdAt: now })
      .returning();
    return { link: link!, studentName: old.studentName };
  });
  const created: NewFeedbackLink[] = [{ id: result.link.id, studentName: result.studentName, url: feedbackLinkUrl(deps.publicUrl, token), expiresAt: result.link.expiresAt.toISOString(), emailedTo: null }];
  return { created, csv: feedbackLinksCsv(created), noEmail: [], view: await returnsViewOf(db, result.link.assignmentId) };
}

export function feedbackLinksCsv(rows: NewFeedbackLink[]): string {
  const header = ["Student", "Feedback link", "Expires", "E-mailed to"];
  const lines = rows.map((row) => [row.studentName, row.url, row.expiresAt.slice(0, 10), row.emailedTo].map(csvCell));
  return [header.map(csvCell), ...lines].map((cells) => cells.join(",")).join("\r\n") + "\r\n";
}

/** The teacher as their students know them: the account's name, else "Your teacher". */
async function teacherNameOf(db: Queryable, teacherId: string): Promise<string | null> {
  const [teacher] = await db.select({ name: users.name }).from(users).where(eq(users.id, teacherId));
  return teacher?.name.trim() || null;
}

/**
 * The mail names the teacher and the assignment: a message from a no-reply address saying only "your teacher" reads
 * like phishing (an audit's finding), and the student should know whose class it is before opening the link.
 */
function feedbackMail(to: string, about: { title: string; teacherName: string | null }, url: string, expiresAt: Date): MailMessage {
  const until = expiresAt.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const { title, teacherName } = about;
  return {
    to: [to],
    subject: teacherName ? `Your feedback on ${title} from ${teacherName}` : `Your feedback on ${title}`,
    text: [
      `${teacherName ?? "Your teacher"} has returned your work on "${title}" with your scores and feedback.`,
      "",
      `Read it here (the link works until ${until}):`,
      url,
      "",
      "The link is yours alone: anyone who has it can read your feedback, so do not share it.",
    ].join("\n"),
  };
}

/**
 * The paper was put under another student (a rename): its links were made for the former student and e-mailed to
 * them, so they stop working at once. The paper then counts as ready to return, and the next return makes a link for
 * the student it now belongs to. Run inside the rename's transaction, so no moment shows one student another's work.
 */
export async function revokeLinksOfReassignedWork(tx: Queryable, submissionId: string): Promise<number> {
  const revoked = await tx
    .update(feedbackLinks)
    .set({ revokedAt: new Date(), revokedBecause: "student_changed" })
    .where(and(eq(feedbackLinks.submissionId, submissionId), isNull(feedbackLinks.revokedAt)))
    .returning({ id: feedbackLinks.id });
  return revoked.length;
}

/** Revokes every link of the assignment at once; their pages answer "This link is no longer active" from now on. */
export async function revokeFeedbackLinks(db: Db, teacherId: string, assignmentId: string): Promise<FeedbackReturnsView & { revokedCount: number }> {
  const revoked = await db.transaction(async (tx) => {
    await findAssignmentRow(tx, teacherId, assignmentId);
    return tx
      .update(feedbackLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(feedbackLinks.assignmentId, assignmentId), isNull(feedbackLinks.revokedAt)))
      .returning({ id: feedbackLinks.id });
  });
  return { ...(await returnsViewOf(db, assignmentId)), revokedCount: revoked.length };
}

/** What a student's page shows: their own work and grade, nothing about anyone else. */
export interface StudentFeedback {
  assignmentTitle: string;
  studentName: string;
  submittedAt: Date;
  /** The uploader's time zone: dates read as the class reads them. */
  timeZone: string;
  content: string;
  totalPoints: number;
  scoreBasis: "holistic" | "points";
  sheet: FeedbackSheet;
  /** The rubric's level descriptors, by criterion id. */
  descriptors: Record<string, string[]>;
  expiresAt: Date;
}

/** isGuess: no link ever had this token (a revoked or expired one is a real link, not a guess). */
export type FeedbackLinkOpening = { kind: "inactive"; isGuess: boolean } | { kind: "in_review"; assignmentTitle: string; studentName: string } | { kind: "shown"; feedback: StudentFeedback };

/**
 * A student opens their link. A revoked, expired, unknown or malformed token is simply inactive (the same answer for
 * each, so the page tells a guesser nothing). The opening is counted only when the page shows the grade.
 */
export async function openFeedbackLink(db: Queryable, token: string, options: { isCounted: boolean }): Promise<FeedbackLinkOpening> {
  // A link cut short or run into the next line by a mail program is a student's real link, damaged: no token of
  // that shape exists, so it is no guess to count against the school's address (a class shares one).
  if (!tokenShape.test(token)) return { kind: "inactive", isGuess: false };
  const now = new Date();
  const [link] = await db
    .select()
    .from(feedbackLinks)
    .where(eq(feedbackLinks.tokenHash, hashFeedbackToken(token)));
  if (!link) return { kind: "inactive", isGuess: true };
  return openFeedbackLinkRow(db, link, options, now);
}

/** What a found link shows (also the page a learner's LTI launch opens, decision record 021). */
export async function openFeedbackLinkRow(db: Queryable, link: LinkRow, options: { isCounted: boolean }, now = new Date()): Promise<FeedbackLinkOpening> {
  if (link.revokedAt || link.expiresAt <= now) return { kind: "inactive", isGuess: false };
  const [[row], [assignment]] = await Promise.all([
    db.select().from(submissions).where(and(eq(submissions.id, link.submissionId), eq(submissions.assignmentId, link.assignmentId))),
    db.select().from(assignments).where(eq(assignments.id, link.assignmentId)),
  ]);
  if (!row || !assignment) return { kind: "inactive", isGuess: false };
  // Regraded since it was returned: the new grade is the teacher's to review before the student sees it.
  if (!isReturnable(row)) return { kind: "in_review", assignmentTitle: titleOf(assignment), studentName: row.studentName };
  if (options.isCounted) {
    await db
      .update(feedbackLinks)
      .set({ openCount: sql`${feedbackLinks.openCount} + 1`, firstOpenedAt: sql`coalesce(${feedbackLinks.firstOpenedAt}, now())`, lastOpenedAt: now })
      .where(eq(feedbackLinks.id, link.id));
  }
  const criteria = gradedCriteria(assignment.criteria);
  const sheet = feedbackSheetOf(assignment, row);
  // A grade given on an earlier rubric shows that rubric's rows and total; the current descriptors only where its
  // criterion is unchanged (same id and points).
  const isUnchanged = (item: { id: string; maxPoints: number }) => sheet.criteria.some((shown) => shown.id === item.id && shown.maxPoints === item.maxPoints);
  return {
    kind: "shown",
    feedback: {
      assignmentTitle: titleOf(assignment),
      studentName: row.studentName,
      submittedAt: row.submittedAt,
      timeZone: row.timeZone || "UTC",
      content: row.content,
      totalPoints: sheet.outOf,
      scoreBasis: scoreBasisOf(assignment),
      sheet,
      descriptors: Object.fromEntries(criteria.filter(isUnchanged).map((item) => [item.id, item.descriptors.filter((line) => line.trim())])),
      expiresAt: link.expiresAt,
    },
  };
}
