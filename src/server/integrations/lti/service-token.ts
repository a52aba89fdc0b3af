import { safeJson } from "../safe-json";
import { z } from "zod";
import { signToolJwt, type ToolSigningKey } from "./tool-jwt";

/** A platform service call that failed, with what the platform answered (for the teacher and the admin). */
import { PlatformServiceError, platformRefusal } from "./platform-errors";

const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.coerce.number().positive().default(3600), scope: z.string().optional() });

export interface TokenRequest {
  clientId: string;
  tokenUrl: string;
  scopes: readonly string[];
}

/**
 * Access tokens for the platform's services (LTI Security Framework 4.1): a client_credentials grant authenticated by a
 * JWT client assertion signed with the tool's key. A token is kept until shortly before it expires, per token URL,
 * client id and set of scopes, so a roster import or grade sync asks once.
 */
export class ServiceTokenCache {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  constructor(private readonly fetcher: typeof fetch = fetch) {}

  async tokenFor(request: TokenRequest, key: ToolSigningKey): Promise<string> {
    const scope = [...new Set(request.scopes)].sort().join(" ");
    const cacheKey = `${request.tokenUrl}\n${request.clientId}\n${scope}`;
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.until > Date.now()) return cached.token;
    const assertion = await signToolJwt(key, { sub: request.clientId }, { issuer: request.clientId, audience: request.tokenUrl, expiresInSeconds: 5 * 60 });
    const response = await this.fetcher(request.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: assertion,
        scope,
      }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => {
      throw new PlatformServiceError(`The platform's token URL (${request.tokenUrl}) could not be reached.`);
    });
    const text = await response.text();
    if (!response.ok) throw platformRefusal("Markwise an access token", response.status, text, "token URL");
    const parsed = tokenAnswer.safeParse(safeJson(text));
    if (!parsed.success) throw new PlatformServiceError("The platform's token answer has no access_token.");
    // A minute early, so a token never expires between being read here and reaching the platform.
    this.tokens.set(cacheKey, { token: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 });
    return parsed.data.access_token;
  }
}
