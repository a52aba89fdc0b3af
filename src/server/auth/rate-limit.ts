import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "../http/app-error";
import type { AppEnv } from "../http/app-env";

export interface RateRule {
  /** Attempts allowed per account (e-mail or username in the body) per window. */
  perAccount: number;
  /** Attempts allowed per client IP per window. */
  perIp: number;
  windowSeconds: number;
}

interface Counter {
  count: number;
  retryAfterSeconds: number;
}

/** Counts one attempt for `key` in a fixed window, atomically, in the shared database. */
export async function countAttempt(db: Db, key: string, windowSeconds: number): Promise<Counter> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_started_at end
    returning count, ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
  const row = (result as unknown as { rows: { count: number; retry_after: number }[] }).rows[0]!;
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

/**
 * Limits attempts on an auth route per IP and per account. Keys are hashed: the table never holds
 * an address or an e-mail in the clear.
 */
export function rateLimit(db: Db, rule: RateRule, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const account = await accountFromBody(c);
    const keys: [string, number][] = [[`ip:${c.req.path}:${hash(clientIp(c, trustProxy))}`, rule.perIp]];
    if (account) keys.push([`account:${c.req.path}:${hash(account.toLowerCase())}`, rule.perAccount]);
    for (const [key, limit] of keys) {
      const counter = await countAttempt(db, key, rule.windowSeconds);
      if (counter.count > limit) {
        c.header("Retry-After", String(counter.retryAfterSeconds));
        throw new AppError("rate_limited", `Too many attempts. Try again in ${describeWait(counter.retryAfterSeconds)}.`);
      }
    }
    await next();
  };
}

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function accountFromBody(c: Context): Promise<string | undefined> {
  if (!(c.req.header("content-type") ?? "").includes("application/json")) return undefined;
  try {
    const body = (await c.req.raw.clone().json()) as { email?: unknown; username?: unknown };
    const value = typeof body.email === "string" ? body.email : typeof body.username === "string" ? body.username : undefined;
    return value?.trim() || undefined;
  } catch {
    return undefined;
  }
}

function hash(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 32);
}

export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
