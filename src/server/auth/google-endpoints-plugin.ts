import type { BetterAuthPlugin } from "better-auth";
import { validateAuthorizationCode } from "better-auth/oauth2";
import { urlUnder } from "../integrations/url-under";

export interface GoogleEndpoints {
  /** Where the consent page lives (Google: https://accounts.google.com). */
  accountsBaseUrl: string;
  /** Where codes are exchanged for tokens (Google: https://oauth2.googleapis.com). */
  oauthBaseUrl: string;
}

/**
 * better-auth's Google provider has Google's authorization and token URLs written in, with no option to change them.
 * This plugin points the two at configured bases (GOOGLE_ACCOUNTS_BASE_URL, GOOGLE_OAUTH_BASE_URL), so sign-in and
 * "Connect Google Classroom" can run against a local fake (the playground, the browser tests). Everything else of the
 * provider (scopes, PKCE, state, reading the profile from the id_token) stays better-auth's own.
 */
export function googleEndpointsPlugin(endpoints: GoogleEndpoints): BetterAuthPlugin {
  return {
    id: "markwise-google-endpoints",
    init(context) {
      const google = context.socialProviders.find((provider) => provider.id === "google");
      if (!google) return;
      const createAuthorizationURL = google.createAuthorizationURL.bind(google);
      google.createAuthorizationURL = async (input) => {
        const url = await createAuthorizationURL(input);
        const moved = urlUnder(endpoints.accountsBaseUrl, "/o/oauth2/v2/auth");
        moved.search = url.search;
        return moved;
      };
      google.validateAuthorizationCode = ({ code, codeVerifier, redirectURI }) =>
        validateAuthorizationCode({ code, codeVerifier, redirectURI, options: google.options ?? {}, tokenEndpoint: urlUnder(endpoints.oauthBaseUrl, "/token").href });
    },
  };
}
