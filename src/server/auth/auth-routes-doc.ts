import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import { emailField, passwordField, usernameField } from "../../contracts/auth";
import type { ApiRouter } from "../http/api-router";

const ok = { description: "Done" };
const failed = { description: "Refused; the message says why", schema: errorBody };
const mailNotSent = { description: "mail_not_sent: the mail server refused the e-mail or could not be reached; an account signed up is kept, unconfirmed", schema: errorBody };
const code = z.object({ code: z.string().min(6) });

/** The better-auth endpoints the product uses, described for /api/openapi.json (better-auth serves them). */
export function describeAuthRoutes(router: ApiRouter): void {
  const describe = (method: "get" | "post", path: string, summary: string, body?: z.ZodType, mails = false) => {
    const responses: Record<number, typeof ok> = { 200: ok, 400: failed, 401: failed, 403: failed, 429: failed };
    if (mails) responses[503] = mailNotSent;
    router.describe({ method, path: `/api/auth/${path}`, summary, tag: "Accounts", access: "public", ...(body ? { body } : {}), responses });
  };

  describe("post", "sign-up/email", "Create an account; a confirmation link is e-mailed (no session until confirmed)", z.object({ email: emailField, password: passwordField, username: usernameField, name: z.string(), callbackURL: z.string().optional() }), true);
  describe("post", "sign-in/email", "Sign in with e-mail and password (answers twoFactorRedirect when TOTP is on)", z.object({ email: emailField, password: z.string() }));
  describe("post", "sign-in/username", "Sign in with username and password", z.object({ username: z.string(), password: z.string() }));
  describe("post", "sign-in/social", "Start Google sign-in (when configured); answers the URL to follow", z.object({ provider: z.literal("google"), callbackURL: z.string() }));
  describe("post", "sign-out", "Sign out everywhere: end the teacher's sessions in every browser and device");
  describe("get", "get-session", "The current session and user, or null");
  describe("get", "verify-email", "The e-mailed confirmation link: confirms, signs in and redirects to callbackURL");
  describe("post", "send-verification-email", "Send a new confirmation link", z.object({ email: emailField, callbackURL: z.string().optional() }), true);
  describe("post", "request-password-reset", "E-mail a password reset link (always answers the same)", z.object({ email: emailField, redirectTo: z.string().optional() }));
  describe("post", "reset-password", "Set a new password with the token from the link; ends every other session", z.object({ newPassword: passwordField, token: z.string() }));
  describe("post", "change-password", "Change the password (signed in)", z.object({ currentPassword: z.string(), newPassword: passwordField, revokeOtherSessions: z.boolean().optional() }));
  describe("post", "update-user", "Change username or name (signed in)", z.object({ username: usernameField.optional(), name: z.string().optional() }));
  describe("post", "two-factor/enable", "Start TOTP setup: answers the otpauth URI and backup codes", z.object({ password: z.string() }));
  describe("post", "two-factor/verify-totp", "Verify a TOTP code (finishes setup, or the second step of sign-in)", code);
  describe("post", "two-factor/verify-backup-code", "Use a backup code for the second step of sign-in", code);
  describe("post", "two-factor/disable", "Turn two-factor off", z.object({ password: z.string() }));
}
