import type { MiddlewareHandler } from "hono";
import type { AppEnv, SessionUser } from "../http/app-env";

/** better-auth's session cookie ("markwise.session_token", "__Secure-" in front over HTTPS). */
const sessionCookie = /(?:^|;\s*)((?:__Secure-)?markwise\.session_token)=([^;]+)/;

export function sessionKeyOf(cookieHeader: string | undefined): string | undefined {
  const match = cookieHeader?.match(sessionCookie);
  return match ? `${match[1]}=${match[2]}` : undefined;
}

/**
 * Who a session cookie belongs to, remembered for a few seconds so a signed-in read needs no signature check and no
 * database round trip. The rule for revocation: in this process, signing out, changing or resetting a password,
 * revoking sessions and deleting the account forget the user at once (`forgetAfterChanges`); in other processes an
 * entry lives at most `ttlMs` (5 s), after which the database is asked again. Only sessions the database confirmed
 * are kept, keyed by the exact signed cookie.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();

  constructor(
    readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): SessionUser | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  set(key: string, user: SessionUser): void {
    // The oldest entry goes first when full (a Map iterates in insertion order).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { user, until: Date.now() + this.ttlMs });
  }

  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * After any change made through the auth routes or the account's deletion, the asking user's cached sessions are
 * forgotten; a password reset (made with a mailed token, by someone who may not be signed in) forgets everyone here.
 */
export function forgetAfterChanges(cache: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = sessionKeyOf(c.req.header("cookie"));
    const userId = key ? cache.get(key)?.id : undefined;
    await next();
    if (c.req.path === "/api/auth/reset-password") cache.clear();
    else if (userId) cache.forgetUser(userId);
    // A cookie this process has not seen may belong to anyone cached here under another cookie: forget them all.
    else if (key) cache.clear();
  };
}
