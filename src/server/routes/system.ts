import { errorBody } from "../../contracts/errors";
import { systemStatusResponse } from "../../contracts/system";
import { aiConfigFrom } from "../env";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";

export function registerSystemRoutes(router: ApiRouter, deps: AppDeps): void {
  router.route(
    {
      method: "get",
      path: "/api/system",
      summary: "Version, database and which AI provider is configured (never the key)",
      tag: "System",
      access: "session",
      responses: { 200: { description: "System status", schema: systemStatusResponse }, 401: { description: "Not signed in", schema: errorBody } },
    },
    async (c) => {
      const ai = aiConfigFrom(deps.env);
      return c.json({
        version: deps.version,
        database: { kind: deps.database.kind, status: (await deps.database.ping()) ? "up" : "down" },
        ai: { provider: ai?.provider ?? null, model: ai?.model ?? null },
        mail: deps.mailer.transport,
        googleSignIn: Boolean(deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET),
      });
    },
  );
}
