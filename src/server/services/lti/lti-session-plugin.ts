import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/**
 * Signs a teacher in after a verified LTI launch, the way better-auth signs anyone in: a session row from its internal
 * adapter and its signed session cookie. Server-only: it has no URL, so only the launch route (after checking the
 * platform's id_token) can call it, through `auth.api.signInFromLtiLaunch`.
 *
 * crossSite: the launch may run in the platform's iframe or after a cross-site form post, where a SameSite=Lax cookie
 * would not be sent; over HTTPS the cookie is then SameSite=None; Secure; Partitioned (decision record 021).
 */
export const ltiSessionPlugin = () =>
  ({
    id: "markwise-lti-session",
    endpoints: {
      signInFromLtiLaunch: createAuthEndpoint.serverOnly({ method: "POST", body: z.object({ userId: z.string(), crossSite: z.boolean() }) }, async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError("NOT_FOUND", { message: "No such user" });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user }, false, ctx.body.crossSite ? { sameSite: "none", secure: true, partitioned: true } : undefined);
        return ctx.json({ userId: user.id });
      }),
    },
  }) satisfies BetterAuthPlugin;
