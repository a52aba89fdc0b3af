import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import { assignmentLtiView, gradeSyncResult, ltiActionInput, ltiPlatformInput, ltiPlatformView, ltiPlatformsView, ltiRegistrationLinkView, rosterImportResult } from "../../contracts/lti";
import type { ApiRouter } from "../http/api-router";
import { AppError } from "../http/app-error";
import type { AppEnv } from "../http/app-env";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { RegistrationError } from "../integrations/lti/dynamic-registration";
import { LaunchError } from "../integrations/lti/verify-id-token";
import { resolveLaunch } from "../services/lti/launch-outcome";
import { beginLogin, stateCookieName, verifyLaunch, type LoginParameters } from "../services/lti/login";
import { completePick, findPick } from "../services/lti/picks";
import { createPlatform, deletePlatform, listPlatforms, toolUrlsOf, updatePlatform } from "../services/lti/platforms";
import { findAssignmentLtiLinks, importRosterFromPlatform, sendGradesToPlatform } from "../services/lti/platform-services";
import { signInTeacher } from "../services/lti/teacher-accounts";
import { createRegistrationLink, registerWithLink } from "../services/lti/registration-links";
import { publishedToolKeys } from "../services/lti/tool-keys";
import { autoSubmitScript, registrationCloseScript, renderDeepLinkReturnPage, renderPickPage, renderRegistrationDonePage } from "./lti-pages";
import { renderPlainPage, renderStudentFeedbackPage, renderInactivePage } from "./student-feedback-page";

/** The platform posts these cross-site (decision record 021): app.ts lets them past the Origin check. */
export const ltiPlatformPostPaths = new Set(["/api/lti/login", "/api/lti/launch"]);

const idParams = z.object({ id: z.string() });
const unauthorized = { description: "Not signed in", schema: errorBody };
const missing = { description: "Not found for this teacher", schema: errorBody };
const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };
const forbidden = { description: "Not an installation admin (ADMIN_EMAILS)", schema: errorBody };
const platformProblem = { description: "The platform refused or could not be reached; the message says what it answered", schema: errorBody };

/** The auth secret (AUTH_SECRET or the generated one) that the tool's private keys are encrypted under. */
const secretOf = async (deps: AppDeps) => (await deps.auth.$context).secret;

