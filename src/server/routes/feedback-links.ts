import type { Context, Hono } from "hono";
import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import { feedbackReturnsView, returnFeedbackInput, returnFeedbackResult } from "../../contracts/feedback-links";
import { attemptsSoFar, clientIp, countAttempt, describeWait, hash } from "../auth/rate-limit";
import type { ApiRouter } from "../http/api-router";
import type { AppEnv } from "../http/app-env";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { findFeedbackReturns, openFeedbackLink, replaceFeedbackLink, returnFeedback, revokeFeedbackLinks } from "../services/feedback-links";
import { renderInactivePage, renderPlainPage, renderStudentFeedbackPage } from "./student-feedback-page";

const assignmentParams = z.object({ id: z.string() });
const linkParams = z.object({ linkId: z.string() });
const unauthorized = { description: "Not signed in", schema: errorBody };
const missing = { description: "Not found for this teacher", schema: errorBody };
const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };

export function registerFeedbackLinkRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/feedback-links",
      summary: "Returned feedback: each student's link (never the address itself), whether it was e-mailed and opened, and how many reviewed grades are ready to return",
      tag: "Returned feedback",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Returned students", schema: feedbackReturnsView }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await findFeedbackReturns(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "post",
      path: "/api/assignments/:id/feedback-links",
      summary: "Return to students: a private link for every reviewed or accepted grade without a working one (unreviewed grades never), e-mailed where the roster has an address; the answer is the only place the new links appear",
      tag: "Returned feedback",
      access: "session",
      params: assignmentParams,
      body: returnFeedbackInput,
      responses: {
        200: { description: "The new links (with a CSV of them) and the returned students", schema: returnFeedbackResult },
        400: invalid,
        409: { description: "No reviewed or accepted grade to return", schema: errorBody },
        404: missing,
        401: unauthorized,
      },
    },
    async (c, { params, body }) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await returnFeedback({ db, mailer: deps.mailer, publicUrl: deps.publicUrl, logger: c.get("logger") ?? deps.logger }, requireUser(c).id, params.id, body));
    },
  );

  router.route(
    {
      method: "delete",
      path: "/api/assignments/:id/feedback-links",
      summary: "Revoke all links: every returned page of the assignment answers \"This link is no longer active\"; returning again makes new links",
      tag: "Returned feedback",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Returned students (none) and how many links were revoked", schema: feedbackReturnsView.extend({ revokedCount: z.number() }) }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await revokeFeedbackLinks(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "post",
      path: "/api/feedback-links/:linkId/replace",
      summary: "A new link for one returned student (theirs was lost): the old link stops working, the new one keeps its term and is shown only in this answer",
      tag: "Returned feedback",
      access: "session",
      params: linkParams,
      responses: {
        200: { description: "The new link and the returned students", schema: returnFeedbackResult },
        409: { description: "The link has expired: return again instead", schema: errorBody },
        404: missing,
        401: unauthorized,
      },
    },
    async (c, { params }) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await replaceFeedbackLink({ db, publicUrl: deps.publicUrl }, requireUser(c).id, params.linkId));
    },
  );
}

/**
 * The student's page, outside /api: a whole HTML document. A token no link ever had counts against the asking
 * address (the sign-in limit's per-address budget), and past it made-up tokens are refused, so guessing costs a
 * window per few dozen tries on top of 256 bits while real links still open.
 */
export function registerStudentFeedbackPage(app: Hono<AppEnv>, deps: AppDeps): void {
  const db = deps.database.db;
  const proxies = { trustProxy: deps.env.TRUST_PROXY, trustedProxyCount: deps.env.TRUSTED_PROXY_COUNT };
  const limit = deps.env.AUTH_RATE_LIMIT_MAX * 3;
  const windowSeconds = deps.env.AUTH_RATE_LIMIT_WINDOW_SECONDS;

  const send = (c: Context<AppEnv>, html: string, status: 200 | 410 | 429) => {
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "private, no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.html(html, status);
  };

  // A link copied with the sentence around it ("…/feedback/abc." or "…/feedback/abc/") opens the page: it is the
  // student's real link, not a guess to count against the school's address.
  app.get("/feedback/:token/", (c) => c.redirect(`/feedback/${encodeURIComponent(c.req.param("token"))}`, 301));
  app.get("/feedback/:token", async (c) => {
    const raw = c.req.param("token");
    const trimmed = raw.replace(/[^A-Za-z0-9_-]+$/, "");
    if (trimmed && trimmed !== raw) return c.redirect(`/feedback/${encodeURIComponent(trimmed)}`, 301);
    const opening = await openFeedbackLink(db, c.req.param("token"), { isCounted: c.req.method === "GET" });
    if (opening.kind === "inactive") {
      // A revoked or expired link is a student's real link, opened again: a class behind one school address
      // reopening theirs after "Revoke all links" must not lock the others out. Only a made-up link is counted, and
      // only made-up links are refused past the budget: a real link always opens, so one address guessing (a whole
      // school behind one) never shuts the class out of its own feedback.
      if (opening.isGuess) {
        const key = `ip:feedback-link:${hash(clientIp(c, proxies))}`;
        const sofar = await attemptsSoFar(db, key, windowSeconds);
        if (sofar.count >= limit) {
          c.header("Retry-After", String(sofar.retryAfterSeconds));
          return send(c, renderPlainPage("Too many attempts", `Too many links that open nothing were tried from this address. Try again in ${describeWait(sofar.retryAfterSeconds)}.`), 429);
        }
        await countAttempt(db, key, windowSeconds);
      }
      return send(c, renderInactivePage(), 410);
    }
    if (opening.kind === "in_review") {
      return send(c, renderPlainPage("Your teacher is looking at this work again", `Your feedback on ${opening.assignmentTitle} will be back here once your teacher has reviewed it. Come back to this link later.`), 200);
    }
    return send(c, renderStudentFeedbackPage(opening.feedback), 200);
  });
}
