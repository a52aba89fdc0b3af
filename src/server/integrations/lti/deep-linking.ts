import { randomBytes } from "node:crypto";
import { ltiClaim } from "./claims";
import { signToolJwt, type ToolSigningKey } from "./tool-jwt";

export interface DeepLinkChoice {
  title: string;
  /** Where the platform launches the link: the tool's launch URL. */
  launchUrl: string;
  assignmentId: string;
  scoreMaximum: number;
}

/**
 * The LtiDeepLinkingResponse (Deep Linking 2.0 section 4.2): one ltiResourceLink that launches the chosen assignment
 * (named in a custom parameter) with a line item, so the platform makes a gradebook column scores can go to.
 */
export function signDeepLinkingResponse(
  key: ToolSigningKey,
  request: { clientId: string; issuer: string; deploymentId: string; data: string | null },
  choice: DeepLinkChoice,
): Promise<string> {
  return signToolJwt(
    key,
    {
      nonce: randomBytes(16).toString("base64url"),
      azp: request.issuer,
      [ltiClaim.messageType]: "LtiDeepLinkingResponse",
      [ltiClaim.version]: "1.3.0",
      [ltiClaim.deploymentId]: request.deploymentId,
      ...(request.data !== null ? { [ltiClaim.deepLinkingData]: request.data } : {}),
      [ltiClaim.contentItems]: [
        {
          type: "ltiResourceLink",
          title: choice.title,
          url: choice.launchUrl,
          custom: { markwise_assignment_id: choice.assignmentId },
          lineItem: { scoreMaximum: choice.scoreMaximum, label: choice.title, resourceId: choice.assignmentId, tag: "markwise" },
        },
      ],
    },
    { issuer: request.clientId, audience: request.issuer, expiresInSeconds: 5 * 60 },
  );
}
