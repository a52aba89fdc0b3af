import { randomUUID } from "node:crypto";
import { desc, gt, isNull, lt, or } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { Db } from "../../db/client";
import { ltiToolKeys } from "../../db/schema";
import { decryptPrivateKey, encryptPrivateKey } from "../../integrations/lti/key-encryption";
import type { ToolSigningKey } from "../../integrations/lti/tool-jwt";

const dayMs = 24 * 60 * 60 * 1000;
/** A key signs for this long, then a new one takes over on next use. */
export const keyLifetimeMs = 90 * dayMs;
/** A replaced key stays in the JWKS this long: platforms cache keysets, and a token signed just before still verifies. */
export const replacedKeyPublishedMs = 14 * dayMs;

/** Private keys already decrypted in this process, by kid (the database row is the source of truth). */
const unsealed = new Map<string, CryptoKey>();

/**
 * The key the tool signs with: the newest current key, made on first use and replaced when older than its lifetime or
 * when it cannot be opened (the auth secret changed).
 */
export async function currentToolKey(db: Db, secret: string, now = new Date()): Promise<ToolSigningKey> {
  const [row] = await db.select().from(ltiToolKeys).where(isNull(ltiToolKeys.replacedAt)).orderBy(desc(ltiToolKeys.createdAt)).limit(1);
  if (row && now.getTime() - row.createdAt.getTime() < keyLifetimeMs) {
    const key = await openKey(row, secret);
    if (key) return key;
  }
  return rotateToolKey(db, secret, now);
}

async function openKey(row: typeof ltiToolKeys.$inferSelect, secret: string): Promise<ToolSigningKey | undefined> {
  const cached = unsealed.get(row.kid);
  if (cached) return { kid: row.kid, privateKey: cached };
  const json = decryptPrivateKey(secret, row.privateKeyEncrypted);
  if (!json) return undefined;
  const privateKey = (await importJWK(JSON.parse(json) as JWK, "RS256")) as CryptoKey;
  unsealed.set(row.kid, privateKey);
  return { kid: row.kid, privateKey };
}

/** A new RSA key becomes current; the previous ones stay published for `replacedKeyPublishedMs`. */
export async function rotateToolKey(db: Db, secret: string, now = new Date()): Promise<ToolSigningKey> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const sealed = encryptPrivateKey(secret, JSON.stringify(await exportJWK(privateKey)));
  await forgetRetiredToolKeys(db, now);
  await db.transaction(async (tx) => {
    await tx
      .update(ltiToolKeys)
      .set({ replacedAt: now, publishedUntil: new Date(now.getTime() + replacedKeyPublishedMs) })
      .where(isNull(ltiToolKeys.replacedAt));
    await tx.insert(ltiToolKeys).values({ kid, publicJwk, privateKeyEncrypted: sealed, createdAt: now });
  });
  unsealed.set(kid, privateKey);
  return { kid, privateKey };
}

/** The JWKS platforms read: the current key and every replaced key still within its published time. */
export async function publishedToolKeys(db: Db, secret: string): Promise<{ keys: JWK[] }> {
  // A fresh installation has no key until something signs; the JWKS makes one so a platform can be set up first.
  await currentToolKey(db, secret);
  const rows = await db
    .select({ publicJwk: ltiToolKeys.publicJwk })
    .from(ltiToolKeys)
    .where(or(isNull(ltiToolKeys.replacedAt), gt(ltiToolKeys.publishedUntil, new Date())))
    .orderBy(desc(ltiToolKeys.createdAt));
  return { keys: rows.map((row) => row.publicJwk) };
}

/** Drops replaced keys no longer published (their private halves too). */
async function forgetRetiredToolKeys(db: Db, now: Date): Promise<void> {
  const rows = await db.delete(ltiToolKeys).where(lt(ltiToolKeys.publishedUntil, now)).returning({ kid: ltiToolKeys.kid });
  for (const row of rows) unsealed.delete(row.kid);
}
