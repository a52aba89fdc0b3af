import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { GradingProgress, SubmissionDetail, SubmissionStatus, SubmissionSummary } from "../../../contracts/submissions";
import type { Queryable } from "../teacher-profiles";
import { assignments, gradeEvents, similarityMatches, storedFiles, submissions } from "../../db/schema";
import { findAssignmentRow } from "../assignments";
import { compareStudentNames, findSubmissionRow, listSubmissionSummaryRows, toSubmissionSummary, topSimilarityBySubmission } from "./records";

export type SubmissionOrder = "student" | "review" | "recent";

const byText = new Intl.Collator().compare;

const sorters: Record<SubmissionOrder, (a: SubmissionSummary, b: SubmissionSummary) => number> = {
  student: (a, b) => compareStudentNames(a.studentName, b.studentName) || a.createdAt.localeCompare(b.createdAt),
  // The review queue: the grades the engine is least sure of come first.
  review: (a, b) => (a.confidence ?? 101) - (b.confidence ?? 101) || byText(a.studentName, b.studentName),
  recent: (a, b) => b.createdAt.localeCompare(a.createdAt),
};

export async function listSubmissions(db: Queryable, teacherId: string, assignmentId: string, filter: { status?: SubmissionStatus; order: SubmissionOrder }): Promise<SubmissionSummary[]> {
  const assignment = await findAssignmentRow(db, teacherId, assignmentId);
  const rows = (await listSubmissionSummaryRows(db, assignment.id)).filter((row) => !filter.status || row.status === filter.status);
  const top = await topSimilarityBySubmission(db, rows.map((row) => row.id));
  return rows.map((row) => toSubmissionSummary(assignment, row, top.get(row.id) ?? null)).sort(sorters[filter.order]);
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

export async function findSubmissionDetail(db: Queryable, teacherId: string, id: string): Promise<SubmissionDetail> {
  const row = await findSubmissionRow(db, teacherId, id);
  // The reads below depend only on the row: asked together (PostgreSQL answers them on separate pooled connections).
  const [[assignment], matches, history, [file]] = await Promise.all([
    db.select().from(assignments).where(eq(assignments.id, row.assignmentId)),
    db.select().from(similarityMatches).where(eq(similarityMatches.submissionId, id)),
    db.select().from(gradeEvents).where(eq(gradeEvents.submissionId, id)).orderBy(asc(gradeEvents.createdAt)),
    row.fileId ? db.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(eq(storedFiles.id, row.fileId)) : Promise.resolve([]),
  ]);
  const others = matches.length
    ? await db
        .select({ id: submissions.id, studentName: submissions.studentName, assignmentId: submissions.assignmentId, title: assignments.title })
        .from(submissions)
        .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
        .where(and(inArray(submissions.id, matches.map((match) => match.otherSubmissionId)), eq(submissions.teacherId, teacherId)))
    : [];
  const top = matches.reduce<number | null>((best, match) => Math.max(best ?? 0, match.similarity), null);
  return {
    ...toSubmissionSummary(assignment!, row, top),
    content: row.content,
    feedback: row.feedback,
    teachesGrader: row.gradeSource === "reviewed" && !row.excludedFromLearning,
    engineGrade: row.engineGrade,
    teacherReview: row.teacherReview,
    similarity: matches
      .sort((a, b) => b.similarity - a.similarity)
      .flatMap((match) => {
        const other = others.find((candidate) => candidate.id === match.otherSubmissionId);
        if (!other) return [];
        return [{ otherSubmissionId: other.id, otherStudentName: other.studentName, otherAssignmentId: other.assignmentId, otherAssignmentTitle: other.title, similarity: match.similarity, matches: match.matches }];
      }),
    history: history.map((event) => ({
      id: event.id,
      kind: event.kind as SubmissionDetail["history"][number]["kind"],
      actorName: event.actorName,
      isAutomatic: event.isAutomatic,
      before: event.before,
      after: event.after,
      note: event.note,
      createdAt: event.createdAt.toISOString(),
    })),
    file: file ?? null,
  };
}
