import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Auth } from "../../auth/auth";
import type { Db } from "../../db/client";
import { feedbackLinks, ltiPendingPicks, ltiResourceLinks, ltiRosterMembers, rosterStudents, submissions } from "../../db/schema";
import type { Launch } from "../../integrations/lti/claims";
import { LaunchError } from "../../integrations/lti/verify-id-token";
import { openFeedbackLinkRow, type FeedbackLinkOpening } from "../feedback-links";
import type { PlatformRow } from "./platforms";
import { findResourceLink, isTeachersAssignment, linkResourceLink, otherTeachersLink, servicesOf } from "./resource-links";
import { findOrCreateTeacher } from "./teacher-accounts";

/** A pick (deep linking or an unlinked resource link) waits this long for the teacher. */
const pickLifetimeMs = 60 * 60 * 1000;

export type LaunchOutcome =
  | { kind: "teacher"; userId: string; redirectTo: string }
  | { kind: "learner"; page: { title: string; detail: string } | { opening: FeedbackLinkOpening } };

/**
 * What a verified launch opens. An instructor is signed in and sent to the linked assignment, or to the picker
 * (Deep Linking, or a link that opens no assignment yet). A learner sees their returned feedback, if it was returned.
 */
export async function resolveLaunch(db: Db, auth: Auth, platform: PlatformRow, launch: Launch): Promise<LaunchOutcome> {
  if (!launch.isInstructor) return { kind: "learner", page: await learnerPage(db, platform, launch) };
  if (launch.messageType === "LtiDeepLinkingRequest" && !launch.deepLinking!.acceptsResourceLinks) {
    throw new LaunchError(400, "Nothing Markwise can offer", "The platform asked for content types Markwise does not make; Markwise offers LTI resource links (ltiResourceLink).");
  }
  const userId = await findOrCreateTeacher(db, auth, platform, launch);
  if (launch.messageType === "LtiDeepLinkingRequest") {
    const settings = launch.deepLinking!;
    const pickId = await createPick(db, { kind: "deep_link", platformId: platform.id, teacherId: userId, deploymentId: launch.deploymentId, returnUrl: settings.returnUrl, data: settings.data });
    return { kind: "teacher", userId, redirectTo: `/api/lti/picks/${pickId}` };
  }
  const resourceLinkId = launch.resourceLinkId!;
  const services = servicesOf(launch);
  const existing = await findResourceLink(db, platform.id, resourceLinkId);
  if (existing) {
    if (existing.teacherId !== userId) throw otherTeachersLink();
    await db.update(ltiResourceLinks).set({ ...services, deploymentId: launch.deploymentId, updatedAt: new Date() }).where(eq(ltiResourceLinks.id, existing.id));
    return { kind: "teacher", userId, redirectTo: `/assignments/${existing.assignmentId}` };
  }
  // A link made by Markwise's own Deep Linking response names its assignment; it must be this teacher's.
  if (launch.customAssignmentId) {
    if (!(await isTeachersAssignment(db, userId, launch.customAssignmentId))) throw otherTeachersLink();
    const link = await linkResourceLink(db, platform, userId, launch.customAssignmentId, { deploymentId: launch.deploymentId, resourceLinkId, ...services });
    return { kind: "teacher", userId, redirectTo: `/assignments/${link.assignmentId}` };
  }
  const pickId = await createPick(db, { kind: "resource_link", platformId: platform.id, teacherId: userId, deploymentId: launch.deploymentId, resourceLink: { resourceLinkId, ...services } });
  return { kind: "teacher", userId, redirectTo: `/api/lti/picks/${pickId}` };
}

async function createPick(db: Db, values: Omit<typeof ltiPendingPicks.$inferInsert, "expiresAt">): Promise<string> {
  const now = new Date();
  // Picks nobody finished (the teacher closed the window) go once they expire.
  await db.delete(ltiPendingPicks).where(lt(ltiPendingPicks.expiresAt, now));
  const [pick] = await db.insert(ltiPendingPicks).values({ ...values, expiresAt: new Date(now.getTime() + pickLifetimeMs) }).returning({ id: ltiPendingPicks.id });
  return pick!.id;
}

/**
 * A learner's page: their own returned feedback through the link returning made (decision record 019), found by the
 * platform identity the roster import recorded, else by the e-mail the platform sent. Nothing else is reachable.
 */
async function learnerPage(db: Db, platform: PlatformRow, launch: Launch): Promise<{ title: string; detail: string } | { opening: FeedbackLinkOpening }> {
  const link = launch.resourceLinkId ? await findResourceLink(db, platform.id, launch.resourceLinkId) : undefined;
  if (!link) return { title: "Not set up yet", detail: "Your teacher has not connected this activity to Markwise yet. Your feedback will appear here once they have." };
  const [member] = await db
    .select({ rosterStudentId: ltiRosterMembers.rosterStudentId })
    .from(ltiRosterMembers)
    .where(and(eq(ltiRosterMembers.resourceLinkId, link.id), eq(ltiRosterMembers.subject, launch.subject)));
  let rosterStudentId = member?.rosterStudentId;
  if (!rosterStudentId && launch.email) {
    const [byEmail] = await db.select({ id: rosterStudents.id }).from(rosterStudents).where(and(eq(rosterStudents.assignmentId, link.assignmentId), eq(rosterStudents.email, launch.email)));
    rosterStudentId = byEmail?.id;
  }
  const notReturned = { title: "Not returned yet", detail: "Your teacher has not returned feedback on this work to you yet. Come back to this activity later." };
  if (!rosterStudentId) return notReturned;
  const [returned] = await db
    .select({ link: feedbackLinks })
    .from(feedbackLinks)
    .innerJoin(submissions, eq(submissions.id, feedbackLinks.submissionId))
    .where(and(eq(submissions.assignmentId, link.assignmentId), eq(submissions.rosterStudentId, rosterStudentId), isNull(feedbackLinks.revokedAt), gt(feedbackLinks.expiresAt, new Date())));
  if (!returned) return notReturned;
  return { opening: await openFeedbackLinkRow(db, returned.link, { isCounted: true }) };
}
