import { blankIfInvisible, controlCharacterPaths } from "../../contracts/control-characters";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { authMessages, googleStatusResponse, mailRequest, resetPasswordRequest, signInRequest, signUpRequest, updateUserRequest } from "../../contracts/auth";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import type { Env } from "../env";
import { formatBytes, type ApiRouter } from "../http/api-router";
import { AppError, badJsonMessage, noApiRouteMessage } from "../http/app-error";
import type { AppEnv } from "../http/app-env";
import { assertJsonDepth, isJsonMediaType } from "../http/json-depth";
import { parseOrThrow, readableMessage } from "../http/validation";
import type { Auth } from "./auth";
import { callAuth } from "./auth-storage";
import { answerUnsentMail } from "./mail-outcome";
import { readSession } from "./read-session";
import { rateLimit } from "./rate-limit";
import { sessionKeyOf, type SessionCache } from "./session-cache";
import { describeAuthRoutes } from "./auth-routes-doc";

/**
 * Puts better-auth under /api/auth with our additions in front: database-backed rate limits, our password and
 * username rules (the same messages the forms show), and answers reshaped into the app's one error shape.
 */
export function mountAuth(app: Hono<AppEnv>, router: ApiRouter, auth: Auth, db: Db, env: Env): void {
  // The same size limit as every other JSON route, before anything here reads a body (anyone may call sign-up).
  app.use(
    "/api/auth/*",
    bodyLimit({
      maxSize: env.BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", `The request is too large. The limit is ${formatBytes(env.BODY_LIMIT_BYTES)}.`);
      },
    }),
  );
  app.use("/api/auth/*", jsonBodiesOnly());
  const base = env.AUTH_RATE_LIMIT_MAX;
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const proxies = { trustProxy: env.TRUST_PROXY, trustedProxyCount: env.TRUSTED_PROXY_COUNT };
  const strict = rateLimit(db, { group: "sign-in", perAccount: base, perIp: base * 3, perAccountEverywhere: base * 10, windowSeconds: window, refundSuccess: true }, proxies);
  const mail = Math.max(1, Math.floor(base / 2));
  const mailing = rateLimit(db, { group: "mail", perAccount: mail, perIp: base * 2, perAccountEverywhere: mail * 10, windowSeconds: window }, proxies);

  for (const path of ["sign-in/email", "sign-in/username", "two-factor/verify-totp", "two-factor/verify-backup-code"]) {
    app.post(`/api/auth/${path}`, strict);
  }
  app.post("/api/auth/sign-in/email", validateBody(signInRequest));
  app.post("/api/auth/sign-up/email", mailing, validateBody(signUpRequest), nameFromUsername(), answerUnsentMail(authMessages.confirmationNotSent));
  app.post("/api/auth/request-password-reset", mailing, validateBody(mailRequest));
  app.post("/api/auth/send-verification-email", mailing, validateBody(mailRequest), answerUnsentMail(authMessages.mailNotSent));
  app.post("/api/auth/reset-password", validateBody(resetPasswordRequest));
  app.post("/api/auth/update-user", validateBody(updateUserRequest));
  app.post("/api/auth/change-password", signOutElsewhereOnPasswordChange());

  app.post("/api/auth/sign-out", endOtherSessions(auth, db));

  const isGoogleEnabled = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  app.post("/api/auth/sign-in/social", async (c, next) => {
    const body = (await c.req.raw.clone().json().catch(() => ({}))) as { provider?: string };
    if (body.provider === "google" && !isGoogleEnabled) throw new AppError("forbidden", authMessages.googleDisabled);
    await next();
  });

  router.route(
    {
      method: "get",
      path: "/api/auth-providers/google",
      summary: "Whether Google sign-in is enabled for this installation",
      tag: "Accounts",
      access: "public",
      responses: { 200: { description: "Google sign-in status", schema: googleStatusResponse } },
    },
    (c) => c.json(isGoogleEnabled ? { enabled: true } : { enabled: false, message: authMessages.googleDisabled }),
  );

  describeAuthRoutes(router);
  app.on(["GET", "POST"], "/api/auth/*", async (c) => reshapeAuthError(await callAuth(() => auth.handler(c.req.raw))));
}

