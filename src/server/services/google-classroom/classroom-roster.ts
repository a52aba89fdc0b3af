import { eq } from "drizzle-orm";
import type { ClassroomRosterResult } from "../../../contracts/google-classroom";
import { classroomStudentName } from "../../../core/google-classroom/grades";
import { googleClassroomStudents } from "../../db/schema";
import { matchUnmatchedSubmissions, mergeImportedStudents } from "../submissions/roster-import";
import { requireClassroomLink } from "./course-links";
import { asAppError, classroomClientFor, type ClassroomDeps } from "./google-connection";

/**
 * Import roster from Classroom: the course's students join the assignment's roster (or update the student they
 * already are), each remembered by their Google user id so submissions and grades find them. One transaction.
 */
export async function importClassroomRoster(deps: ClassroomDeps, teacherId: string, assignmentId: string): Promise<ClassroomRosterResult & { rosterIdByUser: Map<string, string>; nameByUser: Map<string, string> }> {
  const { link } = await requireClassroomLink(deps.db, teacherId, assignmentId, { needsCourseWork: false });
  const client = await classroomClientFor(deps, teacherId);
  const students = await client.listStudents(link.courseId).catch(asAppError);
  const imported = students.map((student) => ({
    key: student.userId,
    name: classroomStudentName(student.profile.name, student.userId),
    email: student.profile.emailAddress?.trim().toLowerCase() || null,
    identifier: null,
  }));
  const counts = await deps.db.transaction(async (tx) => {
    const linked = new Map((await tx.select().from(googleClassroomStudents).where(eq(googleClassroomStudents.linkId, link.id))).map((row) => [row.googleUserId, row.rosterStudentId]));
    const { added, updated, unchanged, rosterIdByKey } = await mergeImportedStudents(tx, assignmentId, teacherId, imported, linked);
    for (const [googleUserId, rosterStudentId] of rosterIdByKey) {
      await tx
        .insert(googleClassroomStudents)
        .values({ linkId: link.id, googleUserId, rosterStudentId })
        .onConflictDoUpdate({ target: [googleClassroomStudents.linkId, googleClassroomStudents.googleUserId], set: { rosterStudentId } });
    }
    return { added, updated, unchanged, matchedSubmissions: await matchUnmatchedSubmissions(tx, assignmentId), rosterIdByUser: rosterIdByKey };
  });
  return { courseName: link.courseName, ...counts, nameByUser: new Map(imported.map((student) => [student.key, student.name])) };
}
