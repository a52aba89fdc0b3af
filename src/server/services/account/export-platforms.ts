import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { googleClassroomGradePosts, googleClassroomLinks, googleClassroomStudents, ltiPlatforms, ltiResourceLinks, ltiRosterMembers, ltiScorePosts } from "../../db/schema";

/**
 * Where an assignment is connected to a learning platform, for the account export: its Google Classroom course and
 * coursework with the students matched there and the grades sent, and its LTI links (the platform by name) with the
 * scores posted. Undefined when it is connected to none, so the export adds no empty file.
 */
export async function learningPlatformsOf(db: Db, assignmentId: string) {
  const [classroom] = await db.select().from(googleClassroomLinks).where(eq(googleClassroomLinks.assignmentId, assignmentId));
  const ltiLinks = await db
    .select({ link: ltiResourceLinks, platform: ltiPlatforms.name, issuer: ltiPlatforms.issuer })
    .from(ltiResourceLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(eq(ltiResourceLinks.assignmentId, assignmentId))
    .orderBy(asc(ltiResourceLinks.createdAt));
  if (!classroom && ltiLinks.length === 0) return undefined;
  const linkIds = ltiLinks.map(({ link }) => link.id);
  const [members, scores] = linkIds.length
    ? await Promise.all([
        db.select().from(ltiRosterMembers).where(inArray(ltiRosterMembers.resourceLinkId, linkIds)),
        db.select().from(ltiScorePosts).where(inArray(ltiScorePosts.resourceLinkId, linkIds)).orderBy(asc(ltiScorePosts.postedAt)),
      ])
    : [[], []];
  return {
    googleClassroom: classroom
      ? {
          ...classroom,
          students: await db.select().from(googleClassroomStudents).where(eq(googleClassroomStudents.linkId, classroom.id)),
          gradesSent: await db.select().from(googleClassroomGradePosts).where(eq(googleClassroomGradePosts.linkId, classroom.id)).orderBy(asc(googleClassroomGradePosts.postedAt)),
        }
      : null,
    lti: ltiLinks.map(({ link, platform, issuer }) => ({
      ...link,
      platform: { name: platform, issuer },
      rosterMembers: members.filter((member) => member.resourceLinkId === link.id),
      scoresSent: scores.filter((score) => score.resourceLinkId === link.id),
    })),
  };
}
