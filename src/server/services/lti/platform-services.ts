import { and, asc, eq } from "drizzle-orm";
import { ltiMessages, type AssignmentLtiView, type GradeSyncResult, type RosterImportResult } from "../../../contracts/lti";
import type { Db } from "../../db/client";
import { ltiPlatforms, ltiResourceLinks, ltiRosterMembers, ltiScorePosts, submissions } from "../../db/schema";
import { staleSends } from "../../../core/grade-sync/reassigned-work";
import { rosterNamesOf } from "../submissions/roster";
import { ltiScopes } from "../../integrations/lti/claims";
import { clearScore, findOrCreateLineItem, postScore } from "../../integrations/lti/grade-service";
import { fetchCourseMembers } from "../../integrations/lti/names-and-roles";
import { PlatformServiceError } from "../../integrations/lti/platform-errors";
import { ServiceTokenCache } from "../../integrations/lti/service-token";
import { AppError, notFound } from "../../http/app-error";
import { findAssignmentRow } from "../assignments";
import { hasGrade, lateFor, maxScoreOf } from "../submissions/records";
import { matchUnmatchedSubmissions, mergeImportedStudents } from "../submissions/roster-import";
import type { Queryable } from "../teacher-profiles";
import type { PlatformRow } from "./platforms";
import type { ResourceLinkRow } from "./resource-links";
import { currentToolKey } from "./tool-keys";

/** One token cache per process: a token serves every roster import and grade send until it expires. */
const tokens = new ServiceTokenCache();

const canSendGrades = (link: ResourceLinkRow) => link.agsScopes.includes(ltiScopes.score) && Boolean(link.lineItemUrl || (link.lineItemsUrl && link.agsScopes.includes(ltiScopes.lineItem)));

