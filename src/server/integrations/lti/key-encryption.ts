import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The tool's private keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the installation's auth secret,
 * so a copy of the database alone cannot sign as Markwise. Format: base64url of iv (12) + tag (16) + ciphertext.
 */
function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "markwise-lti", "lti tool private key", 32));
}

export function encryptPrivateKey(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The key, or undefined when it was encrypted under another secret (AUTH_SECRET changed): a new key is made then. */
export function decryptPrivateKey(secret: string, sealed: string): string | undefined {
  const raw = Buffer.from(sealed, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
