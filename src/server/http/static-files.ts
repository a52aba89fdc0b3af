import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Context, Hono } from "hono";
import type { Logger } from "pino";
import { serveStatic } from "@hono/node-server/serve-static";
import type { AppEnv } from "./app-env";

/** The client's pages opened by a share link, with no account (its API answers say noindex too). */
const studentLinkPrefix = "/practice/";

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
  const root = path.relative(process.cwd(), staticRoot);
  // Hashed assets never change under their name: cached for a year, sent as the build's .br or .gz when the browser
  // takes it (the build writes them: precompressAssets in vite.config.ts).
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // The HTML names the current assets, so it is checked with the server on every visit; "/" is answered here, not
  // by the static files (which would send index.html without a Cache-Control).
  const sendIndex = (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-cache");
    // A student's practice link is a secret shared with a class: a search engine that meets one must not list it.
    if (c.req.path.startsWith(studentLinkPrefix)) c.header("X-Robots-Tag", "noindex, nofollow");
    return c.html(indexHtml);
  };
  app.get("/", sendIndex);
  app.get("/index.html", sendIndex);
  app.use("*", serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }));
  app.get("*", sendIndex);
}