/**
 * Sign-out is global (the specification's default scope): it ends the teacher's sessions in every browser and device,
 * then better-auth ends this one and clears its cookie. Other server processes forget them within seconds
 * (session-cache.ts); this one at once (forgetAfterChanges).
 */
function endOtherSessions(auth: Auth, db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const current = await readSession(auth, c.req.raw.headers);
    if (current) await db.delete(sessions).where(and(eq(sessions.userId, current.user.id), ne(sessions.id, current.session.id)));
    await next();
  };
}

const freshSessionPaths = new Set(["/api/account/delete"]);
const sessionMustBeFresh = (path: string) => freshSessionPaths.has(path);

/**
 * Sets `user` on the context from the session cookie (null when signed out): from the session cache when this
 * process confirmed the same cookie in the last seconds, else from better-auth (signature and database).
 */
export function loadSession(auth: Auth, cache: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = sessionKeyOf(c.req.header("cookie"));
    // Deleting the account decides on the session's age ("signed in within 15 minutes"): always from the database.
    const cached = key && !sessionMustBeFresh(c.req.path) ? cache.get(key) : undefined;
    if (cached || !key) {
      c.set("user", cached ?? null);
      return next();
    }
    const session = await readSession(auth, c.req.raw.headers);
    const user = session
      ? {
          id: session.user.id,
          email: session.user.email,
          username: (session.user as { username?: string | null }).username ?? null,
          sessionCreatedAt: new Date(session.session.createdAt),
        }
      : null;
    if (user) cache.set(key, user);
    c.set("user", user);
    await next();
  };
}

/**
 * better-auth reads a body as sent, and the rate limit looks its account up before any route checks it: text with
 * control characters (NUL, which PostgreSQL refuses in a query) is refused first, field by field, on every auth route.
 * better-auth also reads form posts, which the rate limit would not read its account from: a body of any kind but JSON
 * is refused, as the app's own client never sends one.
 */
function jsonBodiesOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const contentType = c.req.header("content-type");
    if (contentType && !isJsonMediaType(contentType)) throw new AppError("unsupported_media_type", "Send the request body as JSON, with Content-Type: application/json.");
    if (!contentType) return next();
    const body: unknown = await c.req.raw.clone().json().catch(() => undefined);
    // Walked only once known to be shallow: a deeply nested body would overflow the walk's stack.
    if (body !== undefined) assertJsonDepth(body);
    const unclean = controlCharacterPaths(body);
    if (unclean.length) {
      throw new AppError("validation_failed", `Remove the invisible control characters from: ${unclean.join(", ")}.`, Object.fromEntries(unclean.map((path) => [path, "Contains invisible control characters; type or paste it again"])));
    }
    await next();
  };
}

function validateBody(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body: unknown = await c.req.raw.clone().json().catch(() => {
      throw new AppError("bad_request", badJsonMessage);
    });
    assertJsonDepth(body);
    const parsed = parseOrThrow(schema, body, "request body") as { email?: unknown };
    // better-auth reads the body as sent: an address with spaces around it passed here and was refused there, in its
    // own words. It goes on as checked.
    if (typeof parsed.email === "string" && (body as { email?: unknown }).email !== parsed.email) replaceJsonBody(c, { ...(body as Record<string, unknown>), email: parsed.email });
    await next();
  };
}

/**
 * The spec's sign-up asks for a username, e-mail and password, no name; better-auth requires a name, and without one
 * answered with its own "[body.name] Invalid input". The username stands in, as the web client sends it.
 */
function nameFromUsername(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = (await c.req.raw.clone().json()) as Record<string, unknown>;
    if (typeof body.name !== "string" || !blankIfInvisible(body.name).trim()) replaceJsonBody(c, { ...body, name: body.username });
    await next();
  };
}

