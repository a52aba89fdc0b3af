import type { MiddlewareHandler } from "hono";
import { AppError } from "./app-error";
import type { AppEnv } from "./app-env";

const changesState = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The origins a browser may send requests from: the public address, and without PUBLIC_URL the same port on the
 * loopback names, so http://127.0.0.1:3000 works as well as http://localhost:3000 on a laptop.
 */
export function trustedOriginsFor(publicUrl: string, isPublicUrlSet: boolean): string[] {
  const url = new URL(publicUrl);
  if (isPublicUrlSet || url.hostname !== "localhost") return [url.origin];
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

/**
 * One Origin check for every request that changes something, sign-in included: a page on another site (a sibling
 * subdomain too) cannot use the teacher's cookie, or sign them into its own account. A request with no Origin and no
 * cookie (a script calling a public route) carries no one's authority and may pass.
 */
export function requireTrustedOrigin(trusted: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trusted);
  return async (c, next) => {
    if (!changesState.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (origin ? !allowed.has(origin) : Boolean(c.req.header("cookie"))) {
      throw new AppError("forbidden", origin ? `Requests from ${origin} are not accepted. Use Markwise at its own address.` : "This request has no Origin header; send it from Markwise itself.");
    }
    return next();
  };
}
