import { and, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { GradingProgress, SubmissionDetail, SubmissionOrder, SubmissionStatus, SubmissionSummary } from "../../../contracts/submissions";
import type { Queryable } from "../teacher-profiles";
import { assignments, gradeEvents, similarityMatches, storedFiles, submissions } from "../../db/schema";
import { findAssignmentRow } from "../assignments";
import { preparedQuery } from "../../db/prepared";
import { jsonRowShape } from "../../db/json-rows";
import { isoTime, timeFromJson } from "../../db/times";
import { notFound } from "../../http/app-error";
import { isUuid } from "../../http/validation";
import { compareStudentNames, findAssignmentWithSummaries, summaryColumns, toSubmissionSummary } from "./records";

/** The orders a sort of the stored rows gives; learning needs the texts (proposed-samples.ts). */
export type StoredOrder = Exclude<SubmissionOrder, "learning">;

const byText = new Intl.Collator().compare;

const sorters: Record<StoredOrder, (a: SubmissionSummary, b: SubmissionSummary) => number> = {
  student: (a, b) => compareStudentNames(a.studentName, b.studentName) || a.createdAt.localeCompare(b.createdAt),
  // The review queue: the grades the engine is least sure of come first.
  review: (a, b) => (a.confidence ?? 101) - (b.confidence ?? 101) || byText(a.studentName, b.studentName),
  recent: (a, b) => b.createdAt.localeCompare(a.createdAt),
};

export async function listSubmissions(db: Queryable, teacherId: string, assignmentId: string, filter: { status?: SubmissionStatus; order: StoredOrder }): Promise<SubmissionSummary[]> {
  const { assignment, rows } = await findAssignmentWithSummaries(db, teacherId, assignmentId);
  return rows
    .filter((row) => !filter.status || row.status === filter.status)
    .map((row) => toSubmissionSummary(assignment, row, row.topSimilarity))
    .sort(sorters[filter.order]);
}

export async function gradingProgress(db: Queryable, teacherId: string, assignmentId: string): Promise<GradingProgress> {
  await findAssignmentRow(db, teacherId, assignmentId);
  const rows = await db.select({ status: submissions.status, n: count() }).from(submissions).where(eq(submissions.assignmentId, assignmentId)).groupBy(submissions.status);
  const of = (status: SubmissionStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return {
    total: rows.reduce((sum, row) => sum + row.n, 0),
    queued: of("queued"),
    grading: of("grading"),
    graded: of("needs_review") + of("accepted"),
    needsReview: of("needs_review"),
    accepted: of("accepted"),
    failed: of("failed"),
  };
}

/** The grade history as the detail query returns it: JSON, so its time is text. */
type HistoryJson = Omit<SubmissionDetail["history"][number], "createdAt"> & { createdAt: string };

const otherSubmission = alias(submissions, "other_submission");
const otherAssignment = alias(assignments, "other_assignment");

/**
 * What the detail shows of the submission (the summary's columns with the texts and grade documents) and of its
 * assignment (what the late policy and the rubric's total need): issue 16, every column is written out by the
 * engine and read back here on each visit. One JSON value (json-rows.ts).
 */
const detailShape = jsonRowShape({
  ...summaryColumns,
  content: submissions.content,
  feedback: submissions.feedback,
  engineGrade: submissions.engineGrade,
  teacherReview: submissions.teacherReview,
  excludedFromLearning: submissions.excludedFromLearning,
  criteria: assignments.criteria,
  dueDate: assignments.dueDate,
  gradingSettings: assignments.gradingSettings,
});
const fileEntries = { id: storedFiles.id, name: storedFiles.originalName };
/** The uploaded file, both null without one (an outer join). */
const fileShape = jsonRowShape<typeof fileEntries, { id: string | null; name: string | null }>(fileEntries);

/**
 * A submission with its assignment, file name, grade history and similarity matches in one prepared statement: the
 * review page asks for it on every student, so it is planned once per connection and answered in one round trip.
 * Matches with another teacher's work never come back (the other submission must belong to the same teacher).
 */
const submissionDetailQuery = preparedQuery((db) =>
  db
    .select({
      detail: detailShape.values(),
      file: fileShape.values(),
      // Aggregated in the order of an ordered subquery, as a plain read returns them: events of one transaction share
      // a time, and they keep the order they were written in rather than a sort's.
      history: sql<HistoryJson[]>`(
        select coalesce(json_agg(event), '[]'::json) from (
          select ${gradeEvents.id} as "id", ${gradeEvents.kind} as "kind", ${gradeEvents.actorName} as "actorName", ${gradeEvents.isAutomatic} as "isAutomatic",
            ${gradeEvents.before} as "before", ${gradeEvents.after} as "after", ${gradeEvents.note} as "note", ${gradeEvents.createdAt} as "createdAt"
          from ${gradeEvents} where ${gradeEvents.submissionId} = ${submissions.id} order by ${gradeEvents.createdAt}
        ) event)`,
      similarity: sql<SubmissionDetail["similarity"]>`(
        select coalesce(json_agg(json_build_object(
          'otherSubmissionId', ${otherSubmission.id}, 'otherStudentName', ${otherSubmission.studentName},
          'otherAssignmentId', ${otherSubmission.assignmentId}, 'otherAssignmentTitle', ${otherAssignment.title},
          'similarity', ${similarityMatches.similarity}, 'matches', ${similarityMatches.matches}
        ) order by ${similarityMatches.similarity} desc), '[]'::json)
        from ${similarityMatches}
        join ${submissions} ${otherSubmission} on ${otherSubmission.id} = ${similarityMatches.otherSubmissionId} and ${otherSubmission.teacherId} = ${submissions.teacherId}
        join ${assignments} ${otherAssignment} on ${otherAssignment.id} = ${otherSubmission.assignmentId}
        where ${similarityMatches.submissionId} = ${submissions.id})`,
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .leftJoin(storedFiles, eq(storedFiles.id, submissions.fileId))
    .where(and(eq(submissions.id, sql.placeholder("id")), eq(submissions.teacherId, sql.placeholder("teacherId"))))
    .prepare("find_submission_detail"),
);

export async function findSubmissionDetail(db: Queryable, teacherId: string, id: string): Promise<SubmissionDetail> {
  if (!isUuid(id)) throw notFound("That submission");
  const [found] = await submissionDetailQuery(db).execute({ id, teacherId });
  if (!found) throw notFound("That submission");
  const { history, similarity } = found;
  const row = detailShape.read(found.detail);
  const file = fileShape.read(found.file);
  const top = similarity.reduce<number | null>((best, match) => Math.max(best ?? 0, match.similarity), null);
  return {
    ...toSubmissionSummary(row, row, top),
    content: row.content,
    feedback: row.feedback,
    teachesGrader: row.gradeSource === "reviewed" && !row.excludedFromLearning,
    engineGrade: row.engineGrade,
    teacherReview: row.teacherReview,
    similarity,
    history: history.map((event) => ({ ...event, createdAt: isoTime(timeFromJson(event.createdAt)) })),
    file: file.id && file.name !== null ? { id: file.id, name: file.name } : null,
  };
}
