import { z } from "zod";

/**
 * The parts of Google's answers Markwise reads (Classroom v1, Drive v3, OAuth token endpoint). Google adds fields over
 * time; zod objects ignore what is not listed, so only a change to a field used here breaks a call.
 */
export const classroomCourse = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string().optional(),
  courseState: z.string().optional(),
  alternateLink: z.string().optional(),
});
export type ClassroomCourse = z.infer<typeof classroomCourse>;

export const classroomStudent = z.object({
  userId: z.string(),
  profile: z.object({
    name: z.object({ fullName: z.string().optional(), givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
    /** Only with the classroom.profile.emails scope. */
    emailAddress: z.string().optional(),
  }),
});
export type ClassroomStudent = z.infer<typeof classroomStudent>;

export const classroomCourseWork = z.object({
  id: z.string(),
  title: z.string().default(""),
  maxPoints: z.number().optional(),
  workType: z.string().optional(),
  state: z.string().optional(),
  alternateLink: z.string().optional(),
  /** True when this app's Cloud project created it: only then may it set grades. */
  associatedWithDeveloper: z.boolean().optional(),
});
export type ClassroomCourseWork = z.infer<typeof classroomCourseWork>;

const attachment = z.object({
  driveFile: z.object({ id: z.string(), title: z.string().optional(), alternateLink: z.string().optional() }).optional(),
  link: z.object({ url: z.string(), title: z.string().optional() }).optional(),
  youTubeVideo: z.object({ id: z.string() }).optional(),
  form: z.object({ formUrl: z.string() }).optional(),
});
export type ClassroomAttachment = z.infer<typeof attachment>;

export const studentSubmission = z.object({
  id: z.string(),
  userId: z.string(),
  state: z.string().optional(),
  late: z.boolean().optional(),
  draftGrade: z.number().optional(),
  assignedGrade: z.number().optional(),
  /** Moves when a grade is set or the work returned: not when it was turned in (that is in submissionHistory). */
  updateTime: z.string().optional(),
  submissionHistory: z
    .array(z.object({ stateHistory: z.object({ state: z.string().optional(), stateTimestamp: z.string().optional() }).optional() }).loose())
    .optional(),
  assignmentSubmission: z.object({ attachments: z.array(attachment).default([]) }).optional(),
});
export type StudentSubmission = z.infer<typeof studentSubmission>;

export const driveFileMetadata = z.object({ id: z.string(), name: z.string(), mimeType: z.string() });
export type DriveFileMetadata = z.infer<typeof driveFileMetadata>;

export const tokenRefreshAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().default(3600),
  scope: z.string().optional(),
  /** Google sends a new refresh token only sometimes; the old one stays valid otherwise. */
  refresh_token: z.string().optional(),
});

/** Google's error body: `{ error: { code, message, status, details } }` (the token endpoint uses `error` + `error_description`). */
export const googleErrorBody = z.object({
  error: z.union([
    z.object({ code: z.number().optional(), message: z.string().optional(), status: z.string().optional(), details: z.array(z.record(z.string(), z.unknown())).optional() }),
    z.string(),
  ]),
  error_description: z.string().optional(),
});
