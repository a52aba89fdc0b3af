import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import type { AppEnv } from "./app-env";

/**
 * Serves the built client; any non-API GET that is not a file gets index.html so client routes
 * (and the client's 404 page) work on reload.
 */
export function serveClient(app: Hono<AppEnv>, staticRoot: string): void {
  const indexFile = path.join(staticRoot, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing). Run "npm run build" or "npm start".`);
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
