import { healthResponse } from "../../contracts/health";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { dataFolderProbe } from "../integrations/files/data-folder-probe";

/** A load balancer may ask many times a second: the database is asked at most once a second, and callers share it. */
const pingFreshForMs = 1000;

export function registerHealthRoutes(router: ApiRouter, deps: AppDeps): void {
  let last: { at: number; isUp: Promise<boolean> } | undefined;
  const databaseIsUp = () => {
    if (!last || Date.now() - last.at > pingFreshForMs) last = { at: Date.now(), isUp: deps.database.ping() };
    return last.isUp;
  };
  const { env } = deps;
  const usesDataDir = !(env.DATABASE_URL && env.S3_BUCKET && env.SMTP_URL);
  const dataDirWritable = dataFolderProbe(env.DATA_DIR);
  router.route(
    {
      method: "get",
      path: "/api/health",
      summary: "Liveness, database status (asked at most once a second) and whether DATA_DIR takes writes (status and the HTTP status follow the database)",
      tag: "System",
      access: "public",
      responses: {
        200: { description: "The server and its database answer", schema: healthResponse },
        503: { description: "The database does not answer", schema: healthResponse },
      },
    },
    async (c) => {
      const [isUp, writable] = await Promise.all([databaseIsUp(), usesDataDir ? dataDirWritable() : undefined]);
      const dataDir = writable === undefined ? {} : { dataDir: writable ? ("writable" as const) : ("not_writable" as const) };
      return isUp ? c.json({ status: "ok", db: "up", ...dataDir }, 200) : c.json({ status: "degraded", db: "down", ...dataDir }, 503);
    },
  );
}
