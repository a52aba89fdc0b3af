import { createdResponse, createLeadInput } from "../../contracts/leads";
import { createVideoRequestInput } from "../../contracts/video-requests";
import { errorBody } from "../../contracts/errors";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { createLead, createVideoRequest } from "../services/inquiries";

const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };
const tooLarge = { description: "Request body too large", schema: errorBody };

export function registerInquiryRoutes(router: ApiRouter, deps: AppDeps): void {
  router.route(
    {
      method: "post",
      path: "/api/leads",
      summary: "Leave a get-started or enterprise inquiry",
      tag: "Inquiries",
      access: "public",
      body: createLeadInput,
      responses: { 201: { description: "Stored; the team is notified", schema: createdResponse }, 400: invalid, 413: tooLarge },
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
      responses: { 201: { description: "Stored; the team is notified", schema: createdResponse }, 400: invalid, 413: tooLarge },
    },
    async (c, { body }) => {
      const created = await createVideoRequest({ ...deps, db: deps.database.db }, body, deps.env.VIDEO_REQUESTS_NOTIFY_TO);
      return c.json(created, 201);
    },
  );
}
