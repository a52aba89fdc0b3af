import { healthResponse } from "../../contracts/health";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";

/** A load balancer may ask many times a second: the database is asked at most once a second, and callers share it. */
const pingFreshForMs = 1000;

export function registerHealthRoutes(router: ApiRouter, deps: AppDeps): void {
  let last: { at: number; isUp: Promise<boolean> } | undefined;
  const databaseIsUp = () => {
    if (!last || Date.now() - last.at > pingFreshForMs) last = { at: Date.now(), isUp: deps.database.ping() };
    return last.isUp;
  };
  router.route(
    {
      method: "get",
      path: "/api/health",
      summary: "Liveness and database status (the database is asked at most once a second)",
      tag: "System",
      access: "public",
      responses: {
        200: { description: "The server and its database answer", schema: healthResponse },
        503: { description: "The database does not answer", schema: healthResponse },
      },
    },
    async (c) => {
      const isUp = await databaseIsUp();
      return isUp ? c.json({ status: "ok", db: "up" }, 200) : c.json({ status: "degraded", db: "down" }, 503);
    },
  );
}
