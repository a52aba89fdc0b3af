import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/** The cookie attributes a framed or cross-site LTI session needs (HTTPS only: SameSite=None requires Secure). */
const crossSiteCookie = { sameSite: "none", secure: true, partitioned: true } as const;

/**
 * Drops the Set-Cookie entries for one cookie already on the response, so the browser (and anything reading the
 * headers) sees only the session cookie this plugin writes, not better-auth's Lax one before it.
 */
function dropSetCookie(headers: Headers | null | undefined, cookieName: string): void {
  if (!headers) return;
  const kept = headers.getSetCookie().filter((cookie) => !cookie.startsWith(`${cookieName}=`));
  headers.delete("set-cookie");
  for (const cookie of kept) headers.append("set-cookie", cookie);
}

/**
 * Signs a teacher in after a verified LTI launch, the way better-auth signs anyone in: a session row from its internal
 * adapter and its signed session cookie. Server-only: it has no URL, so only the launch route (after checking the
 * platform's id_token) can call it, through `auth.api.signInFromLtiLaunch`.
 *
 * crossSite: the launch may run in the platform's iframe or after a cross-site form post, where a SameSite=Lax cookie
 * would not be sent; over HTTPS the cookie is then SameSite=None; Secure; Partitioned (decision record 021). The
 * session row remembers it (ltiCrossSite), because better-auth renews a session near its expiry by writing the cookie
 * again with its default attributes (SameSite=Lax), which would lose a framed session: the after-hook writes such a
 * renewed cookie once more with the cross-site attributes.
 */
export const ltiSessionPlugin = () =>
  ({
    id: "markwise-lti-session",
    schema: {
      session: { fields: { ltiCrossSite: { type: "boolean", required: false, defaultValue: false, input: false } } },
    },
    endpoints: {
      signInFromLtiLaunch: createAuthEndpoint.serverOnly({ method: "POST", body: z.object({ userId: z.string(), crossSite: z.boolean() }) }, async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError("NOT_FOUND", { message: "No such user" });
        // overrideAll: without it the field's default (false) would win over the value given here.
        const session = await ctx.context.internalAdapter.createSession(user.id, false, { ltiCrossSite: ctx.body.crossSite }, true);
        await setSessionCookie(ctx, { session, user }, false, ctx.body.crossSite ? crossSiteCookie : undefined);
        return ctx.json({ userId: user.id });
      }),
    },
    hooks: {
      after: [
        {
          // Only a renewal writes the cookie of an existing session (get-session's refresh near expiry).
          matcher: (ctx) => ctx.path === "/get-session",
          handler: createAuthMiddleware(async (ctx) => {
            const renewed = ctx.context.newSession;
            if (!renewed || (renewed.session as { ltiCrossSite?: boolean }).ltiCrossSite !== true) return;
            dropSetCookie(ctx.context.responseHeaders, ctx.context.authCookies.sessionToken.name);
            await setSessionCookie(ctx, renewed, false, { maxAge: ctx.context.sessionConfig.expiresIn, ...crossSiteCookie });
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
