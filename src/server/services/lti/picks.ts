import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assignments, ltiPendingPicks, ltiPlatforms } from "../../db/schema";
import { signDeepLinkingResponse } from "../../integrations/lti/deep-linking";
import { AppError, notFound } from "../../http/app-error";
import { isUuid } from "../../http/validation";
import { listAssignments, seedGradingSettings } from "../assignments";
import { maxScoreOf } from "../submissions/records";
import { isTeachersAssignment, linkResourceLink } from "./resource-links";
import { currentToolKey } from "./tool-keys";

export type PickRow = typeof ltiPendingPicks.$inferSelect;

export interface PickChoice {
  assignmentId?: string;
  newTitle?: string;
}

/** A teacher's pending pick with its platform's name and the teacher's assignments to choose from. */
export async function findPick(db: Db, teacherId: string, pickId: string) {
  if (!isUuid(pickId)) throw notFound("That choice");
  const [row] = await db
    .select({ pick: ltiPendingPicks, platformName: ltiPlatforms.name })
    .from(ltiPendingPicks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiPendingPicks.platformId))
    .where(and(eq(ltiPendingPicks.id, pickId), eq(ltiPendingPicks.teacherId, teacherId), gt(ltiPendingPicks.expiresAt, new Date())));
  if (!row) throw notFound("That choice");
  const choices = (await listAssignments(db, teacherId)).map((item) => ({ id: item.id, title: item.title.trim() || "Untitled assignment", status: item.status }));
  return { pick: row.pick, platformName: row.platformName, choices };
}

export type PickResult = { kind: "deep_link"; returnUrl: string; jwt: string; platformName: string } | { kind: "resource_link"; assignmentId: string };

/**
 * The teacher chose: an assignment of theirs, or a new one with a title. Deep Linking answers with the signed response
 * for the platform; an unlinked resource link is linked. Either way the pick is used up.
 */
export async function completePick(db: Db, secret: string, launchUrl: string, teacherId: string, pickId: string, choice: PickChoice): Promise<PickResult> {
  const { pick, platformName } = await findPick(db, teacherId, pickId);
  const title = choice.newTitle?.trim();
  if (!choice.assignmentId && !title) throw new AppError("validation_failed", "Choose an assignment, or give a title for a new one.", { assignmentId: "Choose an assignment or give a new title" });
  if (choice.assignmentId && title) throw new AppError("validation_failed", "Choose an assignment or type a title for a new one, not both.", { newTitle: "Clear the title to use the chosen assignment" });
  if (title && title.length > 200) throw new AppError("validation_failed", "Keep the title within 200 characters.", { newTitle: "Keep the title within 200 characters" });
  if (choice.assignmentId && !(await isTeachersAssignment(db, teacherId, choice.assignmentId))) throw notFound("That assignment");
  const [platform] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, pick.platformId));
  if (!platform) throw notFound("That platform");

  const assignment = await db.transaction(async (tx) => {
    const used = await tx.delete(ltiPendingPicks).where(eq(ltiPendingPicks.id, pick.id)).returning({ id: ltiPendingPicks.id });
    if (!used.length) throw notFound("That choice");
    if (choice.assignmentId) {
      const [row] = await tx.select().from(assignments).where(eq(assignments.id, choice.assignmentId));
      return row!;
    }
    const [row] = await tx.insert(assignments).values({ teacherId, title: title!, gradingSettings: await seedGradingSettings(tx, teacherId) }).returning();
    return row!;
  });

  if (pick.kind === "resource_link") {
    await linkResourceLink(db, platform, teacherId, assignment.id, { deploymentId: pick.deploymentId, ...pick.resourceLink! });
    return { kind: "resource_link", assignmentId: assignment.id };
  }
  const key = await currentToolKey(db, secret);
  const jwt = await signDeepLinkingResponse(
    key,
    { clientId: platform.clientId, issuer: platform.issuer, deploymentId: pick.deploymentId, data: pick.data },
    { title: assignment.title.trim() || "Markwise assignment", launchUrl, assignmentId: assignment.id, scoreMaximum: maxScoreOf(assignment) },
  );
  return { kind: "deep_link", returnUrl: pick.returnUrl!, jwt, platformName };
}
