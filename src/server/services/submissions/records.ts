import { isUuid } from "../../http/validation";
import { and, desc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import { maxScoreFor } from "../../../contracts/assignments";
import type { EarlierRubric } from "../../../contracts/earlier-rubric";
import type { LatePenaltyView, SubmissionSummary } from "../../../contracts/submissions";
import { applyLatePolicy, dueMomentFor } from "../../../core/late-policy";
import { assignments, similarityMatches, submissions } from "../../db/schema";
import { notFound } from "../../http/app-error";
import { preparedQuery } from "../../db/prepared";
import { jsonRowShape } from "../../db/json-rows";
import { isoTime } from "../../db/times";
import type { Queryable } from "../teacher-profiles";

export type SubmissionRow = typeof submissions.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;
/** What a summary needs of its assignment: the rubric's total and the late policy. */
export type SummaryAssignment = Pick<AssignmentRow, "criteria" | "dueDate" | "gradingSettings">;

/** The teacher's own submission; another teacher's (or a malformed id) is simply not found. */
/**
 * `forUpdate` (inside a transaction) holds the row until it ends: two saves of one grade at the same moment then run
 * one after the other, so the second sees the first's change (review.ts, assertUnchangedSince).
 */
export async function findSubmissionRow(db: Queryable, teacherId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<SubmissionRow> {
  if (!isUuid(id)) throw notFound("That submission");
  const query = db.select().from(submissions).where(and(eq(submissions.id, id), eq(submissions.teacherId, teacherId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("That submission");
  return row;
}

/** The rubric total (100 without criteria: one Overall criterion). */
export function maxScoreOf(assignment: Pick<AssignmentRow, "criteria">): number {
  return maxScoreFor(assignment.criteria);
}

/** Graded and not yet replaced by a regrade: the rows that count in gradebooks, figures and review. */
export function hasGrade(row: { status: string; overallScore: number | null }): boolean {
  return (row.status === "needs_review" || row.status === "accepted") && row.overallScore !== null;
}

/**
 * Late policy on read, from the stored raw score: a teacher who changes the policy, the due date or a submission
 * time sees every final score follow at once, with nothing to recompute or forget.
 */
export function lateFor(assignment: SummaryAssignment, row: Pick<SubmissionRow, "overallScore" | "submittedAt" | "timeZone"> & { earlierRubric?: EarlierRubric | null }): LatePenaltyView {
  const settings = assignment.gradingSettings;
  const timeZone = row.timeZone || "UTC";
  return applyLatePolicy({
    rawScore: Math.max(0, row.overallScore ?? 0),
    // A grade given on an earlier rubric is penalised out of its own total, as it was when given.
    maxScore: row.earlierRubric?.totalPoints ?? maxScoreOf(assignment),
    submittedAt: row.submittedAt,
    dueAt: assignment.dueDate ? dueMomentFor(assignment.dueDate, timeZone) : null,
    policy: { type: settings.latePolicyType, penaltyPerDay: settings.latePenalty, maxLateDays: settings.maxLateDays },
    timeZone,
  });
}

/** Student names in a teacher's order, case and accents aside (one collator: localeCompare with options makes one per call). */
export const compareStudentNames = new Intl.Collator(undefined, { sensitivity: "base" }).compare;

/** The columns a submission's summary shows: a list reads these, not the texts, feedback and grade documents. */
export const summaryColumns = {
  id: submissions.id,
  assignmentId: submissions.assignmentId,
  studentName: submissions.studentName,
  studentIdentifier: submissions.studentIdentifier,
  rosterStudentId: submissions.rosterStudentId,
  originalName: submissions.originalName,
  wordCount: submissions.wordCount,
  isOcr: submissions.isOcr,
  submittedAt: submissions.submittedAt,
  timeZone: submissions.timeZone,
  status: submissions.status,
  attempts: submissions.attempts,
  failureReason: submissions.failureReason,
  criteriaScores: submissions.criteriaScores,
  overallScore: submissions.overallScore,
  confidence: submissions.confidence,
  gradeSource: submissions.gradeSource,
  earlierRubric: submissions.earlierRubric,
  reviewReason: submissions.reviewReason,
  textConcerns: submissions.textConcerns,
  createdAt: submissions.createdAt,
};
export type SubmissionSummaryRow = Pick<SubmissionRow, keyof typeof summaryColumns>;

/** A summary row with the highest overlap the similarity check found for it (null when none). */
export type RankedSummaryRow = SubmissionSummaryRow & { topSimilarity: number | null };

/** A summary as one JSON array: its columns, then the highest overlap (json-rows.ts). */
const summaryShape = jsonRowShape({ ...summaryColumns, topSimilarity: sql<number | null>`top_similarity.similarity` });

/** What the list and the gradebook show of the assignment itself. */
const listedAssignmentShape = jsonRowShape({ id: assignments.id, title: assignments.title, criteria: assignments.criteria, dueDate: assignments.dueDate, gradingSettings: assignments.gradingSettings });
export type ListedAssignment = ReturnType<typeof listedAssignmentShape.read>;

/** The submissions' summaries of the assignment whose id and teacher are the statement's parameters, as one JSON value. */
function summariesJson() {
  // The submissions are matched on the same parameters, not on the outer row: in this one-table select a column of
  // assignments would be written bare and read as the submission's own. Each one's highest overlap comes from one
  // grouped read of the assignment's matches (the check stores them under the flagged submission's assignment), not a
  // lookup per submission: on the embedded database each lookup also asks the file system for the table's size.
  // Each summary is an array of values rather than an object: the engine writes each key once per row otherwise, and
  // on the embedded database the statement took half again as long (issue 16).
  return sql<unknown[][]>`(
    select coalesce(json_agg(${summaryShape.values()} order by ${submissions.createdAt} desc), '[]'::json)
    from ${submissions}
    left join (
      select ${similarityMatches.submissionId} as submission_id, max(${similarityMatches.similarity}) as similarity
      from ${similarityMatches} where ${similarityMatches.assignmentId} = ${sql.placeholder("id")}
      group by ${similarityMatches.submissionId}
    ) top_similarity on top_similarity.submission_id = ${submissions}.${sql.identifier("id")}
    where ${submissions.assignmentId} = ${sql.placeholder("id")} and ${submissions.teacherId} = ${sql.placeholder("teacherId")})`;
}

/**
 * A prepared statement reading an assignment with its submissions' summaries (newest first, each with its highest
 * similarity) and any `extra` values computed from the same parameters: the list and the gradebook read these on every
 * visit, and on the embedded database every statement costs about as much again as the work it does (issue 16), so
 * each page's read is one statement. The assignment and the summaries come as JSON values (json-rows.ts).
 */
export function assignmentWithSummaries<Extra extends Record<string, SQL>>(name: string, extra: Extra) {
  return preparedQuery((db) =>
    db
      .select({ assignment: listedAssignmentShape.values(), summaries: summariesJson(), ...extra })
      .from(assignments)
      .where(and(eq(assignments.id, sql.placeholder("id")), eq(assignments.teacherId, sql.placeholder("teacherId"))))
      .prepare(name),
  );
}

const assignmentSummariesQuery = assignmentWithSummaries("assignment_with_summaries", {});

/** The statement's JSON values as the assignment and its rows (json-rows.ts writes out one reader per shape). */
export const readAssignmentWithSummaries = (found: { assignment: unknown[]; summaries: unknown[][] }) => ({
  assignment: listedAssignmentShape.read(found.assignment),
  rows: found.summaries.map(summaryShape.read),
});

/** The teacher's assignment and its submissions' summaries, newest first; another teacher's assignment is not found. */
export async function findAssignmentWithSummaries(db: Queryable, teacherId: string, assignmentId: string): Promise<{ assignment: ListedAssignment; rows: RankedSummaryRow[] }> {
  if (!isUuid(assignmentId)) throw notFound("That assignment");
  const [found] = await assignmentSummariesQuery(db).execute({ id: assignmentId, teacherId });
  if (!found) throw notFound("That assignment");
  return readAssignmentWithSummaries(found);
}

export function toSubmissionSummary(assignment: SummaryAssignment, row: SubmissionSummaryRow, topSimilarity: number | null): SubmissionSummary {
  const late = lateFor(assignment, row);
  return {
    id: row.id,
    assignmentId: row.assignmentId,
    studentName: row.studentName,
    studentIdentifier: row.studentIdentifier,
    rosterStudentId: row.rosterStudentId,
    originalName: row.originalName,
    wordCount: row.wordCount,
    isOcr: row.isOcr,
    submittedAt: isoTime(row.submittedAt),
    status: row.status,
    attempts: row.attempts,
    failureReason: row.failureReason,
    criteriaScores: row.criteriaScores,
    overallScore: row.overallScore,
    confidence: row.confidence,
    gradeSource: row.gradeSource,
    earlierRubric: row.earlierRubric,
    reviewReason: row.reviewReason,
    textConcerns: row.textConcerns,
    late: row.overallScore === null ? (late.daysLate ? { ...late, penalty: 0, finalScore: 0 } : null) : late,
    topSimilarity,
    createdAt: isoTime(row.createdAt),
  };
}

/** Highest overlap per submission, for the list's flag. */
export async function topSimilarityBySubmission(db: Queryable, submissionIds: string[]): Promise<Map<string, number>> {
  if (!submissionIds.length) return new Map();
  const rows = await db
    .select({ submissionId: similarityMatches.submissionId, top: max(similarityMatches.similarity) })
    .from(similarityMatches)
    .where(inArray(similarityMatches.submissionId, submissionIds))
    .groupBy(similarityMatches.submissionId);
  return new Map(rows.map((row) => [row.submissionId, row.top ?? 0]));
}

export async function listSubmissionRows(db: Queryable, assignmentId: string): Promise<SubmissionRow[]> {
  return db.select().from(submissions).where(eq(submissions.assignmentId, assignmentId)).orderBy(desc(submissions.createdAt));
}
