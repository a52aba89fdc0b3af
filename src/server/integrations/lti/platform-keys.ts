import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";

/**
 * One remote keyset per platform keyset URL, kept for the life of the process: jose caches the keys it fetched and
 * fetches again (at most every 30 s) when a token names a key it does not know, so a platform's key rotation works.
 */
const keysets = new Map<string, JWTVerifyGetKey>();

export function platformKeyset(keysetUrl: string): JWTVerifyGetKey {
  let keyset = keysets.get(keysetUrl);
  if (!keyset) {
    keyset = createRemoteJWKSet(new URL(keysetUrl), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    keysets.set(keysetUrl, keyset);
  }
  return keyset;
}
