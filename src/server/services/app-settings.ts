import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { appSettings } from "../db/schema";

/**
 * Returns the stored value for `key`, creating it with `create()` the first time. The insert-or-keep is
 * atomic, so several processes starting together on one database agree on the same value.
 */
export async function findOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row!.value;
}

/** AUTH_SECRET when set; otherwise a random secret generated once and kept in the database. */
export function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return findOrCreateSetting(db, "auth_secret", () => randomBytes(32).toString("base64url"));
}
