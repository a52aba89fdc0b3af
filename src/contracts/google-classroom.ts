import { z } from "zod";
import { isTimeZone } from "./submissions";

/**
 * The Google scopes Markwise asks for only when a teacher connects Classroom (incremental authorization): sign-in
 * itself asks for e-mail and profile alone.
 */
export const classroomScopes = [
  "https://www.googleapis.com/auth/classroom.courses.readonly",
  "https://www.googleapis.com/auth/classroom.rosters.readonly",
  "https://www.googleapis.com/auth/classroom.profile.emails",
  "https://www.googleapis.com/auth/classroom.coursework.students",
  // Students' attached files: Google Docs exported as text, other files downloaded for the document readers.
  "https://www.googleapis.com/auth/drive.readonly",
] as const;

export const classroomConnectionView = z.object({
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set on the server. */
  isAvailable: z.boolean(),
  /** A Google account is linked and granted every Classroom scope. */
  isConnected: z.boolean(),
  /** A Google account is linked (sign-in) but Classroom was not granted yet, or not all of it. */
  hasGoogleAccount: z.boolean(),
  missingScopes: z.array(z.string()),
});
export type ClassroomConnectionView = z.infer<typeof classroomConnectionView>;

export const classroomCourseView = z.object({ id: z.string(), name: z.string(), section: z.string().nullable() });
export const classroomCoursesView = z.object({ courses: z.array(classroomCourseView) });
export type ClassroomCoursesView = z.infer<typeof classroomCoursesView>;

export const classroomCourseWorkView = z.object({
  id: z.string(),
  title: z.string(),
  maxPoints: z.number().nullable(),
  /** Created by Markwise's Cloud project: only then can Markwise set its grades. */
  canTakeGrades: z.boolean(),
});
export const classroomCourseWorkListView = z.object({ courseWork: z.array(classroomCourseWorkView) });
export type ClassroomCourseWorkListView = z.infer<typeof classroomCourseWorkListView>;

export const assignmentClassroomView = z.object({
  link: z
    .object({
      courseId: z.string(),
      courseName: z.string(),
      courseWork: z.object({ id: z.string(), title: z.string(), url: z.string().nullable(), maxPoints: z.number().nullable() }).nullable(),
      canSendGrades: z.boolean(),
    })
    .nullable(),
});
export type AssignmentClassroomView = z.infer<typeof assignmentClassroomView>;

const googleId = (what: string) => z.string({ error: `Choose the ${what}` }).trim().min(1, `Choose the ${what}`).max(200, `That ${what} id is too long`);

export const linkClassroomInput = z.object({
  courseId: googleId("Classroom course"),
  /** An existing coursework item to import from; leave out to publish the assignment as new coursework later. */
  courseWorkId: googleId("coursework").optional(),
});
export type LinkClassroomInput = z.infer<typeof linkClassroomInput>;

export const importClassroomSubmissionsInput = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, { message: "Time zone must be an IANA name like Europe/Paris" }).optional(),
});

/** A request with no body is the same as `{}`: draft grades only. */
export const sendClassroomGradesInput = z
  .object({
    /** Also set the assigned grade and return the work in Classroom (the teacher confirmed it). */
    returnToStudents: z.boolean({ error: "returnToStudents must be true or false" }).default(false),
  })
  .default({ returnToStudents: false });

/** unchanged: already on the roster exactly as Classroom has them. */
export const classroomRosterResult = z.object({ courseName: z.string(), added: z.number(), updated: z.number(), unchanged: z.number(), matchedSubmissions: z.number() });
export type ClassroomRosterResult = z.infer<typeof classroomRosterResult>;

export const classroomSubmissionsResult = z.object({
  imported: z.number(),
  /** Work already in the assignment (the same text): not added again. */
  alreadyImported: z.number(),
  /** Files Markwise could not fetch or read: the teacher downloads and uploads them by hand. */
  uploadByHand: z.array(z.object({ studentName: z.string(), fileName: z.string(), reason: z.string() })),
  /** Students who have not turned anything in. */
  notTurnedIn: z.array(z.string()),
});
export type ClassroomSubmissionsResult = z.infer<typeof classroomSubmissionsResult>;

export const classroomGradesResult = z.object({
  courseName: z.string(),
  sent: z.number(),
  unchanged: z.number(),
  returned: z.number(),
  /** Graded but not reviewed or accepted: never sent. */
  notReviewed: z.number(),
  /** Reviewed, but the student is not matched to anyone in the course (import the roster first). */
  notInCourse: z.array(z.string()),
  /** Reviewed on an earlier rubric (the rubric's scoring changed since): not sent until reviewed again on this one. */
  onEarlierRubric: z.array(z.string()),
  /** Whether the course's roster was ever imported for this link: without it no student can be matched. */
  isRosterImported: z.boolean(),
  /** Students whose grade was taken back: it was for work since put under another student (a rename). */
  withdrawn: z.array(z.string()),
  failed: z.array(z.object({ studentName: z.string(), message: z.string() })),
});
export type ClassroomGradesResult = z.infer<typeof classroomGradesResult>;

export const classroomMessages = {
  notConfigured: "Google is not set up on this Markwise server. Ask its administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (see docs/google-classroom.md).",
  notConnected: "Connect Google Classroom in Settings first.",
  noLink: "Choose a Google Classroom course for this assignment first.",
  noCourseWork: "Choose the Classroom coursework to import from, or publish this assignment to Classroom first.",
  alreadyHasCourseWork: "This assignment is already linked to Classroom coursework. Choose the course again to start over.",
  cannotTakeGrades: "Google Classroom lets only the app that created a coursework item set its grades, and this coursework was made in Classroom. Publish the assignment to Classroom from Markwise to send grades.",
  courseNotFound: "That course is not one you teach in Google Classroom (or it is archived).",
  courseWorkNotFound: "That coursework is not in the course any more. Choose it again.",
  /** Classroom's API has no call for private comments: said in the panel and the docs. */
  noPrivateComments: "Google Classroom's API does not let apps write private comments, so feedback is not sent with the grades. Use Return to students to give each student their feedback link.",
} as const;
