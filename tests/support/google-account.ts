import { setTokenUtil } from "better-auth/oauth2";
import type { TestServer } from "./test-server";
import type { FakeGoogleClassroom } from "../../scripts/playground/fake-google-classroom";

/**
 * What better-auth stores after a Google sign-in or "Connect Google Classroom" (link-social): a `google` account row
 * with the tokens sealed by its own helper (encryptOAuthTokens) and the requested scopes joined by commas. `granted`
 * is what Google really granted: with granular consent a teacher can untick a box that better-auth still records.
 */
export async function storeGoogleAccount(
  server: TestServer,
  google: FakeGoogleClassroom,
  user: { userId: string; googleUserId: string },
  options: { requested: string[]; granted?: string[]; isExpired?: boolean },
) {
  const tokens = google.issueTokens(user.googleUserId, options.granted ?? options.requested, { isExpired: options.isExpired ?? false });
  const context = (await server.deps.auth.$context) as unknown as Parameters<typeof setTokenUtil>[1];
  await (await server.deps.auth.$context).internalAdapter.createAccount({
    userId: user.userId,
    providerId: "google",
    accountId: user.googleUserId,
    accessToken: (await setTokenUtil(tokens.accessToken, context)) ?? null,
    refreshToken: (await setTokenUtil(tokens.refreshToken, context)) ?? null,
    accessTokenExpiresAt: tokens.expiresAt,
    scope: ["openid", "email", "profile", ...options.requested].join(","),
  });
  return tokens;
}
