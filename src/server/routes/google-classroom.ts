import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import {
  assignmentClassroomView,
  classroomConnectionView,
  classroomCourseWorkListView,
  classroomCoursesView,
  classroomGradesResult,
  classroomRosterResult,
  classroomSubmissionsResult,
  importClassroomSubmissionsInput,
  linkClassroomInput,
  sendClassroomGradesInput,
} from "../../contracts/google-classroom";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { importClassroomRoster } from "../services/google-classroom/classroom-roster";
import { importClassroomSubmissions } from "../services/google-classroom/classroom-submissions";
import { sendGradesToClassroom } from "../services/google-classroom/classroom-grades";
import { findAssignmentClassroom, linkAssignmentToClassroom, listClassroomCourseWork, listClassroomCourses, publishAssignmentToClassroom, unlinkAssignmentFromClassroom } from "../services/google-classroom/course-links";
import { disconnectClassroom, findClassroomConnection } from "../services/google-classroom/google-connection";

const idParams = z.object({ id: z.string() });
const courseParams = z.object({ courseId: z.string().min(1).max(200) });
const tag = "Google Classroom";
const unauthorized = { description: "Not signed in", schema: errorBody };
const missing = { description: "Not found for this teacher (another teacher's assignment, or a course they do not teach)", schema: errorBody };
const notReady = { description: "Google not configured or not connected, or the assignment not linked yet; the message says what to do", schema: errorBody };
const googleRefused = { description: "Google refused (not a teacher of the course, a permission not granted); the message says what to do", schema: errorBody };
const googleDown = { description: "Google could not be reached", schema: errorBody };
const googleAnswers = { 401: unauthorized, 404: missing, 409: notReady, 422: googleRefused, 503: googleDown };

export function registerGoogleClassroomRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;
  const classroom = { db, auth: deps.auth, env: deps.env };
  const intake = { ...classroom, storage: deps.storage, ocr: deps.ocr, queue: deps.grading };

  router.route(
    { method: "get", path: "/api/google-classroom/connection", summary: "Whether Google is set up on this server and the asking teacher has connected Classroom (every scope granted)", tag, access: "session", responses: { 200: { description: "Connection", schema: classroomConnectionView }, 401: unauthorized } },
    async (c) => c.json(await findClassroomConnection(classroom, requireUser(c).id)),
  );
  router.route(
    { method: "delete", path: "/api/google-classroom/connection", summary: "Disconnect Google Classroom: revokes Markwise's access at Google and forgets the tokens (Google sign-in keeps working)", tag, access: "session", responses: { 200: { description: "Connection", schema: classroomConnectionView }, 401: unauthorized } },
    async (c) => c.json(await disconnectClassroom(classroom, requireUser(c).id)),
  );
  router.route(
    { method: "get", path: "/api/google-classroom/courses", summary: "The active Classroom courses the teacher teaches", tag, access: "session", responses: { 200: { description: "Courses", schema: classroomCoursesView }, ...googleAnswers } },
    async (c) => c.json(await listClassroomCourses(classroom, requireUser(c).id)),
  );
  router.route(
    { method: "get", path: "/api/google-classroom/courses/:courseId/coursework", summary: "A course's published coursework, and which items Markwise created (only those take grades)", tag, access: "session", params: courseParams, responses: { 200: { description: "Coursework", schema: classroomCourseWorkListView }, ...googleAnswers } },
    async (c, { params }) => c.json(await listClassroomCourseWork(classroom, requireUser(c).id, params.courseId)),
  );

  router.route(
    { method: "get", path: "/api/assignments/:id/google-classroom", summary: "The assignment's Classroom course and coursework, if linked", tag, access: "session", params: idParams, responses: { 200: { description: "Link", schema: assignmentClassroomView }, 401: unauthorized, 404: missing } },
    async (c, { params }) => c.json(await findAssignmentClassroom(db, requireUser(c).id, params.id)),
  );
  router.route(
    { method: "put", path: "/api/assignments/:id/google-classroom", summary: "Link the assignment to a course the teacher teaches, and optionally one of its coursework items to import from", tag, access: "session", params: idParams, body: linkClassroomInput, responses: { 200: { description: "Link", schema: assignmentClassroomView }, 400: { description: "Invalid input", schema: errorBody }, ...googleAnswers } },
    async (c, { params, body }) => c.json(await linkAssignmentToClassroom(classroom, requireUser(c).id, params.id, body)),
  );
  router.route(
    { method: "delete", path: "/api/assignments/:id/google-classroom", summary: "Unlink the assignment from Classroom (Classroom is left as it is)", tag, access: "session", params: idParams, responses: { 200: { description: "Link", schema: assignmentClassroomView }, 401: unauthorized, 404: missing } },
    async (c, { params }) => c.json(await unlinkAssignmentFromClassroom(db, requireUser(c).id, params.id)),
  );
  router.route(
    { method: "post", path: "/api/assignments/:id/google-classroom/publish", summary: "Publish the assignment as coursework in the linked course (out of the rubric total): Markwise can then send its grades", tag, access: "session", params: idParams, responses: { 200: { description: "Link", schema: assignmentClassroomView }, ...googleAnswers } },
    async (c, { params }) => c.json(await publishAssignmentToClassroom(classroom, requireUser(c).id, params.id)),
  );
  router.route(
    { method: "post", path: "/api/assignments/:id/google-classroom/roster", summary: "Import roster from the linked course: students added to the roster or updated, with e-mails", tag, access: "session", params: idParams, responses: { 200: { description: "What was imported", schema: classroomRosterResult }, ...googleAnswers } },
    async (c, { params }) => {
      const { courseName, added, updated, unchanged, matchedSubmissions } = await importClassroomRoster(classroom, requireUser(c).id, params.id);
      return c.json({ courseName, added, updated, unchanged, matchedSubmissions });
    },
  );
  router.route(
    { method: "post", path: "/api/assignments/:id/google-classroom/submissions", summary: "Import submissions from the linked coursework (roster first): Google Docs as text and other files through the document readers; the answer lists files to upload by hand, by student", tag, access: "session", params: idParams, body: importClassroomSubmissionsInput, responses: { 200: { description: "What was imported", schema: classroomSubmissionsResult }, ...googleAnswers } },
    async (c, { params, body }) => c.json(await importClassroomSubmissions(intake, requireUser(c).id, params.id, body.timeZone ?? "UTC")),
  );
  router.route(
    { method: "post", path: "/api/assignments/:id/google-classroom/grades", summary: "Send reviewed grades to Classroom as draft grades (returnToStudents: also assign and return); only what changed since the last send", tag, access: "session", params: idParams, body: sendClassroomGradesInput, responses: { 200: { description: "What was sent", schema: classroomGradesResult }, ...googleAnswers } },
    async (c, { params, body }) => c.json(await sendGradesToClassroom(classroom, requireUser(c).id, params.id, body)),
  );
}
