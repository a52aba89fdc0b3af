import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assignments, ltiResourceLinks } from "../../db/schema";
import type { Launch } from "../../integrations/lti/claims";
import { LaunchError } from "../../integrations/lti/verify-id-token";
import { isUuid } from "../../http/validation";
import type { Queryable } from "../teacher-profiles";
import type { PlatformRow } from "./platforms";

export type ResourceLinkRow = typeof ltiResourceLinks.$inferSelect;

/** What a launch says about the link's services; refreshed on every instructor launch (platforms may move them). */
export function servicesOf(launch: Pick<Launch, "contextId" | "contextTitle" | "lineItemUrl" | "lineItemsUrl" | "agsScopes" | "membershipsUrl">) {
  return { contextId: launch.contextId, contextTitle: launch.contextTitle, lineItemUrl: launch.lineItemUrl, lineItemsUrl: launch.lineItemsUrl, agsScopes: launch.agsScopes, membershipsUrl: launch.membershipsUrl };
}

export async function findResourceLink(db: Queryable, platformId: string, resourceLinkId: string): Promise<ResourceLinkRow | undefined> {
  const [row] = await db.select().from(ltiResourceLinks).where(and(eq(ltiResourceLinks.platformId, platformId), eq(ltiResourceLinks.resourceLinkId, resourceLinkId)));
  return row;
}

export const otherTeachersLink = () =>
  new LaunchError(403, "Another teacher's assignment", "This platform link opens an assignment that belongs to another Markwise teacher. Only that teacher can open it; ask them, or add your own Markwise assignment to the course.");

/** Whether the assignment exists and is this teacher's (a custom parameter or a form names it). */
export async function isTeachersAssignment(db: Queryable, teacherId: string, assignmentId: string): Promise<boolean> {
  if (!isUuid(assignmentId)) return false;
  const [row] = await db.select({ id: assignments.id }).from(assignments).where(and(eq(assignments.id, assignmentId), eq(assignments.teacherId, teacherId)));
  return Boolean(row);
}

/**
 * Links a platform resource link to a teacher's assignment (first launch after Deep Linking, or a pick). A link
 * already made stays with its teacher: nobody else's launch can move it.
 */
export async function linkResourceLink(
  db: Db,
  platform: PlatformRow,
  teacherId: string,
  assignmentId: string,
  link: { deploymentId: string; resourceLinkId: string } & ReturnType<typeof servicesOf>,
): Promise<ResourceLinkRow> {
  return db.transaction(async (tx) => {
    const existing = await findResourceLink(tx, platform.id, link.resourceLinkId);
    if (existing) {
      if (existing.teacherId !== teacherId) throw otherTeachersLink();
      const [updated] = await tx.update(ltiResourceLinks).set({ ...link, assignmentId, updatedAt: new Date() }).where(eq(ltiResourceLinks.id, existing.id)).returning();
      return updated!;
    }
    const [created] = await tx.insert(ltiResourceLinks).values({ platformId: platform.id, teacherId, assignmentId, ...link }).returning();
    return created!;
  });
}
