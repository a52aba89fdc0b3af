import { errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { launchClaims, ltiClaim, toLaunch, type Launch } from "./claims";

/** Why a launch was refused, in words for the platform's administrator. */
export class LaunchError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
    this.name = "LaunchError";
  }
}

export interface TrustedPlatform {
  issuer: string;
  clientId: string;
  deploymentIds: readonly string[];
}

/**
 * Checks a launch's id_token as LTI 1.3 (IMS Security Framework 5.1.3) asks: signed by a key from the platform's keyset,
 * issued by the platform to this tool (aud holds the client id; azp names it when aud holds several), not expired,
 * for a deployment registered here, carrying the nonce of this login, and with the LTI 1.3 claims. The nonce's single
 * use is the caller's to record.
 */
export async function verifyIdToken(idToken: string, platform: TrustedPlatform, keyset: JWTVerifyGetKey, expectedNonce: string): Promise<Launch> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keyset, {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ["RS256", "RS384", "RS512", "PS256", "ES256"],
      requiredClaims: ["iat", "exp", "nonce"],
      clockTolerance: 60,
      maxTokenAge: "10m",
    }));
  } catch (error) {
    throw describeJoseError(error, platform);
  }
  const audience = payload.aud;
  if (Array.isArray(audience) && audience.length > 1 && payload.azp !== platform.clientId) {
    throw new LaunchError(401, "Wrong audience", `The id_token names several audiences, and its azp claim (${String(payload.azp ?? "missing")}) is not this tool's client id (${platform.clientId}).`);
  }
  if (payload.nonce !== expectedNonce) {
    throw new LaunchError(401, "Wrong nonce", "The id_token's nonce is not the one Markwise gave this login. The launch may be a replay, or the platform answered another login. Launch again from the course.");
  }
  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message).join(" ");
    throw new LaunchError(400, "Incomplete launch", `The id_token is signed correctly but is not an LTI 1.3 launch Markwise can use: ${problems}`);
  }
  const deploymentId = parsed.data[ltiClaim.deploymentId];
  if (!platform.deploymentIds.includes(deploymentId)) {
    throw new LaunchError(403, "Unknown deployment", `Deployment ${deploymentId} is not registered for ${platform.issuer}. An administrator can add it to the platform's deployment ids in Markwise.`);
  }
  const launch = toLaunch(parsed.data);
  if (launch.messageType === "LtiResourceLinkRequest" && !launch.resourceLinkId) {
    throw new LaunchError(400, "Incomplete launch", "A resource link launch must carry the resource_link claim with an id.");
  }
  if (launch.messageType === "LtiDeepLinkingRequest" && !launch.deepLinking) {
    throw new LaunchError(400, "Incomplete launch", "A deep linking request must carry the deep_linking_settings claim with a deep_link_return_url.");
  }
  return launch;
}

function describeJoseError(error: unknown, platform: TrustedPlatform): LaunchError {
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return new LaunchError(401, "Wrong audience", `The id_token is not addressed to this tool: its audience must include the client id ${platform.clientId}.`);
    if (error.claim === "iss") return new LaunchError(401, "Wrong issuer", `The id_token's issuer is not ${platform.issuer}, the platform this login began with.`);
    return new LaunchError(401, "Invalid id_token", `The id_token's ${error.claim} claim is not acceptable: ${error.message}.`);
  }
  if (error instanceof errors.JWTExpired) return new LaunchError(401, "Expired id_token", "The id_token has expired. Launch again from the course; if it keeps happening, check the platform's clock.");
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return new LaunchError(401, "Signature not trusted", `The id_token is not signed by a key from the platform's keyset (${platform.issuer}). Check the keyset URL registered in Markwise.`);
  }
  // jose reports a keyset URL that answers 404 or a page ("Expected 200 OK from the JSON Web Key Set HTTP response") as
  // a generic error: that is the keyset being unavailable too, not a bad token.
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || (error instanceof Error && /fetch|ECONN|network|JSON Web Key Set/i.test(error.message))) {
    return new LaunchError(401, "Keyset unavailable", "Markwise could not read the platform's keyset to check the launch. Check the keyset URL registered in Markwise and that this server can reach it.");
  }
  if (error instanceof errors.JOSEError) return new LaunchError(401, "Invalid id_token", `The id_token could not be verified: ${error.message}.`);
  return new LaunchError(400, "Invalid id_token", "The id_token is not a signed JWT.");
}
