import { randomUUID } from "node:crypto";
import { SignJWT, type CryptoKey, type JWTPayload } from "jose";

export interface ToolSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** A JWT signed by the tool (RS256, with its kid so the platform picks the key from the tool's JWKS). */
export function signToolJwt(key: ToolSigningKey, claims: JWTPayload, options: { issuer: string; audience: string | string[]; expiresInSeconds: number }): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt()
    .setExpirationTime(`${options.expiresInSeconds}s`)
    .setJti(randomUUID())
    .sign(key.privateKey);
}
