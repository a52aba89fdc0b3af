import { betterAuth } from "better-auth";
import type { Logger } from "pino";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { username } from "better-auth/plugins/username";
import { authLimits } from "../../contracts/auth";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Mailer } from "../integrations/mail/mailer";
import { ltiSessionPlugin } from "../services/lti/lti-session-plugin";
import { accountExistsMail, passwordResetMail, verificationMail } from "./auth-mails";
import { authLogger } from "./auth-log";
import { sendNotingFailure } from "./mail-outcome";
import { googleEndpointsPlugin, type GoogleEndpoints } from "./google-endpoints-plugin";

export interface AuthConfig {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** Where browsers may send requests from (origin-check.ts). */
  trustedOrigins: string[];
  sessionIdleSeconds: number;
  google?: { clientId: string; clientSecret: string } & GoogleEndpoints;
}

/**
 * better-auth with e-mail + password (confirmation required), username sign-in, password reset that ends
 * every other session, Google when configured, and TOTP two-factor. Sessions live in the database
 * (no cookie cache), so signing out or resetting a password takes effect on every server at once.
 */
export function createAuth(config: AuthConfig) {
  const isHttps = config.publicUrl.startsWith("https://");
  return betterAuth({
    appName: "Markwise",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.secret,
    logger: authLogger(config.logger),
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(config.db, { provider: "pg", schema, usePlural: true }),
    // Our own database-backed limiter (rate-limit.ts) covers these routes per IP and per account.
    rateLimit: { enabled: false },
    session: {
      expiresIn: config.sessionIdleSeconds,
      // Renew while in use: a session used at least this often never expires.
      updateAge: Math.max(60, Math.min(24 * 60 * 60, Math.floor(config.sessionIdleSeconds / 4))),
    },
    advanced: {
      cookiePrefix: "markwise",
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isHttps },
      database: { generateId: () => crypto.randomUUID() },
      // better-auth turns these checks off under NODE_ENV=test; we keep them on everywhere so tests prove them.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: authLimits.passwordMin,
      maxPasswordLength: authLimits.passwordMax,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => config.mailer.send(passwordResetMail(user.email, url)),
      // Both sign-up mails note a failure, so the answer says it was not sent (mail-outcome.ts) on either path.
      onExistingUserSignUp: async ({ user }) => sendNotingFailure(config.mailer, accountExistsMail(user.email, config.publicUrl)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => sendNotingFailure(config.mailer, verificationMail(user.email, url)),
    },
    account: {
      // Google's access and refresh tokens (Classroom) are sealed with the auth secret; services/google-classroom reads them.
      encryptOAuthTokens: true,
      // Connecting Classroom links a school Google account to a Markwise account signed up with another address; the
      // teacher is signed in to both when linking, so the link proves both are theirs.
      accountLinking: { allowDifferentEmails: true },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            accessType: "offline",
            prompt: "select_account consent",
          },
        }
      : {},
    plugins: [
      // Any name that is not blank (contracts/auth.ts); the plugin's own default allows only letters, digits, _ and .
      username({ minUsernameLength: 1, maxUsernameLength: authLimits.usernameMax, usernameValidator: (value) => value.trim().length > 0 }),
      twoFactor({ issuer: "Markwise" }),
      ltiSessionPlugin(),
      ...(config.google ? [googleEndpointsPlugin(config.google)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
