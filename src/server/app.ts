import { Hono } from "hono";
import { loadSession, mountAuth } from "./auth/mount-auth";
import { forgetAfterChanges, SessionCache } from "./auth/session-cache";
import { diskFullMessage, isDiskFull } from "./integrations/files/disk-full";
import { AppError, noApiRouteMessage } from "./http/app-error";
import { compressLargeJson } from "./http/compress-json";
import { ApiRouter } from "./http/api-router";
import { listInProse } from "../core/assistant/text";
import { requireTrustedOrigin } from "./http/origin-check";
import type { AppEnv } from "./http/app-env";
import type { AppDeps } from "./http/context";
import { requestContext } from "./http/logging";
import { setDefaultHeaders, securityHeaders, apiCacheHeaders } from "./http/security-headers";
import { serveClient } from "./http/static-files";
import { registerAccountRoutes } from "./routes/account";
import { registerApiDocs } from "./routes/api-docs";
import { registerAssignmentRoutes } from "./routes/assignments";
import { registerAssistantRoutes } from "./routes/assistant";
import { registerSubmissionRoutes } from "./routes/submissions";
import { registerInsightRoutes } from "./routes/insights";
import { registerDocumentRoutes } from "./routes/documents";
import { registerFeedbackLinkRoutes, registerStudentFeedbackPage } from "./routes/feedback-links";
import { registerHealthRoutes } from "./routes/health";
import { registerPracticeRoutes } from "./routes/practice";
import { registerSharedPracticeRoutes } from "./routes/practice-shared";
import { limitInquiries, registerInquiryRoutes } from "./routes/inquiries";
import { ltiPlatformPostPaths, registerLtiRoutes } from "./routes/lti";
import { registerGoogleClassroomRoutes } from "./routes/google-classroom";
import { registerProfileRoutes } from "./routes/profile";
import { registerSetupProgressRoutes } from "./routes/setup-progress";
import { registerSystemRoutes } from "./routes/system";
import { registerTeacherProfileRoutes } from "./routes/teacher-profile";

/** Builds the whole HTTP app: middleware, error mapping, API routes, then the client. Tests use it too. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext(deps.logger));
  // A handler may set its own policy (the LTI deep linking answer posts a form to the platform).
  app.use("*", setDefaultHeaders(securityHeaders));
  app.use("/api/*", setDefaultHeaders(apiCacheHeaders));
  app.use("*", async (c, next) => {
    c.set("user", null);
    await next();
  });
  // LTI login and launch are form posts from the learning platform's site, checked by the signed id_token, state
  // and nonce instead (decision record 021).
  const trustedOrigin = requireTrustedOrigin(deps.trustedOrigins);
  app.use("/api/*", async (c, next) => (ltiPlatformPostPaths.has(c.req.path) ? next() : trustedOrigin(c, next)));
  // Large JSON (lists, the gradebook, the API description) goes compressed to a client that takes it; streams and
  // files are left alone, so nothing streamed is held back.
  app.use("/api/*", compressLargeJson());
  // Every API route but better-auth's own knows who is asking before its handler runs; a session confirmed in the
  // last seconds is remembered (session-cache.ts says when it is forgotten).
  const sessions = new SessionCache();
  const session = loadSession(deps.auth, sessions);
  app.use("/api/*", async (c, next) => (c.req.path.startsWith("/api/auth/") ? next() : session(c, next)));
  const forget = forgetAfterChanges(sessions);
  app.use("/api/auth/*", async (c, next) => (c.req.method === "GET" ? next() : forget(c, next)));
  app.use("/api/account/delete", forget);

  const router = new ApiRouter(app, deps.env.BODY_LIMIT_BYTES);
  registerHealthRoutes(router, deps);
  limitInquiries(app, deps);
  registerInquiryRoutes(router, deps);
  mountAuth(app, router, deps.auth, deps.database.db, deps.env);
  registerProfileRoutes(router, deps);
  registerAccountRoutes(router, deps);
  registerTeacherProfileRoutes(router, deps);
  registerSetupProgressRoutes(router, deps);
  registerSystemRoutes(router, deps);
  registerDocumentRoutes(router, deps);
  registerAssignmentRoutes(router, deps);
  registerSubmissionRoutes(router, deps);
  registerFeedbackLinkRoutes(router, deps);
  registerInsightRoutes(router, deps);
  registerPracticeRoutes(router, deps);
  registerSharedPracticeRoutes(router, deps);
  registerAssistantRoutes(router, deps);
  registerLtiRoutes(app, router, deps);
  registerGoogleClassroomRoutes(router, deps);
  registerApiDocs(app, router, deps);

  app.all("/api/*", (c) => {
    // An address that exists with other methods answers 405 with them in Allow, so a client sees its method is wrong.
    const allowed = router.allowedMethods(c.req.path);
    if (allowed.length) {
      const error = new AppError("method_not_allowed", `This address takes ${listInProse(allowed.filter((method) => method !== "HEAD"))}, not ${c.req.method}.`);
      return c.json(error.toBody(), 405, { Allow: allowed.join(", ") });
    }
    throw new AppError("not_found", noApiRouteMessage);
  });

  app.onError((error, c) => {
    if (error instanceof AppError) {
      // The unread remainder of an oversized body would poison a kept-alive connection.
      if (error.code === "payload_too_large") c.header("Connection", "close");
      if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(error.toBody(), error.status);
    }
    if (isDiskFull(error)) {
      (c.get("logger") ?? deps.logger).error({ err: error }, "a write failed because the server's disk is full");
      return c.json(new AppError("insufficient_storage", diskFullMessage).toBody(), 507);
    }
    (c.get("logger") ?? deps.logger).error({ err: error }, "unhandled error");
    const internal = new AppError("internal", "Something went wrong on our side. Please try again; if it keeps happening, contact support.");
    return c.json(internal.toBody(), 500);
  });

  // A student's returned feedback: a whole page from the server, no account and no client app needed.
  registerStudentFeedbackPage(app, deps);
  if (deps.staticRoot) serveClient(app, deps.staticRoot, deps.logger);
  return app;
}
