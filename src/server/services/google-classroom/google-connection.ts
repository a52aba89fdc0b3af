import { and, eq } from "drizzle-orm";
import { decryptOAuthToken, setTokenUtil } from "better-auth/oauth2";
import { classroomMessages, classroomScopes, type ClassroomConnectionView } from "../../../contracts/google-classroom";
import type { Auth } from "../../auth/auth";
import type { Db } from "../../db/client";
import { accounts } from "../../db/schema";
import type { Env } from "../../env";
import { AppError } from "../../http/app-error";
import { ClassroomClient } from "../../integrations/google-classroom/classroom-client";
import { GoogleApiError, reconnectAdvice } from "../../integrations/google-classroom/google-errors";
import { refreshGoogleAccessToken } from "../../integrations/google-classroom/token-refresh";
import { urlUnder } from "../../integrations/url-under";

export interface ClassroomDeps {
  db: Db;
  auth: Auth;
  env: Env;
}

/** A token is renewed this long before Google says it expires, so a call never starts with a token about to lapse. */
const renewalMarginMs = 60_000;

/** better-auth's helpers read only its options and secret; its typed context is narrower than our configured auth's. */
type TokenContext = Parameters<typeof decryptOAuthToken>[1];
const tokenContextOf = async (auth: Auth) => (await auth.$context) as unknown as TokenContext;

export const isGoogleConfigured = (env: Env) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

// better-auth stores granted scopes joined by commas; Google's token answers join them by spaces.
const scopesOf = (scope: string | null) => new Set((scope ?? "").split(/[\s,]+/).filter(Boolean));

const findGoogleAccount = async (db: Db, userId: string) =>
  (await db.select().from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "google"))).limit(1))[0];

export async function findClassroomConnection(deps: ClassroomDeps, userId: string): Promise<ClassroomConnectionView> {
  const account = isGoogleConfigured(deps.env) ? await findGoogleAccount(deps.db, userId) : undefined;
  const granted = scopesOf(account?.scope ?? null);
  const missingScopes = classroomScopes.filter((scope) => !granted.has(scope));
  return { isAvailable: isGoogleConfigured(deps.env), hasGoogleAccount: Boolean(account), isConnected: Boolean(account?.refreshToken) && missingScopes.length === 0, missingScopes };
}

/**
 * The Classroom client for a teacher, on the Google tokens better-auth stored at sign-in or when they connected
 * Classroom (sealed with the auth secret). An expired access token is renewed with the refresh token and stored again.
 */
export async function classroomClientFor(deps: ClassroomDeps, userId: string): Promise<ClassroomClient> {
  if (!isGoogleConfigured(deps.env)) throw new AppError("conflict", classroomMessages.notConfigured);
  const connection = await findClassroomConnection(deps, userId);
  if (!connection.isConnected) throw new AppError("conflict", classroomMessages.notConnected);
  const context = await tokenContextOf(deps.auth);
  const oauth = { oauthBaseUrl: deps.env.GOOGLE_OAUTH_BASE_URL, clientId: deps.env.GOOGLE_CLIENT_ID!, clientSecret: deps.env.GOOGLE_CLIENT_SECRET! };

  const accessToken = async ({ isRenewal }: { isRenewal: boolean }): Promise<string> => {
    const account = await findGoogleAccount(deps.db, userId);
    if (!account) throw new GoogleApiError(classroomMessages.notConnected, "access");
    const isFresh = (account.accessTokenExpiresAt?.getTime() ?? 0) > Date.now() + renewalMarginMs;
    if (account.accessToken && isFresh && !isRenewal) return decryptOAuthToken(account.accessToken, context);
    if (!account.refreshToken) throw new GoogleApiError(`Markwise has no lasting access to your Google account. ${reconnectAdvice}`, "access");
    const renewed = await refreshGoogleAccessToken(oauth, await decryptOAuthToken(account.refreshToken, context));
    await deps.db
      .update(accounts)
      .set({
        accessToken: await setTokenUtil(renewed.accessToken, context),
        accessTokenExpiresAt: renewed.expiresAt,
        ...(renewed.refreshToken ? { refreshToken: await setTokenUtil(renewed.refreshToken, context) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, account.id));
    return renewed.accessToken;
  };
  return new ClassroomClient({ classroomBaseUrl: deps.env.GOOGLE_CLASSROOM_BASE_URL, driveBaseUrl: deps.env.GOOGLE_DRIVE_BASE_URL }, accessToken);
}

/**
 * Disconnect: Google revokes the grant (best effort: the tokens are forgotten here either way), and the account keeps
 * only its sign-in scopes, so "Continue with Google" still signs the teacher in.
 */
export async function disconnectClassroom(deps: ClassroomDeps, userId: string): Promise<ClassroomConnectionView> {
  const account = await findGoogleAccount(deps.db, userId);
  if (account?.refreshToken) {
    const token = await decryptOAuthToken(account.refreshToken, await tokenContextOf(deps.auth));
    await fetch(urlUnder(deps.env.GOOGLE_OAUTH_BASE_URL, "/revoke"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) }).catch(() => undefined);
  }
  if (account) {
    const kept = [...scopesOf(account.scope)].filter((scope) => !(classroomScopes as readonly string[]).includes(scope));
    await deps.db.update(accounts).set({ accessToken: null, refreshToken: null, accessTokenExpiresAt: null, scope: kept.join(","), updatedAt: new Date() }).where(eq(accounts.id, account.id));
  }
  return findClassroomConnection(deps, userId);
}

/** A failure from Google as the API's error: a refusal is the teacher's to fix (422), an outage is Google's (503). */
export function asAppError(error: unknown): never {
  if (error instanceof GoogleApiError) throw new AppError(error.kind === "unavailable" ? "unavailable" : "unprocessable", error.message);
  throw error;
}