export function registerLtiRoutes(app: Hono<AppEnv>, router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;
  const isHttps = deps.publicUrl.startsWith("https://");
  const tool = toolUrlsOf(deps.publicUrl);
  const adminEmails = deps.env.ADMIN_EMAILS;
  const formLimit = bodyLimit({ maxSize: 64 * 1024, onError: () => { throw new AppError("payload_too_large", "The launch is too large."); } });

  // A page whose form posts back to Markwise (the picker) needs "same-origin": under "no-referrer" a browser sends
  // `Origin: null` with the post, which the origin check refuses.
  const page = (c: Context<AppEnv>, html: string, status: 200 | 400 | 401 | 403 | 404 | 410 | 502, referrerPolicy: "no-referrer" | "same-origin" = "no-referrer") => {
    c.header("Cache-Control", "private, no-store");
    c.header("Referrer-Policy", referrerPolicy);
    c.header("X-Robots-Tag", "noindex, nofollow");
    return c.html(html, status);
  };
  const launchErrorPage = (c: Context<AppEnv>, error: unknown) => {
    if (!(error instanceof LaunchError)) throw error;
    (c.get("logger") ?? deps.logger).info({ reason: error.title }, "LTI launch refused");
    return page(c, renderPlainPage(error.title, error.message), error.status);
  };

  const jwks = async (c: Context<AppEnv>) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await publishedToolKeys(db, await secretOf(deps)));
  };
  app.get("/.well-known/jwks.json", jwks);
  router.route(
    { method: "get", path: "/api/lti/jwks", summary: "The tool's public keys (JWKS): the current signing key and a replaced one while it is still published. Also at /.well-known/jwks.json", tag: "LTI", access: "public", responses: { 200: { description: "JSON Web Key Set" } } },
    jwks,
  );

  // OIDC login initiation: the platform sends the browser here (GET or form POST) before every launch.
  app.on(["GET", "POST"], "/api/lti/login", formLimit, async (c) => {
    const params = (c.req.method === "POST" ? await c.req.parseBody() : c.req.query()) as LoginParameters;
    try {
      const { redirectUrl, state } = await beginLogin(db, tool.launchUrl, params);
      setCookie(c, stateCookieName(state), state, {
        path: "/api/lti/",
        httpOnly: true,
        maxAge: 10 * 60,
        // The launch comes back as a cross-site form post: only SameSite=None (HTTPS) is sent with it. On plain HTTP
        // (a laptop) platform and tool are the same site (localhost), where Lax is sent too.
        ...(isHttps ? { sameSite: "None", secure: true, partitioned: true } : { sameSite: "Lax" }),
      });
      return c.redirect(redirectUrl, 302);
    } catch (error) {
      return launchErrorPage(c, error);
    }
  });
  router.describe({ method: "get", path: "/api/lti/login", summary: "LTI 1.3 OIDC login initiation (GET or form POST with iss, login_hint, target_link_uri, lti_message_hint, client_id): redirects to the platform's authentication URL with a new state and nonce", tag: "LTI", access: "public", responses: { 302: { description: "To the platform" } } });

  app.post("/api/lti/launch", formLimit, async (c) => {
    const form = await c.req.parseBody();
    const state = typeof form.state === "string" ? form.state : undefined;
    const idToken = typeof form.id_token === "string" ? form.id_token : undefined;
    const cookieName = state ? stateCookieName(state) : undefined;
    try {
      const { platform, launch } = await verifyLaunch(db, { idToken, state, stateCookie: cookieName ? getCookie(c, cookieName) : undefined });
      if (cookieName) deleteCookie(c, cookieName, { path: "/api/lti/", ...(isHttps ? { secure: true } : {}) });
      const outcome = await resolveLaunch(db, deps.auth, platform, launch);
      if (outcome.kind === "teacher") {
        for (const cookie of await signInTeacher(deps.auth, outcome.userId, c.req.raw.headers, isHttps)) c.header("Set-Cookie", cookie, { append: true });
        return c.redirect(outcome.redirectTo, 303);
      }
      if ("title" in outcome.page) return page(c, renderPlainPage(outcome.page.title, outcome.page.detail), 200);
      const opening = outcome.page.opening;
      if (opening.kind === "shown") return page(c, renderStudentFeedbackPage(opening.feedback), 200);
      if (opening.kind === "in_review") return page(c, renderPlainPage("Your teacher is looking at this work again", `Your feedback on ${opening.assignmentTitle} will be back here once your teacher has reviewed it.`), 200);
      return page(c, renderInactivePage(), 410);
    } catch (error) {
      return launchErrorPage(c, error);
    }
  });
  router.describe({ method: "post", path: "/api/lti/launch", summary: "LTI 1.3 launch (the platform's form post of id_token and state): verifies the id_token; signs an instructor in and opens the assignment or the picker; shows a learner their returned feedback", tag: "LTI", access: "public", responses: { 303: { description: "Instructor: to the assignment or the picker" }, 200: { description: "Learner: their feedback page" }, 401: { description: "Refused: a page says why" } } });

  const script = (path: string, source: string) =>
    app.get(path, (c) => {
      c.header("Content-Type", "text/javascript; charset=utf-8");
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(source);
    });
  script("/api/lti/auto-submit.js", autoSubmitScript);
  script("/api/lti/registration-close.js", registrationCloseScript);

  // LTI Dynamic Registration: the platform opens the admin's one-time link (in a frame or window) with its
  // configuration URL and registration token. The link is the admin's consent: no session is needed or used here.
  app.get("/api/lti/register/:token", async (c) => {
    const configurationUrl = c.req.query("openid_configuration");
    // The platform shows this page in its own frame: only that platform's pages may frame it.
    const platformOrigin = configurationUrl && URL.canParse(configurationUrl) ? new URL(configurationUrl).origin : "'none'";
    c.header("Content-Security-Policy", `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors ${platformOrigin}; base-uri 'self'; object-src 'none'`);
    try {
      const platform = await registerWithLink(db, adminEmails, deps.publicUrl, c.req.param("token"), { openidConfiguration: configurationUrl, registrationToken: c.req.query("registration_token") });
      (c.get("logger") ?? deps.logger).info({ platformId: platform.id, issuer: platform.issuer }, "LTI platform registered dynamically");
      return page(c, renderRegistrationDonePage(platform.name), 200);
    } catch (error) {
      if (!(error instanceof RegistrationError)) throw error;
      (c.get("logger") ?? deps.logger).info({ reason: error.title }, "LTI dynamic registration refused");
      return page(c, renderPlainPage(error.title, error.message), error.status);
    }
  });
  router.describe({ method: "get", path: "/api/lti/register/{token}", summary: "LTI Dynamic Registration, opened by the platform with openid_configuration and registration_token on an admin's one-time link: registers Markwise at the platform and stores the platform; a page then tells the platform to close", tag: "LTI", access: "public", responses: { 200: { description: "Registered: a page posting org.imsglobal.lti.close" }, 400: { description: "Bad or mismatched configuration: a page says what to fix" }, 403: { description: "The link's creator is no longer an admin" }, 404: { description: "Unknown link" }, 410: { description: "Link expired or used" }, 502: { description: "The platform refused or could not be reached" } } });

  const pickPage = async (c: Context<AppEnv>, pickId: string, error?: string) => {
    const user = c.get("user");
    if (!user) return page(c, renderPlainPage("Sign in first", "Launch Markwise again from the course: the launch signs you in."), 401);
    try {
      const { pick, platformName, choices } = await findPick(db, user.id, pickId);
      return page(c, renderPickPage({ pickId: pick.id, kind: pick.kind, platformName, choices, ...(error ? { error } : {}) }), error ? 400 : 200, "same-origin");
    } catch (problem) {
      if (problem instanceof AppError && problem.code === "not_found") return page(c, renderPlainPage("This choice has expired", "Launch Markwise again from the course to choose an assignment."), 404);
      throw problem;
    }
  };
  app.get("/api/lti/picks/:id", (c) => pickPage(c, c.req.param("id")));
  app.post("/api/lti/picks/:id", formLimit, async (c) => {
    const user = c.get("user");
    if (!user) return pickPage(c, c.req.param("id"));
    const form = await c.req.parseBody();
    const choice = { assignmentId: typeof form.assignmentId === "string" && form.assignmentId ? form.assignmentId : undefined, newTitle: typeof form.newTitle === "string" ? form.newTitle : undefined };
    try {
      const result = await completePick(db, await secretOf(deps), tool.launchUrl, user.id, c.req.param("id"), choice);
      if (result.kind === "resource_link") return c.redirect(`/assignments/${result.assignmentId}`, 303);
      // The signed answer goes to the platform's return URL: this page alone may post a form there.
      c.header("Content-Security-Policy", `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${new URL(result.returnUrl).origin}; frame-ancestors 'none'; base-uri 'self'; object-src 'none'`);
      return page(c, renderDeepLinkReturnPage(result.returnUrl, result.jwt, result.platformName), 200);
    } catch (problem) {
      if (problem instanceof AppError && problem.code === "validation_failed") return pickPage(c, c.req.param("id"), problem.message);
      return pickPage(c, c.req.param("id"));
    }
  });
  router.describe({ method: "post", path: "/api/lti/picks/{id}", summary: "The teacher's choice after a Deep Linking or unlinked launch (form: assignmentId, or newTitle for a new assignment): Deep Linking answers a page that posts the signed LtiDeepLinkingResponse to the platform", tag: "LTI", access: "session", responses: { 200: { description: "Auto-submitting page" }, 303: { description: "To the linked assignment" } } });

  router.route(
    { method: "get", path: "/api/lti/platforms", summary: "Registered learning platforms, whether the asking user may manage them, and the tool's URLs to paste into a platform", tag: "LTI", access: "session", responses: { 200: { description: "Platforms", schema: ltiPlatformsView }, 401: unauthorized } },
    async (c) => c.json(await listPlatforms(db, adminEmails, requireUser(c), deps.publicUrl)),
  );
  router.route(
    { method: "post", path: "/api/lti/platforms", summary: "Register a learning platform (admins in ADMIN_EMAILS only)", tag: "LTI", access: "session", body: ltiPlatformInput, responses: { 200: { description: "The platform", schema: ltiPlatformView }, 400: invalid, 403: forbidden, 409: { description: "Already registered", schema: errorBody }, 401: unauthorized } },
    async (c, { body }) => c.json(await createPlatform(db, adminEmails, requireUser(c), body)),
  );
  router.route(
    { method: "post", path: "/api/lti/registration-links", summary: `Create a one-time LTI Dynamic Registration link (admins only): paste its URL into the platform's tool registration; it works once, within an hour`, tag: "LTI", access: "session", responses: { 200: { description: "The link", schema: ltiRegistrationLinkView }, 403: forbidden, 401: unauthorized } },
    async (c) => c.json(await createRegistrationLink(db, adminEmails, requireUser(c), deps.publicUrl)),
  );
  router.route(
    { method: "put", path: "/api/lti/platforms/:id", summary: "Change a platform's registration (admins only)", tag: "LTI", access: "session", params: idParams, body: ltiPlatformInput, responses: { 200: { description: "The platform", schema: ltiPlatformView }, 400: invalid, 403: forbidden, 404: missing, 401: unauthorized } },
    async (c, { params, body }) => c.json(await updatePlatform(db, adminEmails, requireUser(c), params.id, body)),
  );
  router.route(
    { method: "delete", path: "/api/lti/platforms/:id", summary: "Remove a platform with its links to assignments (admins only); its launches are refused from then on", tag: "LTI", access: "session", params: idParams, responses: { 204: { description: "Removed" }, 403: forbidden, 404: missing, 401: unauthorized } },
    async (c, { params }) => {
      await deletePlatform(db, adminEmails, requireUser(c), params.id);
      return c.body(null, 204);
    },
  );

  router.route(
    { method: "get", path: "/api/assignments/:id/lti", summary: "The learning platform links that open this assignment and what each allows (roster import, sending grades)", tag: "LTI", access: "session", params: idParams, responses: { 200: { description: "Links", schema: assignmentLtiView }, 404: missing, 401: unauthorized } },
    async (c, { params }) => c.json(await findAssignmentLtiLinks(db, requireUser(c).id, params.id)),
  );
  router.route(
    { method: "post", path: "/api/assignments/:id/lti/roster", summary: "Import roster from the platform (Names and Role Provisioning): the course's active students are added to the roster or updated, with e-mails when given", tag: "LTI", access: "session", params: idParams, body: ltiActionInput, responses: { 200: { description: "What was imported", schema: rosterImportResult }, 404: missing, 409: { description: "No platform link or no roster service", schema: errorBody }, 422: platformProblem, 401: unauthorized } },
    async (c, { params, body }) => c.json(await importRosterFromPlatform(db, await secretOf(deps), requireUser(c).id, params.id, body.linkId)),
  );
  router.route(
    { method: "post", path: "/api/assignments/:id/lti/grades", summary: "Send grades to the platform (Assignment and Grade Services): reviewed or accepted grades only, with the feedback as comment; only what changed since the last send", tag: "LTI", access: "session", params: idParams, body: ltiActionInput, responses: { 200: { description: "What was sent", schema: gradeSyncResult }, 404: missing, 409: { description: "No platform link or no grade service", schema: errorBody }, 422: platformProblem, 401: unauthorized } },
    async (c, { params, body }) => c.json(await sendGradesToPlatform(db, await secretOf(deps), requireUser(c).id, params.id, body.linkId)),
  );
}
