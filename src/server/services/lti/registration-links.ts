import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { ltiPlatformInput, type LtiPlatformView, type LtiRegistrationLinkView } from "../../../contracts/lti";
import type { Db } from "../../db/client";
import { ltiRegistrationLinks, users } from "../../db/schema";
import type { SessionUser } from "../../http/app-env";
import { AppError } from "../../http/app-error";
import { fetchPlatformConfiguration, registerTool, RegistrationError, toolRegistrationRequest, type PlatformConfiguration } from "../../integrations/lti/dynamic-registration";
import { isLtiAdmin, requireAdmin, storePlatform, toolUrlsOf } from "./platforms";

/** Long enough to paste the link into the platform's form, short enough that a leaked link soon stops working. */
export const registrationLinkMinutes = 60;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new one-time registration link (admins only); the secret is in the URL and only its hash is stored. */
export async function createRegistrationLink(db: Db, adminEmails: readonly string[], user: SessionUser, publicUrl: string): Promise<LtiRegistrationLinkView> {
  requireAdmin(adminEmails, user);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + registrationLinkMinutes * 60 * 1000);
  await db.insert(ltiRegistrationLinks).values({ tokenHash: hashOf(token), createdBy: user.id, expiresAt });
  return { url: `${publicUrl}/api/lti/register/${token}`, expiresAt: expiresAt.toISOString() };
}

export interface RegistrationRequest {
  /** The platform's OpenID configuration URL (`openid_configuration`). */
  openidConfiguration: string | undefined;
  /** The platform's one-time token for its registration endpoint (`registration_token`). */
  registrationToken: string | undefined;
}

/**
 * Takes the link for this registration: only one registration may run on it, and only before it expires. A failed
 * registration gives it back (releaseLink), so the admin can fix the platform and try the same link again.
 */
async function claimLink(db: Db, token: string): Promise<{ id: string; createdBy: string }> {
  const tokenHash = hashOf(token);
  const [claimed] = await db
    .update(ltiRegistrationLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(ltiRegistrationLinks.tokenHash, tokenHash), isNull(ltiRegistrationLinks.usedAt), gt(ltiRegistrationLinks.expiresAt, new Date())))
    .returning({ id: ltiRegistrationLinks.id, createdBy: ltiRegistrationLinks.createdBy });
  if (claimed) return claimed;
  const [link] = await db.select({ usedAt: ltiRegistrationLinks.usedAt }).from(ltiRegistrationLinks).where(eq(ltiRegistrationLinks.tokenHash, tokenHash));
  const again = "Ask a Markwise administrator to create a new registration link on the Learning platforms page, and paste that one into the platform.";
  if (!link) throw new RegistrationError("This registration link is not known", `Check that the whole link was pasted. ${again}`, 404);
  if (link.usedAt) throw new RegistrationError("This registration link was already used", `Each link registers one platform. ${again}`, 410);
  throw new RegistrationError("This registration link has expired", `Links work for ${registrationLinkMinutes} minutes. ${again}`, 410);
}

const releaseLink = (db: Db, id: string) => db.update(ltiRegistrationLinks).set({ usedAt: null }).where(eq(ltiRegistrationLinks.id, id));

/** "moodle" at lms.school.edu -> "Moodle (lms.school.edu)": a name the admin can change on the Learning platforms page. */
function platformNameOf(configuration: PlatformConfiguration): string {
  const family = configuration["https://purl.imsglobal.org/spec/lti-platform-configuration"].product_family_code;
  return `${family.charAt(0).toUpperCase()}${family.slice(1)} (${new URL(configuration.issuer).host})`.slice(0, 120);
}

/** Checks the platform's request before the link is touched: a link opened by hand (no configuration) is not spent. */
function configurationUrlOf(request: RegistrationRequest): string {
  const value = request.openidConfiguration?.trim();
  if (!value || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new RegistrationError("Open this link from the learning platform", "This is a registration link for a learning platform: paste it into the platform's tool registration (Moodle: Manage tools, \"Tool URL\"; Canvas: Developer Keys, LTI Registration), which opens it with its configuration. Opened by hand, it does nothing.");
  }
  return value;
}

/**
 * A whole Dynamic Registration on an admin's link: read the platform's configuration, register Markwise there, and
 * store the platform as the admin's page would (same rules, the link's admin as the one who added it).
 */
export async function registerWithLink(db: Db, adminEmails: readonly string[], publicUrl: string, token: string, request: RegistrationRequest, fetchImpl: typeof fetch = fetch): Promise<LtiPlatformView> {
  const configurationUrl = configurationUrlOf(request);
  const link = await claimLink(db, token);
  try {
    // The link carries its creator's consent only while they are still an admin.
    const [admin] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, link.createdBy));
    if (!admin || !isLtiAdmin(adminEmails, admin)) {
      throw new RegistrationError("This registration link is no longer valid", "The administrator who created it is no longer an administrator of this Markwise installation (ADMIN_EMAILS). Ask a current administrator for a new registration link.", 403);
    }
    const configuration = await fetchPlatformConfiguration(configurationUrl, fetchImpl);
    const { clientId, deploymentId } = await registerTool(configuration, toolRegistrationRequest(toolUrlsOf(publicUrl), configuration), request.registrationToken, fetchImpl);
    if (!deploymentId) {
      throw new RegistrationError("The platform gave no deployment id", `The platform registered Markwise with client id ${clientId} but sent no deployment id, which launches are checked against. Deploy (install) the tool on the platform, then add it on Markwise's Learning platforms page by hand with that client id and the deployment id the platform shows.`, 502);
    }
    const input = ltiPlatformInput.safeParse({ name: platformNameOf(configuration), issuer: configuration.issuer, clientId, deploymentIds: [deploymentId], authLoginUrl: configuration.authorization_endpoint, tokenUrl: configuration.token_endpoint, keysetUrl: configuration.jwks_uri });
    if (!input.success) throw new RegistrationError("The platform's registration cannot be stored", `${input.error.issues.map((issue) => issue.message).join("; ")}. Correct the platform's settings, then start again.`);
    return await db.transaction(async (tx) => {
      const platform = await storePlatform(tx, input.data, admin);
      await tx.update(ltiRegistrationLinks).set({ platformId: platform.id }).where(eq(ltiRegistrationLinks.id, link.id));
      return platform;
    });
  } catch (error) {
    await releaseLink(db, link.id);
    if (error instanceof AppError && error.code === "conflict") {
      throw new RegistrationError("This platform is already registered", "Markwise already has a platform with this issuer and client id. Remove it on the Learning platforms page first if it should be replaced, then start again.");
    }
    throw error;
  }
}
