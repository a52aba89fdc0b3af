import { and, eq, inArray } from "drizzle-orm";
import { classroomMessages, type ClassroomGradesResult } from "../../../contracts/google-classroom";
import { classroomGradeFor, gradeChanges, type WantedGrade } from "../../../core/google-classroom/grades";
import { googleClassroomGradePosts, googleClassroomStudents, submissions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { GoogleApiError } from "../../integrations/google-classroom/google-errors";
import { hasGrade, lateFor, maxScoreOf } from "../submissions/records";
import { requireClassroomLink } from "./course-links";
import { asAppError, classroomClientFor, type ClassroomDeps } from "./google-connection";

/**
 * Send grades to Classroom as draft grades: every reviewed or accepted grade (the rule LTI's AGS follows) of a student
 * in the course, as the final score scaled to the coursework's points. With `returnToStudents` (the teacher confirmed)
 * the assigned grade is set too and the work returned. Only what changed since the last send is patched.
 * Feedback does not go: Classroom's API has no call for private comments.
 */
export async function sendGradesToClassroom(deps: ClassroomDeps, teacherId: string, assignmentId: string, options: { returnToStudents: boolean }): Promise<ClassroomGradesResult> {
  const { assignment, link } = await requireClassroomLink(deps.db, teacherId, assignmentId, { needsCourseWork: true });
  if (!link.isPublishedByMarkwise) throw new AppError("conflict", classroomMessages.cannotTakeGrades);
  const graded = (await deps.db.select().from(submissions).where(eq(submissions.assignmentId, assignmentId))).filter(hasGrade);
  const reviewed = graded.filter((row) => row.status === "accepted");
  const rosterIds = reviewed.map((row) => row.rosterStudentId).filter((id): id is string => Boolean(id));
  const members = rosterIds.length
    ? await deps.db.select().from(googleClassroomStudents).where(and(eq(googleClassroomStudents.linkId, link.id), inArray(googleClassroomStudents.rosterStudentId, rosterIds)))
    : [];
  const userOf = new Map(members.map((member) => [member.rosterStudentId, member.googleUserId]));
  const result: ClassroomGradesResult = { courseName: link.courseName, sent: 0, unchanged: 0, returned: 0, notReviewed: graded.length - reviewed.length, notInCourse: [], failed: [] };
  if (!reviewed.length) return result;

  const client = await classroomClientFor(deps, teacherId);
  const classroomSubmissionOf = new Map((await client.listStudentSubmissions(link.courseId, link.courseWorkId).catch(asAppError)).map((item) => [item.userId, item.id]));
  const rubricTotal = maxScoreOf(assignment);
  const wanted: WantedGrade[] = [];
  const nameOf = new Map<string, string>();
  for (const row of reviewed) {
    const userId = row.rosterStudentId ? userOf.get(row.rosterStudentId) : undefined;
    const classroomSubmissionId = userId ? classroomSubmissionOf.get(userId) : undefined;
    if (!classroomSubmissionId) {
      result.notInCourse.push(row.studentName);
      continue;
    }
    const grade = classroomGradeFor(lateFor(assignment, row).finalScore, rubricTotal, link.maxPoints);
    nameOf.set(row.id, row.studentName);
    wanted.push({ submissionId: row.id, classroomSubmissionId, draftGrade: grade, ...(options.returnToStudents ? { assignedGrade: grade } : {}) });
  }
  const previous = new Map((await deps.db.select().from(googleClassroomGradePosts).where(eq(googleClassroomGradePosts.linkId, link.id))).map((post) => [post.submissionId, post]));
  const { changed, unchangedCount } = gradeChanges(wanted, previous);
  result.unchanged = unchangedCount;

  for (const grade of changed) {
    try {
      await client.patchGrade(link.courseId, link.courseWorkId, grade.classroomSubmissionId, { draftGrade: grade.draftGrade, ...(grade.assignedGrade === undefined ? {} : { assignedGrade: grade.assignedGrade }) });
      if (grade.assignedGrade !== undefined) await client.returnSubmission(link.courseId, link.courseWorkId, grade.classroomSubmissionId);
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      // Google refusing the whole coursework (scope, course) fails every row alike: say it once, as the answer.
      if (error.kind === "access" && result.sent === 0) asAppError(error);
      result.failed.push({ studentName: nameOf.get(grade.submissionId) ?? "", message: error.message });
      continue;
    }
    const sent = { classroomSubmissionId: grade.classroomSubmissionId, draftGrade: grade.draftGrade, assignedGrade: grade.assignedGrade ?? previous.get(grade.submissionId)?.assignedGrade ?? null, postedAt: new Date() };
    await deps.db
      .insert(googleClassroomGradePosts)
      .values({ linkId: link.id, submissionId: grade.submissionId, ...sent })
      .onConflictDoUpdate({ target: [googleClassroomGradePosts.linkId, googleClassroomGradePosts.submissionId], set: sent });
    result.sent += 1;
    if (grade.assignedGrade !== undefined) result.returned += 1;
  }
  result.notInCourse.sort();
  return result;
}
