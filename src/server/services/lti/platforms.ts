import { and, asc, eq } from "drizzle-orm";
import { ltiMessages, type LtiPlatformInput, type LtiPlatformView, type LtiPlatformsView, type LtiToolUrls } from "../../../contracts/lti";
import type { Db } from "../../db/client";
import { ltiPlatforms, users } from "../../db/schema";
import type { SessionUser } from "../../http/app-env";
import { AppError, notFound } from "../../http/app-error";
import { isUuid } from "../../http/validation";
import type { Queryable } from "../teacher-profiles";

export type PlatformRow = typeof ltiPlatforms.$inferSelect;

/**
 * Registering a platform lets it sign people into Markwise accounts by e-mail, so it is the installation's decision,
 * not one teacher's: only the accounts named in ADMIN_EMAILS may do it (decision record 021).
 */
export function isLtiAdmin(adminEmails: readonly string[], user: Pick<SessionUser, "email">): boolean {
  const email = user.email.toLowerCase();
  return adminEmails.some((admin) => admin.toLowerCase() === email);
}

export function requireAdmin(adminEmails: readonly string[], user: SessionUser): void {
  if (!isLtiAdmin(adminEmails, user)) throw new AppError("forbidden", ltiMessages.notAdmin);
}

export function toolUrlsOf(publicUrl: string): LtiToolUrls {
  return {
    loginUrl: `${publicUrl}/api/lti/login`,
    launchUrl: `${publicUrl}/api/lti/launch`,
    deepLinkingUrl: `${publicUrl}/api/lti/launch`,
    jwksUrl: `${publicUrl}/.well-known/jwks.json`,
    domain: new URL(publicUrl).host,
  };
}

function toView(row: PlatformRow & { addedByEmail: string | null }): LtiPlatformView {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    authLoginUrl: row.authLoginUrl,
    tokenUrl: row.tokenUrl,
    keysetUrl: row.keysetUrl,
    addedBy: row.addedByEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function platformViews(db: Queryable): Promise<LtiPlatformView[]> {
  const rows = await db.select({ platform: ltiPlatforms, addedByEmail: users.email }).from(ltiPlatforms).leftJoin(users, eq(users.id, ltiPlatforms.addedBy)).orderBy(asc(ltiPlatforms.name));
  return rows.map((row) => toView({ ...row.platform, addedByEmail: row.addedByEmail }));
}

/** Every registered platform (any signed-in teacher may read them: they name no student), and the tool's URLs. */
export async function listPlatforms(db: Queryable, adminEmails: readonly string[], user: SessionUser, publicUrl: string): Promise<LtiPlatformsView> {
  return { canManage: isLtiAdmin(adminEmails, user), platforms: await platformViews(db), tool: toolUrlsOf(publicUrl) };
}

/** The issuer is kept exactly as given: the id_token's iss must equal it character for character. */
const normalised = (input: LtiPlatformInput) => ({ ...input, deploymentIds: [...new Set(input.deploymentIds)] });

async function refuseDuplicate(db: Queryable, input: LtiPlatformInput, exceptId?: string): Promise<void> {
  const [other] = await db.select({ id: ltiPlatforms.id }).from(ltiPlatforms).where(and(eq(ltiPlatforms.issuer, input.issuer), eq(ltiPlatforms.clientId, input.clientId)));
  if (other && other.id !== exceptId) throw new AppError("conflict", ltiMessages.duplicate, { clientId: ltiMessages.duplicate });
}

export async function createPlatform(db: Db, adminEmails: readonly string[], user: SessionUser, input: LtiPlatformInput): Promise<LtiPlatformView> {
  requireAdmin(adminEmails, user);
  return storePlatform(db, input, { id: user.id, email: user.email });
}

/** Stores a new platform for an admin: from the Learning platforms page, or a Dynamic Registration they allowed. */
export async function storePlatform(db: Queryable, input: LtiPlatformInput, addedBy: { id: string; email: string }): Promise<LtiPlatformView> {
  await refuseDuplicate(db, input);
  const [row] = await db.insert(ltiPlatforms).values({ ...normalised(input), addedBy: addedBy.id }).onConflictDoNothing().returning();
  if (!row) throw new AppError("conflict", ltiMessages.duplicate, { clientId: ltiMessages.duplicate });
  return toView({ ...row, addedByEmail: addedBy.email });
}

export async function updatePlatform(db: Db, adminEmails: readonly string[], user: SessionUser, id: string, input: LtiPlatformInput): Promise<LtiPlatformView> {
  requireAdmin(adminEmails, user);
  if (!isUuid(id)) throw notFound("That platform");
  await refuseDuplicate(db, input, id);
  const [row] = await db.update(ltiPlatforms).set({ ...normalised(input), updatedAt: new Date() }).where(eq(ltiPlatforms.id, id)).returning();
  if (!row) throw notFound("That platform");
  const [adder] = row.addedBy ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.addedBy)) : [];
  return toView({ ...row, addedByEmail: adder?.email ?? null });
}

/** Removes a platform with everything that hangs on it (its links to assignments, linked users, pending launches). */
export async function deletePlatform(db: Db, adminEmails: readonly string[], user: SessionUser, id: string): Promise<void> {
  requireAdmin(adminEmails, user);
  if (!isUuid(id)) throw notFound("That platform");
  const removed = await db.delete(ltiPlatforms).where(eq(ltiPlatforms.id, id)).returning({ id: ltiPlatforms.id });
  if (!removed.length) throw notFound("That platform");
}

/**
 * The platform a login initiation names: by issuer and, when sent, client id. An issuer registered with several client
 * ids (two Canvas developer keys) needs the client id to tell them apart.
 */
export async function findPlatformForLogin(db: Queryable, issuer: string, clientId: string | undefined): Promise<PlatformRow | "unknown" | "ambiguous"> {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(clientId ? and(eq(ltiPlatforms.issuer, issuer), eq(ltiPlatforms.clientId, clientId)) : eq(ltiPlatforms.issuer, issuer));
  if (!rows.length) return "unknown";
  if (rows.length > 1) return "ambiguous";
  return rows[0]!;
}

/**
 * A registered issuer that differs from `issuer` only by a trailing slash: the platform's iss must match exactly
 * (LTI compares it character for character), so the administrator is told which of the two to correct.
 */
export async function issuerDifferingBySlash(db: Queryable, issuer: string): Promise<string | undefined> {
  const other = issuer.endsWith("/") ? issuer.slice(0, -1) : `${issuer}/`;
  const [row] = await db.select({ issuer: ltiPlatforms.issuer }).from(ltiPlatforms).where(eq(ltiPlatforms.issuer, other)).limit(1);
  return row?.issuer;
}
