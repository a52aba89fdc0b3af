import { and, eq } from "drizzle-orm";
import { symmetricDecrypt } from "better-auth/crypto";
import * as OTPAuth from "otpauth";
import type { Db } from "../db/client";
import { accounts, twoFactors } from "../db/schema";
import type { Auth } from "./auth";

/**
 * Checks the proofs a dangerous action asks for (deleting the account), with better-auth's own hashing and
 * encryption so the stored password and two-factor secret are read exactly as sign-in reads them.
 */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

export async function isPasswordRight(auth: Auth, hash: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  return context.password.verify({ hash, password });
}

/** A current authenticator code (one step of clock drift either way) or an unused backup code. */
export async function isTwoFactorCodeRight(auth: Auth, db: Db, userId: string, code: string): Promise<boolean> {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) return false;
  const key = (await auth.$context).secretConfig;
  const cleaned = code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(cleaned)) {
    // better-auth keys the HMAC with the secret's UTF-8 bytes, 6 digits every 30 seconds (its defaults).
    const secret = await symmetricDecrypt({ key, data: row.secret });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(secret), digits: 6, period: 30, algorithm: "SHA1" });
    return totp.validate({ token: cleaned, window: 1 }) !== null;
  }
  const backupCodes = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes })) as unknown;
  return Array.isArray(backupCodes) && backupCodes.includes(code.trim());
}
