import { and, countDistinct, desc, eq, sql } from "drizzle-orm";
import type { AgreementSummary, AnalyticsView, AssignmentAnalytics } from "../../contracts/insights";
import type { AssignmentStatus } from "../../contracts/assignments";
import { assignments, similarityMatches, submissions } from "../db/schema";
import { isNotBlankDraft } from "./blank-drafts";
import { agreementForAssignment } from "./submissions/grading";
import { hasGrade, lateFor, maxScoreOf } from "./submissions/records";
import type { Queryable } from "./teacher-profiles";

type SubmissionFigures = {
  assignmentId: string;
  status: string;
  overallScore: number | null;
  engineOverallScore: number | null;
  gradeSource: "automatic" | "reviewed" | null;
  /** The earlier rubric's total, for a grade given on one: its percentage is out of that. */
  earlierTotal: number | null;
  submittedAt: Date;
  timeZone: string;
};

const percentOf = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);
const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null);
// Teachers' edits are stored to the hundredth of a point; anything finer is float noise, not an edit.
const differs = (a: number, b: number) => Math.round(a * 100) !== Math.round(b * 100);

/**
 * The teacher's figures, all counted from stored rows: nothing estimated, nothing sampled. Reads only the columns the
 * figures need (never the essays' text).
 */
export async function buildAnalytics(db: Queryable, teacherId: string): Promise<AnalyticsView> {
  const assignmentRows = await db
    .select({ id: assignments.id, title: assignments.title, status: assignments.status, criteria: assignments.criteria, dueDate: assignments.dueDate, gradingSettings: assignments.gradingSettings, teacherId: assignments.teacherId, calibrationFit: assignments.calibrationFit, autoAcceptOverrideAt: assignments.autoAcceptOverrideAt, autogradingEnabled: assignments.autogradingEnabled })
    .from(assignments)
    .where(and(eq(assignments.teacherId, teacherId), isNotBlankDraft(db)))
    .orderBy(desc(assignments.createdAt));
  const rows: SubmissionFigures[] = await db
    .select({
      assignmentId: submissions.assignmentId,
      status: submissions.status,
      overallScore: submissions.overallScore,
      engineOverallScore: sql<number | null>`(${submissions.engineGrade} ->> 'overallScore')::double precision`,
      gradeSource: submissions.gradeSource,
      earlierTotal: sql<number | null>`(${submissions.earlierRubric} ->> 'totalPoints')::double precision`,
      submittedAt: submissions.submittedAt,
      timeZone: submissions.timeZone,
    })
    .from(submissions)
    .where(eq(submissions.teacherId, teacherId));
  const [flagged] = await db.select({ n: countDistinct(similarityMatches.submissionId) }).from(similarityMatches).where(eq(similarityMatches.teacherId, teacherId));

  const byAssignment = new Map<string, SubmissionFigures[]>();
  for (const row of rows) {
    const list = byAssignment.get(row.assignmentId);
    if (list) list.push(row);
    else byAssignment.set(row.assignmentId, [row]);
  }

  const scorePercents: number[] = [];
  let late = 0;
  const perAssignment: AssignmentAnalytics[] = [];
  const agreements: AgreementSummary[] = [];
  for (const assignment of assignmentRows) {
    const own = byAssignment.get(assignment.id) ?? [];
    if (!own.length) continue;
    const maxScore = maxScoreOf(assignment);
    const percents = own.filter(hasGrade).map((row) => (row.overallScore! / (row.earlierTotal ?? maxScore)) * 100);
    scorePercents.push(...percents);
    late += own.filter((row) => lateFor(assignment, row).daysLate > 0).length;
    const agreement = own.some((row) => row.gradeSource === "reviewed") ? summarize(await agreementForAssignment(db, assignment)) : noAgreement;
    agreements.push(agreement);
    perAssignment.push({
      assignmentId: assignment.id,
      title: assignment.title,
      status: assignment.status as AssignmentStatus,
      submissions: own.length,
      graded: percents.length,
      needsReview: own.filter((row) => row.status === "needs_review").length,
      averageScorePercent: mean(percents),
      agreement,
    });
  }

  const countStatus = (...statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).length;
  const accepted = rows.filter((row) => row.status === "accepted");
  const acceptedAutomatically = accepted.filter((row) => row.gradeSource === "automatic").length;
  const reviewed = accepted.filter((row) => row.gradeSource === "reviewed");
  const countAssignments = (status: AssignmentStatus) => assignmentRows.filter((row) => row.status === status).length;
  return {
    assignments: { active: countAssignments("active"), draft: countAssignments("draft"), archived: countAssignments("archived") },
    submissions: {
      total: rows.length,
      graded: rows.filter(hasGrade).length,
      needsReview: countStatus("needs_review"),
      failed: countStatus("failed"),
      inProgress: countStatus("queued", "grading"),
    },
    grades: {
      acceptedAutomatically,
      reviewed: reviewed.length,
      automaticPercent: percentOf(acceptedAutomatically, accepted.length),
      edited: reviewed.filter((row) => row.engineOverallScore !== null && row.overallScore !== null && differs(row.overallScore, row.engineOverallScore)).length,
    },
    averageScorePercent: mean(scorePercents),
    late,
    similarityFlagged: flagged?.n ?? 0,
    agreement: poolAgreement(agreements),
    perAssignment,
  };
}

const noAgreement: AgreementSummary = { reviewedCount: 0, exactPercent: null, withinTolerancePercent: null };

function summarize(view: Awaited<ReturnType<typeof agreementForAssignment>>): AgreementSummary {
  if (!view.reviewedCount) return noAgreement;
  return { reviewedCount: view.reviewedCount, exactPercent: view.exact * 100, withinTolerancePercent: view.adjacent * 100 };
}

/**
 * Pools the per-assignment figures weighted by how many grades each has reviewed: the result is the share of all
 * reviewed grades that agree, each judged by its own assignment's tolerance (the same gate that decides
 * auto-accept), rather than one tolerance forced on rubrics of different sizes.
 */
function poolAgreement(parts: AgreementSummary[]): AgreementSummary {
  const reviewedCount = parts.reduce((sum, part) => sum + part.reviewedCount, 0);
  if (!reviewedCount) return noAgreement;
  const pooled = (pick: (part: AgreementSummary) => number | null) => parts.reduce((sum, part) => sum + (pick(part) ?? 0) * part.reviewedCount, 0) / reviewedCount;
  return { reviewedCount, exactPercent: pooled((part) => part.exactPercent), withinTolerancePercent: pooled((part) => part.withinTolerancePercent) };
}
