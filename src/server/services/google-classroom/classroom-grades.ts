import { and, eq } from "drizzle-orm";
import { classroomMessages, type ClassroomGradesResult } from "../../../contracts/google-classroom";
import { classroomGradeFor, gradeChanges, type WantedGrade } from "../../../core/google-classroom/grades";
import { googleClassroomGradePosts, googleClassroomStudents, submissions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { GoogleApiError } from "../../integrations/google-classroom/google-errors";
import { staleSends } from "../../../core/grade-sync/reassigned-work";
import { hasGrade, lateFor, maxScoreOf } from "../submissions/records";
import { rosterNamesOf } from "../submissions/roster";
import { requireClassroomLink } from "./course-links";
import { asAppError, classroomClientFor, type ClassroomDeps } from "./google-connection";

/**
 * Send grades to Classroom as draft grades: every reviewed or accepted grade (the rule LTI's AGS follows) of a student
 * in the course, as the final score scaled to the coursework's points. With `returnToStudents` (the teacher confirmed)
 * the assigned grade is set too and the work returned. Only what changed since the last send is patched. A grade sent
 * for work put under another student since is taken back from the former student first (decision 019's addendum).
 * Feedback does not go: Classroom's API has no call for private comments.
 */
export async function sendGradesToClassroom(deps: ClassroomDeps, teacherId: string, assignmentId: string, options: { returnToStudents: boolean }): Promise<ClassroomGradesResult> {
  const { assignment, link } = await requireClassroomLink(deps.db, teacherId, assignmentId, { needsCourseWork: true });
  if (!link.isPublishedByMarkwise) throw new AppError("conflict", classroomMessages.cannotTakeGrades);
  const work = await deps.db.select().from(submissions).where(eq(submissions.assignmentId, assignmentId));
  const graded = work.filter(hasGrade);
  // A grade on an earlier rubric is out of another total than the one scaled to the coursework's points: not sent
  // until reviewed again.
  const accepted = graded.filter((row) => row.status === "accepted");
  const reviewed = accepted.filter((row) => !row.earlierRubric);
  const members = await deps.db.select().from(googleClassroomStudents).where(eq(googleClassroomStudents.linkId, link.id));
  const userOf = new Map(members.map((member) => [member.rosterStudentId, member.googleUserId]));
  const previous = new Map((await deps.db.select().from(googleClassroomGradePosts).where(eq(googleClassroomGradePosts.linkId, link.id))).map((post) => [post.submissionId, post]));
  const result: ClassroomGradesResult = { courseName: link.courseName, sent: 0, unchanged: 0, returned: 0, notReviewed: graded.length - reviewed.length, notInCourse: [], onEarlierRubric: accepted.filter((row) => row.earlierRubric).map((row) => row.studentName).sort(), isRosterImported: members.length > 0, withdrawn: [], failed: [] };
  if (!reviewed.length && !previous.size) return result;

  const client = await classroomClientFor(deps, teacherId);
  const classroomSubmissions = await client.listStudentSubmissions(link.courseId, link.courseWorkId).catch(asAppError);
  const classroomSubmissionOf = new Map(classroomSubmissions.map((item) => [item.userId, item.id]));
  const destinationNow = new Map(work.map((row) => [row.id, mapThrough(row.rosterStudentId, userOf, classroomSubmissionOf)]));
  const rubricTotal = maxScoreOf(assignment);
  const wanted: WantedGrade[] = [];
  const nameOf = new Map<string, string>();
  for (const row of reviewed) {
    const classroomSubmissionId = destinationNow.get(row.id);
    if (!classroomSubmissionId) {
      result.notInCourse.push(row.studentName);
      continue;
    }
    const grade = classroomGradeFor(lateFor(assignment, row).finalScore, rubricTotal, link.maxPoints);
    nameOf.set(row.id, row.studentName);
    wanted.push({ submissionId: row.id, classroomSubmissionId, draftGrade: grade, ...(options.returnToStudents ? { assignedGrade: grade } : {}) });
  }
  // Every stale grade is cleared, even where the former student's own grade goes now: a patch of the draft alone
  // would leave the other student's returned (assigned) grade in place.
  const matchedPlaces = new Set(members.flatMap((member) => classroomSubmissionOf.get(member.googleUserId) ?? []));
  const stale = staleSends([...previous.values()].map((post) => ({ submissionId: post.submissionId, to: post.classroomSubmissionId })), destinationNow, new Set(), matchedPlaces);

  // Taken back before anything is patched: the former student must not keep another student's grade.
  const userOfSubmission = new Map(classroomSubmissions.map((item) => [item.id, item.userId]));
  const rosterIdOfUser = new Map(members.map((member) => [member.googleUserId, member.rosterStudentId]));
  const rosterIdOf = (classroomSubmissionId: string) => rosterIdOfUser.get(userOfSubmission.get(classroomSubmissionId) ?? "");
  const formerNames = await rosterNamesOf(deps.db, stale.withdraw.flatMap((post) => rosterIdOf(post.to) ?? []));
  const cleared = new Set<string>();
  for (const post of stale.withdraw) {
    const formerName = formerNames.get(rosterIdOf(post.to) ?? "") ?? `Classroom student ${userOfSubmission.get(post.to) ?? post.to}`;
    try {
      await client.clearGrade(link.courseId, link.courseWorkId, post.to);
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      if (error.kind === "access") asAppError(error);
      result.failed.push({ studentName: formerName, message: error.message });
      continue;
    }
    await deps.db.delete(googleClassroomGradePosts).where(and(eq(googleClassroomGradePosts.linkId, link.id), eq(googleClassroomGradePosts.submissionId, post.submissionId)));
    cleared.add(post.to);
    result.withdrawn.push(formerName);
  }
  // A place just cleared gets its student's own grade again, even where it equals what was sent for them before.
  const { changed: compared, unchangedCount } = gradeChanges(wanted.filter((grade) => !cleared.has(grade.classroomSubmissionId)), previous);
  const changed = [...compared, ...wanted.filter((grade) => cleared.has(grade.classroomSubmissionId))];
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
    // A place cleared in this send, or new to this work, holds only what this patch set.
    const last = previous.get(grade.submissionId);
    const before = !cleared.has(grade.classroomSubmissionId) && last?.classroomSubmissionId === grade.classroomSubmissionId ? last : undefined;
    const sent = { classroomSubmissionId: grade.classroomSubmissionId, draftGrade: grade.draftGrade, assignedGrade: grade.assignedGrade ?? before?.assignedGrade ?? null, postedAt: new Date() };
    await deps.db
      .insert(googleClassroomGradePosts)
      .values({ linkId: link.id, submissionId: grade.submissionId, ...sent })
      .onConflictDoUpdate({ target: [googleClassroomGradePosts.linkId, googleClassroomGradePosts.submissionId], set: sent });
    result.sent += 1;
    if (grade.assignedGrade !== undefined) result.returned += 1;
  }
  result.notInCourse.sort();
  result.withdrawn.sort();
  return result;
}

/** Where a roster student's grade goes in Classroom: their Google user, then that user's submission of the coursework. */
function mapThrough(rosterStudentId: string | null, userOf: ReadonlyMap<string, string>, submissionOf: ReadonlyMap<string, string>): string | undefined {
  const userId = rosterStudentId ? userOf.get(rosterStudentId) : undefined;
  return userId ? submissionOf.get(userId) : undefined;
}