/**
 * A new password ends the teacher's other sessions whatever the client asks: the page always asked, but a client of
 * the API that left `revokeOtherSessions` out kept a thief's session alive through the change.
 */
function signOutElsewhereOnPasswordChange(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = (await c.req.raw.clone().json().catch(() => null)) as Record<string, unknown> | null;
    if (body && typeof body === "object") replaceJsonBody(c, { ...body, revokeOtherSessions: true });
    await next();
  };
}

/** better-auth reads the raw request: a changed body goes in a new one, without the old length. */
function replaceJsonBody(c: Context<AppEnv>, body: Record<string, unknown>): void {
  const headers = new Headers(c.req.raw.headers);
  headers.delete("content-length");
  c.req.raw = new Request(c.req.raw, { headers, body: JSON.stringify(body) });
}

const friendlyMessages: Record<string, string> = {
  EMAIL_NOT_VERIFIED: authMessages.emailNotVerified,
  // A reset link used once already, or past its hour: "Invalid token" told the teacher nothing to do.
  INVALID_TOKEN: "This link has expired or was already used. Ask for a new one from the sign-in page (Forgot password?).",
  // "Password too short" gave no length to reach.
  PASSWORD_TOO_SHORT: authMessages.passwordTooShort,
  PASSWORD_TOO_LONG: authMessages.passwordTooLong,
};

async function reshapeAuthError(response: Response): Promise<Response> {
  // better-auth answers an address it has no route for with an empty 404; every other API address answers JSON.
  if (response.status === 404 && !response.headers.get("content-type")) return reshaped(response, "not_found", noApiRouteMessage);
  if (response.status < 400 || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!body || typeof body !== "object" || "error" in body) return response;
  // Signed out: the same code and words as every other route that needs a session.
  if (response.status === 401 && (!body.code || body.code === "UNAUTHORIZED")) return reshaped(response, "unauthorized", "Sign in to continue.");
  if (body.code === "VALIDATION_ERROR") {
    const fields = validationFields(body.message ?? "");
    if (Object.keys(fields).length) return reshaped(response, "validation_failed", `The request body has problems in: ${Object.keys(fields).join(", ")}. Fix these and try again.`, fields);
  }
  const code = body.code === "VALIDATION_ERROR" ? "validation_failed" : (body.code ?? "auth_error").toLowerCase();
  // Its body parser's words, where every other route says it this way.
  const isBadJson = /^Invalid JSON/i.test(body.message ?? "");
  const message = isBadJson ? badJsonMessage : (body.code && friendlyMessages[body.code]) || body.message || authMessages.unexpected;
  const field = body.code ? fieldOfCode[body.code] : undefined;
  return reshaped(response, code, message, field ? { [field]: message } : {});
}

/** The field an error of better-auth's is about, so a form can show it there ("Username is already taken"). */
const fieldOfCode: Record<string, string> = {
  USERNAME_IS_ALREADY_TAKEN: "username",
  USERNAME_TOO_SHORT: "username",
  USERNAME_TOO_LONG: "username",
  INVALID_USERNAME: "username",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  USER_ALREADY_EXISTS: "email",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email",
};

/**
 * better-auth's own check of a body it reads directly (the password change, two-factor) answers in one line of
 * zod's words: "[body.newPassword] Invalid input: expected string, received undefined; [body.currentPassword] ...".
 * Read into fields in the app's words, as every other route answers.
 */
function validationFields(message: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of message.split("; ")) {
    const found = /^\[body\.([\w.]+)\] (.+)$/.exec(part.trim());
    if (found) fields[found[1]!] ??= readableMessage(found[2]!, found[1]!.split(".").at(-1)!);
  }
  return fields;
}

function reshaped(response: Response, code: string, message: string, fields: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ error: { code, message, fields } }), { status: response.status, headers });
}
