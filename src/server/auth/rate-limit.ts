import { createHash } from "node:crypto";
import { stripControlCharacters } from "../../contracts/control-characters";
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../http/app-error";
import type { AppEnv } from "../http/app-env";
import { isJsonMediaType } from "../http/json-depth";

export interface RateRule {
  /** Routes that share one budget ("sign-in": the e-mail and username routes spend the same attempts). */
  group: string;
  /** Attempts allowed per account from one address per window: a stranger can lock only their own address out. */
  perAccount: number;
  /** Attempts allowed per client IP per window, whatever the account. */
  perIp: number;
  /** Attempts allowed per account from all addresses together: slows guessing spread over many addresses. */
  perAccountEverywhere: number;
  windowSeconds: number;
  /**
   * Gives the attempt back when it succeeds: the budget is for wrong guesses. Without it a school whose staff share one
   * public address locked itself out after about thirty sign-ins in a quarter hour, right passwords all.
   */
  refundSuccess?: boolean;
}

export interface ProxyTrust {
  trustProxy: boolean;
  /** How many proxies in front of the server append to X-Forwarded-For (the client is that many from the right). */
  trustedProxyCount: number;
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

/** Attempts counted for `key` in its current window, without counting one more (0 once the window has passed). */
export async function attemptsSoFar(db: Db, key: string, windowSeconds: number): Promise<Counter> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after
    from rate_limits where key = ${key} and window_started_at >= now() - make_interval(secs => ${windowSeconds})`);
  const row = (result as unknown as { rows: { count: number; retry_after: number }[] }).rows[0];
  return { count: row ? Number(row.count) : 0, retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)) };
}

/**
 * Limits attempts on an auth route per IP and per account. Keys are hashed: the table never holds
 * an address or an e-mail in the clear.
 */
export function rateLimit(db: Db, rule: RateRule, proxies: ProxyTrust): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const address = hash(clientIp(c, proxies));
    const account = await accountKey(db, await accountFromBody(c));
    const keys: [string, number][] = [[`ip:${rule.group}:${address}`, rule.perIp]];
    if (account) {
      keys.push([`account-ip:${rule.group}:${hash(account)}:${address}`, rule.perAccount]);
      keys.push([`account:${rule.group}:${hash(account)}`, rule.perAccountEverywhere]);
    }
    for (const [key, limit] of keys) {
      const counter = await countAttempt(db, key, rule.windowSeconds);
      if (counter.count > limit) {
        c.header("Retry-After", String(counter.retryAfterSeconds));
        throw new AppError("rate_limited", `Too many attempts. Try again in ${describeWait(counter.retryAfterSeconds)}.`);
      }
    }
    await next();
    // Counted first and given back after, so guesses sent at once are all counted while they run.
    if (rule.refundSuccess && c.res.status < 400) for (const [key] of keys) await refundAttempt(db, key);
  };
}

async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * The client's address. Behind proxies, X-Forwarded-For's leftmost entries are whatever the client wrote; each proxy
 * appends the address it saw, so the client is the entry `trustedProxyCount` places from the right.
 */
export function clientIp(c: Context, proxies: ProxyTrust): string {
  if (proxies.trustProxy) {
    const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
    const client = hops[hops.length - proxies.trustedProxyCount];
    if (client) return client;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The most of a body read to find the account it names: a sign-in or an inquiry is a few hundred bytes. The limiter
 * runs before a route's own size limit, so reading whole bodies let one request of 120 MB hold 400 MB (outside audit);
 * a larger body is counted per address only, and the route then refuses it as too large.
 */
const accountBodyBytes = 64 * 1024;

async function accountFromBody(c: Context): Promise<string | undefined> {
  if (!isJsonMediaType(c.req.header("content-type"))) return undefined;
  try {
    const text = await boundedText(c.req.raw, accountBodyBytes);
    if (text === undefined) return undefined;
    const body = JSON.parse(text) as { email?: unknown; username?: unknown };
    // The field the route signs in with: a username sign-in carrying a decoy e-mail counted against the decoy.
    const field = c.req.path.endsWith("/username") ? body.username : (body.email ?? body.username);
    // Cleaned as the route's validation cleans it, so the account counted is the one the route reads (PostgreSQL
    // refuses a text holding U+0000: the lookup failed with a 500).
    const value = typeof field === "string" ? stripControlCharacters(field) : undefined;
    return value?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A request's body as text from a copy of its stream, or undefined past `maxBytes` (the copy stops being read there). */
async function boundedText(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return undefined;
  const reader = request.clone().body?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The same account whether named by e-mail or by username; an unknown name counts under itself. */
async function accountKey(db: Db, name: string | undefined): Promise<string | undefined> {
  if (!name) return undefined;
  const value = name.toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(value.includes("@") ? eq(sql`lower(${users.email})`, value) : eq(sql`lower(${users.username})`, value));
  return user ? `user:${user.id}` : `name:${value}`;
}

export function hash(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 32);
}

export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
