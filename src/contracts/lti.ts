import { z } from "zod";

const httpUrl = (what: string) =>
  z
    .string({ error: `Give the ${what}` })
    .trim()
    .min(1, `Give the ${what}`)
    .pipe(z.url({ protocol: /^https?$/, error: `The ${what} must be a full http(s) address, like https://lms.school.edu/...` }));

/** A learning platform as an admin registers it (the values come from the platform's tool registration). */
export const ltiPlatformInput = z.object({
  name: z.string({ error: "Give the platform a name" }).trim().min(1, "Give the platform a name, like School Canvas").max(120, "Keep the name within 120 characters"),
  issuer: httpUrl("issuer (the platform's address, e.g. https://canvas.instructure.com)"),
  clientId: z.string({ error: "Give the client id" }).trim().min(1, "Give the client id the platform gave Markwise").max(300, "The client id is too long"),
  deploymentIds: z
    .array(z.string().trim().min(1, "A deployment id cannot be empty").max(300, "A deployment id is too long"), { error: "Give at least one deployment id" })
    .min(1, "Give at least one deployment id")
    .max(100, "At most 100 deployment ids"),
  authLoginUrl: httpUrl("authentication request URL"),
  tokenUrl: httpUrl("access token URL"),
  keysetUrl: httpUrl("public keyset (JWKS) URL"),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInput>;

export const ltiPlatformView = ltiPlatformInput.extend({
  id: z.string(),
  addedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LtiPlatformView = z.infer<typeof ltiPlatformView>;

/** What an admin pastes into the platform's tool registration. */
export const ltiToolUrls = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  deepLinkingUrl: z.string(),
  jwksUrl: z.string(),
  domain: z.string(),
});
export type LtiToolUrls = z.infer<typeof ltiToolUrls>;

export const ltiPlatformsView = z.object({
  /** Whether the asking user may add, edit and remove platforms (their e-mail is in ADMIN_EMAILS). */
  canManage: z.boolean(),
  platforms: z.array(ltiPlatformView),
  tool: ltiToolUrls,
});
export type LtiPlatformsView = z.infer<typeof ltiPlatformsView>;

/** A one-time link for LTI Dynamic Registration: the admin pastes `url` into the platform before `expiresAt`. */
export const ltiRegistrationLinkView = z.object({ url: z.string(), expiresAt: z.string() });
export type LtiRegistrationLinkView = z.infer<typeof ltiRegistrationLinkView>;

/** A platform link that opens an assignment, and what it lets the teacher do. */
export const assignmentLtiLink = z.object({
  id: z.string(),
  platformName: z.string(),
  contextTitle: z.string().nullable(),
  canImportRoster: z.boolean(),
  canSendGrades: z.boolean(),
});
export const assignmentLtiView = z.object({ links: z.array(assignmentLtiLink) });
export type AssignmentLtiView = z.infer<typeof assignmentLtiView>;

/** A request with no body is the same as `{}` (docs/lti.md shows these routes without one). */
export const ltiActionInput = z
  .object({
    /** Which platform link (when the assignment opens from more than one course). */
    linkId: z.string({ error: "Choose the platform link" }).optional(),
  })
  .default({});

export const rosterImportResult = z.object({
  platformName: z.string(),
  added: z.number(),
  updated: z.number(),
  /** Already on the roster exactly as the platform has them. */
  unchanged: z.number(),
  /** Instructors, inactive members and others who are not students in the course. */
  skipped: z.number(),
  /** Submissions now matched to an imported student. */
  matchedSubmissions: z.number(),
});
export type RosterImportResult = z.infer<typeof rosterImportResult>;

export const gradeSyncResult = z.object({
  platformName: z.string(),
  sent: z.number(),
  unchanged: z.number(),
  /** Graded but not reviewed or accepted: never sent. */
  notReviewed: z.number(),
  /** Reviewed, but the student is not linked to anyone in the course (import the roster first). */
  notOnPlatform: z.array(z.string()),
  /** Reviewed on an earlier rubric (the rubric's scoring changed since): not sent until reviewed again on this one. */
  onEarlierRubric: z.array(z.string()),
  /** Whether the course's roster was ever imported for this link: without it no student can be matched. */
  isRosterImported: z.boolean(),
  /** Students whose grade was taken back: it was for work since put under another student (a rename). */
  withdrawn: z.array(z.string()),
  failed: z.array(z.object({ studentName: z.string(), message: z.string() })),
});
export type GradeSyncResult = z.infer<typeof gradeSyncResult>;

export const ltiMessages = {
  notAdmin: "Only an administrator of this Markwise installation can change platform registrations. Ask them, or add your e-mail to ADMIN_EMAILS.",
  noLink: "This assignment is not linked to a learning platform. Add it from the platform (Deep Linking) or launch its link there once.",
  noRosterService: "The platform did not offer its course roster to Markwise for this link. Allow Names and Role Provisioning in the platform's tool settings, then launch the link again.",
  noGradeService: "The platform did not offer its gradebook to Markwise for this link. Allow Assignment and Grade Services in the platform's tool settings, then launch the link again.",
  duplicate: "A platform with this issuer and client id is already registered.",
} as const;
