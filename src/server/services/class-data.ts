import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { gradedCriteria } from "../../contracts/assignments";
import { scoresOnCurrentRubric } from "../../contracts/earlier-rubric";
import type { ClassAssignment, ClassData, ClassFeedbackLink } from "../../core/assistant/class-data";
import { assignments, feedbackLinks, rosterStudents, submissions } from "../db/schema";
import { isNotBlankDraft } from "./blank-drafts";
import { lateFor, maxScoreOf } from "./submissions/records";
import type { Queryable } from "./teacher-profiles";

/**
 * One teacher's classes for the dashboard assistant: four reads, each scoped to the teacher, and none of the essays'
 * text. Scores are the grades of record after the late policy, as the gradebook shows them; feedback links are the
 * live ones (not revoked), as the Return to students panel shows them, with no token or address.
 */
export async function readClassData(db: Queryable, teacherId: string, now: Date, timeZone?: string): Promise<ClassData> {
  const [assignmentRows, rosterRows, submissionRows, linkRows] = await Promise.all([
    db
      .select({ id: assignments.id, title: assignments.title, status: assignments.status, dueDate: assignments.dueDate, criteria: assignments.criteria, gradingSettings: assignments.gradingSettings })
      .from(assignments)
      .where(and(eq(assignments.teacherId, teacherId), isNotBlankDraft(db)))
      .orderBy(desc(assignments.createdAt)),
    db
      .select({ id: rosterStudents.id, assignmentId: rosterStudents.assignmentId, name: rosterStudents.name })
      .from(rosterStudents)
      .where(eq(rosterStudents.teacherId, teacherId))
      .orderBy(rosterStudents.position),
    db
      .select({
        id: submissions.id,
        assignmentId: submissions.assignmentId,
        studentName: submissions.studentName,
        rosterStudentId: submissions.rosterStudentId,
        status: submissions.status,
        overallScore: submissions.overallScore,
        criteriaScores: submissions.criteriaScores,
        engineScore: sql<number | null>`(${submissions.engineGrade} ->> 'overallScore')::double precision`,
        engineCriteria: sql<Array<{ criterionId: string; score: number }> | null>`${submissions.engineGrade} -> 'criterionScores'`,
        // Compared in the database: the essays' feedback texts need not travel to be told apart.
        isFeedbackRewritten: sql<boolean>`coalesce(btrim(${submissions.feedback}), '') <> coalesce(btrim(${submissions.engineGrade} ->> 'feedback'), '')`,
        gradeSource: submissions.gradeSource,
        earlierRubric: submissions.earlierRubric,
        reviewedAt: submissions.reviewedAt,
        submittedAt: submissions.submittedAt,
        timeZone: submissions.timeZone,
      })
      .from(submissions)
      .where(eq(submissions.teacherId, teacherId)),
    db
      .select({ submissionId: feedbackLinks.submissionId, returnedAt: feedbackLinks.createdAt, expiresAt: feedbackLinks.expiresAt, openCount: feedbackLinks.openCount, firstOpenedAt: feedbackLinks.firstOpenedAt })
      .from(feedbackLinks)
      .where(and(eq(feedbackLinks.teacherId, teacherId), isNull(feedbackLinks.revokedAt))),
  ]);
  // One live link per submission (a partial unique index), so a map by submission loses nothing.
  const linkBySubmission = new Map<string, ClassFeedbackLink>(linkRows.map(({ submissionId, ...link }) => [submissionId, link]));
  // Each assignment's row stays beside it: the late policy reads the row's due date and settings.
  const byId = new Map(
    assignmentRows.map((row) => {
      const assignment: ClassAssignment = {
        id: row.id,
        title: row.title || "Untitled assignment",
        status: row.status as ClassAssignment["status"],
        dueDate: row.dueDate,
        maxScore: maxScoreOf(row),
        criteria: gradedCriteria(row.criteria).map((c) => ({ id: c.id, name: c.name, maxPoints: c.maxPoints })),
        roster: [],
        submissions: [],
      };
      return [row.id, { row, assignment }] as const;
    }),
  );
  for (const student of rosterRows) byId.get(student.assignmentId)?.assignment.roster.push({ id: student.id, name: student.name });
  for (const s of submissionRows) {
    const entry = byId.get(s.assignmentId);
    if (!entry) continue;
    const { row, assignment } = entry;
    const late = lateFor(row, s);
    assignment.submissions.push({
      id: s.id,
      studentName: s.studentName,
      rosterStudentId: s.rosterStudentId,
      status: s.status,
      finalScore: s.overallScore === null ? null : late.finalScore,
      rawScore: s.overallScore,
      // A grade given on an earlier rubric: only the criteria kept unchanged count with the current rubric's.
      criteriaScores: scoresOnCurrentRubric(row.criteria, s.earlierRubric, s.criteriaScores),
      engineScore: s.engineScore,
      engineCriteriaScores: s.engineCriteria ? Object.fromEntries(s.engineCriteria.map((item) => [item.criterionId, item.score])) : null,
      isFeedbackRewritten: s.engineScore !== null && s.isFeedbackRewritten,
      reviewed: s.gradeSource === "reviewed",
      reviewedAt: s.reviewedAt,
      late: late.daysLate > 0,
      ...(s.earlierRubric ? { earlierTotal: s.earlierRubric.totalPoints } : {}),
      feedbackLink: linkBySubmission.get(s.id) ?? null,
    });
  }
  return { now, ...(timeZone ? { timeZone } : {}), assignments: [...byId.values()].map(({ assignment }) => assignment) };
}
