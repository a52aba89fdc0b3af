import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import type { Logger } from "pino";
import { serveStatic } from "@hono/node-server/serve-static";
import type { AppEnv } from "./app-env";

/**
 * Serves the built client; any non-API GET that is not a file gets index.html so client routes
 * (and the client's 404 page) work on reload.
 */
export function serveClient(app: Hono<AppEnv>, staticRoot: string, logger: Logger): void {
  const indexFile = path.join(staticRoot, "index.html");
  if (!existsSync(indexFile)) {
    // `npm run dev` serves the client from Vite; `npm start` builds it first.
    logger.warn(`The client is not built (${indexFile} is missing): serving the API only. "npm start" builds it.`);
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), staticRoot),
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: path.relative(process.cwd(), staticRoot) }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
