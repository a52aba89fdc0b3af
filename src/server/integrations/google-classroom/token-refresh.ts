import { GoogleApiError, googleReason, reconnectAdvice } from "./google-errors";
import { safeJson } from "../safe-json";
import { urlUnder } from "../url-under";
import { tokenRefreshAnswer } from "./schemas";

export interface GoogleOAuthClient {
  /** Base URL of Google's OAuth server (https://oauth2.googleapis.com); tests point it at a local fake. */
  oauthBaseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface RefreshedToken {
  accessToken: string;
  expiresAt: Date;
  refreshToken?: string;
  scope?: string;
}

/** A new access token from the refresh token (OAuth 2.0 refresh_token grant at `<base>/token`). */
export async function refreshGoogleAccessToken(client: GoogleOAuthClient, refreshToken: string, fetcher: typeof fetch = fetch, now = Date.now()): Promise<RefreshedToken> {
  let response: Response;
  try {
    response = await fetcher(urlUnder(client.oauthBaseUrl, "/token"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret }),
    });
  } catch {
    throw new GoogleApiError("Google could not be reached to renew the connection. Try again in a minute.", "unavailable");
  }
  const text = await response.text();
  // invalid_grant: the teacher revoked access in their Google account, or the token expired unused.
  if (response.status === 400 || response.status === 401) throw new GoogleApiError(`Google no longer accepts Markwise's connection to your account (${googleReason(text) ?? response.status}). ${reconnectAdvice}`, "access");
  if (!response.ok) throw new GoogleApiError(`Google could not renew the connection (HTTP ${response.status}). Try again in a minute.`, "unavailable");
  const parsed = tokenRefreshAnswer.safeParse(safeJson(text));
  if (!parsed.success) throw new GoogleApiError("Google's token answer could not be read. Try again in a minute.", "unavailable");
  const { access_token: accessToken, expires_in: expiresIn, refresh_token: newRefreshToken, scope } = parsed.data;
  return { accessToken, expiresAt: new Date(now + expiresIn * 1000), ...(newRefreshToken ? { refreshToken: newRefreshToken } : {}), ...(scope ? { scope } : {}) };
}