async function linksOf(db: Queryable, teacherId: string, assignmentId: string) {
  await findAssignmentRow(db, teacherId, assignmentId);
  return db
    .select({ link: ltiResourceLinks, platform: ltiPlatforms })
    .from(ltiResourceLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(and(eq(ltiResourceLinks.assignmentId, assignmentId), eq(ltiResourceLinks.teacherId, teacherId)))
    .orderBy(asc(ltiResourceLinks.createdAt));
}

export async function findAssignmentLtiLinks(db: Queryable, teacherId: string, assignmentId: string): Promise<AssignmentLtiView> {
  const rows = await linksOf(db, teacherId, assignmentId);
  return {
    links: rows.map(({ link, platform }) => ({ id: link.id, platformName: platform.name, contextTitle: link.contextTitle, canImportRoster: Boolean(link.membershipsUrl), canSendGrades: canSendGrades(link) })),
  };
}

/** The link a teacher action uses: the one named, or the assignment's only (or first) link. */
async function chooseLink(db: Queryable, teacherId: string, assignmentId: string, linkId: string | undefined): Promise<{ link: ResourceLinkRow; platform: PlatformRow }> {
  const rows = await linksOf(db, teacherId, assignmentId);
  if (!rows.length) throw new AppError("conflict", ltiMessages.noLink);
  const chosen = linkId ? rows.find((row) => row.link.id === linkId) : rows[0];
  if (!chosen) throw notFound("That platform link");
  return chosen;
}

function asAppError(error: unknown): never {
  if (error instanceof PlatformServiceError) throw new AppError("unprocessable", error.message);
  throw error;
}

/**
 * Import roster from the platform: the course's active learners (NRPS) join the assignment's roster, each remembered
 * as their platform identity (so grades find them and their launch finds their feedback). A student already on the
 * roster (same platform identity, e-mail, school id or name) is updated, not added twice; then unmatched submissions
 * are matched against the new roster. One transaction.
 */
export async function importRosterFromPlatform(db: Db, secret: string, teacherId: string, assignmentId: string, linkId?: string): Promise<RosterImportResult> {
  const { link, platform } = await chooseLink(db, teacherId, assignmentId, linkId);
  if (!link.membershipsUrl) throw new AppError("conflict", ltiMessages.noRosterService);
  const key = await currentToolKey(db, secret);
  const members = await tokens
    .tokenFor({ clientId: platform.clientId, tokenUrl: platform.tokenUrl, scopes: [ltiScopes.memberships] }, key)
    .then((token) => fetchCourseMembers(link.membershipsUrl!, token))
    .catch(asAppError);
  const learners = members.filter((member) => member.isLearner && member.isActive);

  const counts = await db.transaction(async (tx) => {
    const linked = new Map((await tx.select().from(ltiRosterMembers).where(eq(ltiRosterMembers.resourceLinkId, link.id))).map((row) => [row.subject, row.rosterStudentId]));
    const imported = learners.map((member) => ({ key: member.subject, name: member.name, email: member.email, identifier: member.sourcedId }));
    const { added, updated, unchanged, rosterIdByKey } = await mergeImportedStudents(tx, assignmentId, teacherId, imported, linked);
    for (const [subject, rosterStudentId] of rosterIdByKey) {
      await tx
        .insert(ltiRosterMembers)
        .values({ resourceLinkId: link.id, subject, rosterStudentId })
        .onConflictDoUpdate({ target: [ltiRosterMembers.resourceLinkId, ltiRosterMembers.subject], set: { rosterStudentId } });
    }
    return { added, updated, unchanged, matchedSubmissions: await matchUnmatchedSubmissions(tx, assignmentId) };
  });
  return { platformName: platform.name, ...counts, skipped: members.length - learners.length };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Send grades to the platform (AGS): every reviewed or accepted grade of a student linked to the course, as the final
 * score (late penalty applied) out of the rubric total, with the feedback as comment. A grade waiting for review is
 * never sent. A grade sent before and unchanged is not sent again. A grade sent for work put under another student
 * since is taken back from the former student first (decision 019's addendum).
 */
export async function sendGradesToPlatform(db: Db, secret: string, teacherId: string, assignmentId: string, linkId?: string): Promise<GradeSyncResult> {
  const { link, platform } = await chooseLink(db, teacherId, assignmentId, linkId);
  if (!canSendGrades(link)) throw new AppError("conflict", ltiMessages.noGradeService);
  const assignment = await findAssignmentRow(db, teacherId, assignmentId);
  const work = await db.select().from(submissions).where(eq(submissions.assignmentId, assignmentId));
  const rows = work.filter(hasGrade);
  // A grade on an earlier rubric is out of another total than the line item's: not sent until reviewed again.
  const accepted = rows.filter((row) => row.status === "accepted");
  const reviewed = accepted.filter((row) => !row.earlierRubric);
  const members = await db.select().from(ltiRosterMembers).where(eq(ltiRosterMembers.resourceLinkId, link.id));
  const subjectOf = new Map(members.map((member) => [member.rosterStudentId, member.subject]));
  const subjectNow = new Map(work.map((row) => [row.id, row.rosterStudentId ? subjectOf.get(row.rosterStudentId) : undefined]));
  const previous = new Map((await db.select().from(ltiScorePosts).where(eq(ltiScorePosts.resourceLinkId, link.id))).map((post) => [post.submissionId, post]));
  const scoreMaximum = maxScoreOf(assignment);

  const result: GradeSyncResult = { platformName: platform.name, sent: 0, unchanged: 0, notReviewed: rows.length - reviewed.length, notOnPlatform: [], onEarlierRubric: accepted.filter((row) => row.earlierRubric).map((row) => row.studentName).sort(), isRosterImported: members.length > 0, withdrawn: [], failed: [] };
  const sendingTo = new Set(reviewed.flatMap((row) => subjectNow.get(row.id) ?? []));
  const stale = staleSends([...previous.values()].map((post) => ({ submissionId: post.submissionId, to: post.subject })), subjectNow, sendingTo, new Set(subjectOf.values()));
  const toSend = [];
  for (const row of reviewed) {
    const subject = subjectNow.get(row.id);
    if (!subject) {
      result.notOnPlatform.push(row.studentName);
      continue;
    }
    const score = { subject, scoreGiven: round2(lateFor(assignment, row).finalScore), scoreMaximum, comment: row.feedback?.trim() || null };
    const before = previous.get(row.id);
    const isSame = before && before.subject === subject && before.scoreGiven === score.scoreGiven && before.scoreMaximum === score.scoreMaximum && before.comment === score.comment;
    if (isSame && !stale.resendTo.has(subject)) {
      result.unchanged += 1;
      continue;
    }
    toSend.push({ row, score });
  }
  if (!toSend.length && !stale.withdraw.length) return result;

  const key = await currentToolKey(db, secret);
  const needsLineItem = !link.lineItemUrl;
  const token = await tokens
    // Every AGS scope the link was granted, always the same set: one cached token serves every later send.
    .tokenFor({ clientId: platform.clientId, tokenUrl: platform.tokenUrl, scopes: [ltiScopes.score, ...(link.agsScopes.includes(ltiScopes.lineItem) ? [ltiScopes.lineItem] : [])] }, key)
    .catch(asAppError);
  const lineItemUrl = await findOrCreateLineItem(fetch, token, { ...link, canManageLineItems: link.agsScopes.includes(ltiScopes.lineItem) }, { label: assignment.title.trim() || "Markwise assignment", scoreMaximum, resourceId: assignment.id }).catch(asAppError);
  if (needsLineItem) await db.update(ltiResourceLinks).set({ lineItemUrl, updatedAt: new Date() }).where(eq(ltiResourceLinks.id, link.id));

  // Taken back before anything is sent: the former student must not keep another student's grade and comment.
  const formerNames = await rosterNamesOf(db, members.filter((member) => stale.withdraw.some((post) => post.to === member.subject)).map((member) => member.rosterStudentId));
  const formerNameOf = (subject: string) => formerNames.get(members.find((member) => member.subject === subject)?.rosterStudentId ?? "") ?? `platform user ${subject}`;
  for (const post of stale.withdraw) {
    try {
      await clearScore(fetch, token, lineItemUrl, post.to, new Date());
    } catch (error) {
      if (!(error instanceof PlatformServiceError)) throw error;
      result.failed.push({ studentName: formerNameOf(post.to), message: error.message });
      continue;
    }
    await db.delete(ltiScorePosts).where(and(eq(ltiScorePosts.resourceLinkId, link.id), eq(ltiScorePosts.submissionId, post.submissionId)));
    result.withdrawn.push(formerNameOf(post.to));
  }

  for (const { row, score } of toSend) {
    try {
      // The time this score changed as the platform sees it: now, for a score is only sent when it differs from the
      // last one sent. The review's time would let a correction (a late policy changed since) carry the same or an
      // older timestamp than the score it replaces, which platforms such as Moodle ignore.
      await postScore(fetch, token, lineItemUrl, score, new Date());
    } catch (error) {
      if (!(error instanceof PlatformServiceError)) throw error;
      result.failed.push({ studentName: row.studentName, message: error.message });
      continue;
    }
    await db
      .insert(ltiScorePosts)
      .values({ resourceLinkId: link.id, submissionId: row.id, ...score, postedAt: new Date() })
      .onConflictDoUpdate({ target: [ltiScorePosts.resourceLinkId, ltiScorePosts.submissionId], set: { ...score, postedAt: new Date() } });
    result.sent += 1;
  }
  result.notOnPlatform.sort();
  result.withdrawn.sort();
  return result;
}
