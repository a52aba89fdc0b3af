import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ltiLoginStates, ltiPlatforms, ltiUsedNonces } from "../../db/schema";
import { LaunchError } from "../../integrations/lti/verify-id-token";
import { verifyIdToken } from "../../integrations/lti/verify-id-token";
import { platformKeyset } from "../../integrations/lti/platform-keys";
import type { Launch } from "../../integrations/lti/claims";
import { findPlatformForLogin, issuerDifferingBySlash, type PlatformRow } from "./platforms";

/** A login must come back as a launch within this time. */
const loginLifetimeMs = 10 * 60 * 1000;
/** A used nonce is remembered past any id_token that could carry it (tokens older than 10 minutes are refused). */
const nonceMemoryMs = 60 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The cookie that binds a login's state to the browser that began it; one per login, so two tabs do not clash. */
export const stateCookieName = (state: string) => `markwise.lti_state.${sha256(state).slice(0, 16)}`;

export interface LoginParameters {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

/**
 * OIDC login initiation (LTI Security Framework 5.1.1): remembers a new state and nonce for the named platform and
 * answers where to send the browser: the platform's authentication URL with them.
 */
export async function beginLogin(db: Db, launchUrl: string, params: LoginParameters): Promise<{ redirectUrl: string; state: string }> {
  if (!params.iss || !params.login_hint) {
    throw new LaunchError(400, "Incomplete login request", "A login initiation must carry iss and login_hint. Start the launch from the learning platform.");
  }
  const platform = await findPlatformForLogin(db, params.iss, params.client_id);
  if (platform === "unknown") {
    const registered = await issuerDifferingBySlash(db, params.iss);
    const fix = registered
      ? ` A platform is registered with the issuer ${registered}: an administrator can change it to ${params.iss} on the LTI platforms page, since the two must match exactly.`
      : " An administrator can add it on the LTI platforms page.";
    throw new LaunchError(404, "Platform not registered", `No platform with issuer ${params.iss}${params.client_id ? ` and client id ${params.client_id}` : ""} is registered in Markwise.${fix}`);
  }
  if (platform === "ambiguous") {
    throw new LaunchError(400, "Client id needed", `Several registrations share the issuer ${params.iss}; the platform must send client_id with the login request.`);
  }
  if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id)) {
    throw new LaunchError(403, "Unknown deployment", `Deployment ${params.lti_deployment_id} is not registered for ${platform.issuer}. An administrator can add it to the platform's deployment ids in Markwise.`);
  }
  const now = new Date();
  const state = randomBytes(32).toString("base64url");
  const nonce = randomBytes(32).toString("base64url");
  await db.delete(ltiLoginStates).where(lt(ltiLoginStates.expiresAt, now));
  await db.insert(ltiLoginStates).values({ stateHash: sha256(state), platformId: platform.id, nonce, expiresAt: new Date(now.getTime() + loginLifetimeMs) });
  const url = new URL(platform.authLoginUrl);
  const query = {
    scope: "openid",
    response_type: "id_token",
    response_mode: "form_post",
    prompt: "none",
    client_id: platform.clientId,
    redirect_uri: launchUrl,
    login_hint: params.login_hint,
    state,
    nonce,
    ...(params.lti_message_hint ? { lti_message_hint: params.lti_message_hint } : {}),
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return { redirectUrl: url.toString(), state };
}

/**
 * A launch (the platform's form post of id_token and state): the state is used up whatever happens next, must be
 * this browser's (its cookie), and the id_token must verify against the platform that login began with. The nonce is
 * then recorded, so the same id_token can never launch twice.
 */
export async function verifyLaunch(db: Db, input: { idToken?: string; state?: string; stateCookie?: string }): Promise<{ platform: PlatformRow; launch: Launch }> {
  if (!input.idToken || !input.state) {
    throw new LaunchError(400, "Incomplete launch", "A launch must be a form post with id_token and state, sent by the platform after the login step.");
  }
  const now = new Date();
  const [login] = await db.delete(ltiLoginStates).where(and(eq(ltiLoginStates.stateHash, sha256(input.state)), gt(ltiLoginStates.expiresAt, now))).returning();
  if (!login) {
    throw new LaunchError(401, "Unknown or used state", "This launch's state was not issued by Markwise, has expired, or was already used. Launch again from the course.");
  }
  if (input.stateCookie !== input.state) {
    throw new LaunchError(401, "Launch not from this browser", "The browser that finished this launch is not the one that began it (its state cookie is missing). If the platform opens Markwise inside a frame, set it to open in a new window; otherwise launch again.");
  }
  const [platform] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, login.platformId));
  if (!platform) throw new LaunchError(404, "Platform not registered", "The platform this login began with has been removed from Markwise.");
  const launch = await verifyIdToken(input.idToken, platform, platformKeyset(platform.keysetUrl), login.nonce);
  await db.delete(ltiUsedNonces).where(lt(ltiUsedNonces.expiresAt, now));
  const recorded = await db
    .insert(ltiUsedNonces)
    .values({ platformId: platform.id, nonce: login.nonce, expiresAt: new Date(now.getTime() + nonceMemoryMs) })
    .onConflictDoNothing()
    .returning({ nonce: ltiUsedNonces.nonce });
  if (!recorded.length) throw new LaunchError(401, "Replayed launch", "This id_token's nonce has been used already: a launch can be used once. Launch again from the course.");
  return { platform, launch };
}
