import { createdResponse, createLeadInput } from "../../contracts/leads";
import { createVideoRequestInput } from "../../contracts/video-requests";
import { errorBody } from "../../contracts/errors";
import type { Hono } from "hono";
import { rateLimit } from "../auth/rate-limit";
import type { ApiRouter } from "../http/api-router";
import type { AppEnv } from "../http/app-env";
import type { AppDeps } from "../http/context";
import { createLead, createVideoRequest } from "../services/inquiries";

const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };
const tooLarge = { description: "Request body too large", schema: errorBody };
const limitedAnswer = { description: "Too many from this address or for this e-mail address in the window", schema: errorBody };

/**
 * Anyone may leave an inquiry or ask for a video, and each one mails the team: an address (or an e-mail named in the
 * form) gets a staff room's worth per window (twice and once the sign-in limit), not a flood of the team's inbox.
 */
export function limitInquiries(app: Hono<AppEnv>, deps: AppDeps): void {
  const base = deps.env.AUTH_RATE_LIMIT_MAX;
  const proxies = { trustProxy: deps.env.TRUST_PROXY, trustedProxyCount: deps.env.TRUSTED_PROXY_COUNT };
  const limited = rateLimit(deps.database.db, { group: "inquiry", perIp: base * 2, perAccount: base, perAccountEverywhere: base * 2, windowSeconds: deps.env.AUTH_RATE_LIMIT_WINDOW_SECONDS }, proxies);
  for (const path of ["/api/leads", "/api/video-requests"]) app.post(path, limited);
}

export function registerInquiryRoutes(router: ApiRouter, deps: AppDeps): void {
  router.route(
    {
      method: "post",
      path: "/api/leads",
      summary: "Leave a get-started or enterprise inquiry",
      tag: "Inquiries",
      access: "public",
      body: createLeadInput,
      responses: { 201: { description: "Stored; the team is notified", schema: createdResponse }, 400: invalid, 413: tooLarge, 429: limitedAnswer },
    },
    async (c, { body }) => {
      const created = await createLead({ ...deps, db: deps.database.db }, body, deps.env.LEADS_NOTIFY_TO);
      return c.json(created, 201);
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/video-requests",
      summary: "Request an AI-generated video",
      tag: "Inquiries",
      access: "public",
      body: createVideoRequestInput,
      responses: { 201: { description: "Stored; the team is notified", schema: createdResponse }, 400: invalid, 413: tooLarge, 429: limitedAnswer },
    },
    async (c, { body }) => {
      const created = await createVideoRequest({ ...deps, db: deps.database.db }, body, deps.env.VIDEO_REQUESTS_NOTIFY_TO);
      return c.json(created, 201);
    },
  );
}
