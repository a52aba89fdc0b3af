import { and, eq } from "drizzle-orm";
import { classroomMessages, type AssignmentClassroomView, type ClassroomCourseWorkListView, type ClassroomCoursesView, type LinkClassroomInput } from "../../../contracts/google-classroom";
import type { Db } from "../../db/client";
import { googleClassroomLinks } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { ClassroomClient } from "../../integrations/google-classroom/classroom-client";
import type { ClassroomCourseWork } from "../../integrations/google-classroom/schemas";
import { findAssignmentRow } from "../assignments";
import { maxScoreOf, type AssignmentRow } from "../submissions/records";
import type { Queryable } from "../teacher-profiles";
import { asAppError, classroomClientFor, type ClassroomDeps } from "./google-connection";

export type ClassroomLinkRow = typeof googleClassroomLinks.$inferSelect;

/** The teacher's assignment (404 otherwise) and its Classroom link, or undefined. */
export async function findClassroomLinkRow(db: Queryable, teacherId: string, assignmentId: string): Promise<{ assignment: AssignmentRow; link: ClassroomLinkRow | undefined }> {
  const assignment = await findAssignmentRow(db, teacherId, assignmentId);
  const [link] = await db.select().from(googleClassroomLinks).where(and(eq(googleClassroomLinks.assignmentId, assignmentId), eq(googleClassroomLinks.teacherId, teacherId)));
  return { assignment, link };
}

/** The assignment and the link a Classroom action needs: with a coursework item unless only the course matters. */
export async function requireClassroomLink(db: Queryable, teacherId: string, assignmentId: string, options: { needsCourseWork: boolean }) {
  const { assignment, link } = await findClassroomLinkRow(db, teacherId, assignmentId);
  if (!link) throw new AppError("conflict", classroomMessages.noLink);
  if (options.needsCourseWork && !link.courseWorkId) throw new AppError("conflict", classroomMessages.noCourseWork);
  return { assignment, link: link as ClassroomLinkRow & { courseWorkId: string } };
}

const toView = (link: ClassroomLinkRow | undefined): AssignmentClassroomView => ({
  link: link
    ? {
        courseId: link.courseId,
        courseName: link.courseName,
        courseWork: link.courseWorkId ? { id: link.courseWorkId, title: link.courseWorkTitle ?? "", url: link.courseWorkUrl, maxPoints: link.maxPoints } : null,
        canSendGrades: Boolean(link.courseWorkId && link.isPublishedByMarkwise),
      }
    : null,
});

export async function findAssignmentClassroom(db: Queryable, teacherId: string, assignmentId: string): Promise<AssignmentClassroomView> {
  return toView((await findClassroomLinkRow(db, teacherId, assignmentId)).link);
}

export async function listClassroomCourses(deps: ClassroomDeps, teacherId: string): Promise<ClassroomCoursesView> {
  const client = await classroomClientFor(deps, teacherId);
  const courses = await client.listCourses().catch(asAppError);
  return { courses: courses.map((course) => ({ id: course.id, name: course.name, section: course.section ?? null })) };
}

const courseWorkView = (work: ClassroomCourseWork) => ({ id: work.id, title: work.title, maxPoints: work.maxPoints ?? null, canTakeGrades: work.associatedWithDeveloper === true });

export async function listClassroomCourseWork(deps: ClassroomDeps, teacherId: string, courseId: string): Promise<ClassroomCourseWorkListView> {
  const client = await classroomClientFor(deps, teacherId);
  return { courseWork: (await client.listCourseWork(courseId).catch(asAppError)).map(courseWorkView) };
}

/** The course as the teacher's Classroom lists it: a course they do not teach answers 404, as another teacher's data does. */
async function findTeachersCourse(client: ClassroomClient, courseId: string) {
  const course = (await client.listCourses().catch(asAppError)).find((item) => item.id === courseId);
  if (!course) throw new AppError("not_found", classroomMessages.courseNotFound);
  return course;
}

const courseWorkFields = (work: ClassroomCourseWork, isPublishedByMarkwise: boolean) => ({
  courseWorkId: work.id,
  courseWorkTitle: work.title,
  courseWorkUrl: work.alternateLink ?? null,
  maxPoints: work.maxPoints ?? null,
  isPublishedByMarkwise,
});

/**
 * Ties the assignment to a course the teacher teaches and, when given, one of its coursework items (to import its
 * submissions). Choosing again replaces the link, with the students and grades remembered for the old one.
 */
export async function linkAssignmentToClassroom(deps: ClassroomDeps, teacherId: string, assignmentId: string, input: LinkClassroomInput): Promise<AssignmentClassroomView> {
  await findAssignmentRow(deps.db, teacherId, assignmentId);
  const client = await classroomClientFor(deps, teacherId);
  const course = await findTeachersCourse(client, input.courseId);
  let work: ClassroomCourseWork | undefined;
  if (input.courseWorkId) {
    work = (await client.listCourseWork(course.id).catch(asAppError)).find((item) => item.id === input.courseWorkId);
    if (!work) throw new AppError("not_found", classroomMessages.courseWorkNotFound);
  }
  const values = {
    assignmentId,
    teacherId,
    courseId: course.id,
    courseName: course.name,
    ...(work ? courseWorkFields(work, work.associatedWithDeveloper === true) : { courseWorkId: null, courseWorkTitle: null, courseWorkUrl: null, maxPoints: null, isPublishedByMarkwise: false }),
  };
  const link = await deps.db.transaction(async (tx) => {
    await tx.delete(googleClassroomLinks).where(eq(googleClassroomLinks.assignmentId, assignmentId));
    const [row] = await tx.insert(googleClassroomLinks).values(values).returning();
    return row!;
  });
  return toView(link);
}

/** Removes the link (and what was remembered with it); Classroom itself is left as it is. */
export async function unlinkAssignmentFromClassroom(db: Db, teacherId: string, assignmentId: string): Promise<AssignmentClassroomView> {
  await findAssignmentRow(db, teacherId, assignmentId);
  await db.delete(googleClassroomLinks).where(and(eq(googleClassroomLinks.assignmentId, assignmentId), eq(googleClassroomLinks.teacherId, teacherId)));
  return toView(undefined);
}

/**
 * Publishes the assignment in the linked course as coursework out of the rubric total. Coursework Markwise creates is
 * the only kind Classroom lets it grade.
 */
export async function publishAssignmentToClassroom(deps: ClassroomDeps, teacherId: string, assignmentId: string): Promise<AssignmentClassroomView> {
  const { assignment, link } = await requireClassroomLink(deps.db, teacherId, assignmentId, { needsCourseWork: false });
  if (link.courseWorkId) throw new AppError("conflict", classroomMessages.alreadyHasCourseWork);
  const client = await classroomClientFor(deps, teacherId);
  const work = await client
    .createCourseWork(link.courseId, { title: assignment.title.trim() || "Markwise assignment", description: assignment.prompt.trim(), maxPoints: maxScoreOf(assignment) })
    .catch(asAppError);
  const [row] = await deps.db
    .update(googleClassroomLinks)
    .set({ ...courseWorkFields(work, true), maxPoints: work.maxPoints ?? maxScoreOf(assignment), updatedAt: new Date() })
    .where(eq(googleClassroomLinks.id, link.id))
    .returning();
  return toView(row);
}
