import { healthResponse } from "../../contracts/health";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";

export function registerHealthRoutes(router: ApiRouter, deps: AppDeps): void {
  router.route(
    {
      method: "get",
      path: "/api/health",
      summary: "Liveness and database status",
      tag: "System",
      access: "public",
      responses: {
        200: { description: "The server and its database answer", schema: healthResponse },
        503: { description: "The database does not answer", schema: healthResponse },
      },
    },
    async (c) => {
      const isUp = await deps.database.ping();
      return isUp ? c.json({ status: "ok", db: "up" }, 200) : c.json({ status: "degraded", db: "down" }, 503);
    },
  );
}
