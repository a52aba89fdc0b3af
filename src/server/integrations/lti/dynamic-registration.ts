import { safeJson } from "../safe-json";
import { z } from "zod";
import type { LtiToolUrls } from "../../../contracts/lti";

/**
 * IMS LTI Dynamic Registration 1.0, the tool's side: read the platform's OpenID configuration, then register the tool
 * at the platform's registration endpoint and read back the client id and deployment id it was given.
 */

const platformClaim = "https://purl.imsglobal.org/spec/lti-platform-configuration";
const toolClaim = "https://purl.imsglobal.org/spec/lti-tool-configuration";

/** The scopes Markwise uses: NRPS to read the roster, AGS to create line items and post scores. */
export const toolScopes = [
  "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
  "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  "https://purl.imsglobal.org/spec/lti-ags/scope/score",
];

/** A registration step that failed: a title and what the admin should do, shown as a plain page. */
export class RegistrationError extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly status: 400 | 403 | 404 | 410 | 502 = 400,
  ) {
    super(message);
  }
}

const url = z.url({ protocol: /^https?$/ });

export const platformConfiguration = z.object({
  issuer: url,
  authorization_endpoint: url,
  token_endpoint: url,
  jwks_uri: url,
  registration_endpoint: url,
  scopes_supported: z.array(z.string()).optional(),
  [platformClaim]: z.object({
    product_family_code: z.string().min(1),
    version: z.string().optional(),
    messages_supported: z.array(z.object({ type: z.string() }).loose()).optional(),
  }),
});
export type PlatformConfiguration = z.infer<typeof platformConfiguration>;

const registrationResponse = z.object({
  client_id: z.string().min(1),
  [toolClaim]: z.object({ deployment_id: z.string().min(1).optional() }).loose().optional(),
});

const fieldList = (error: z.ZodError) => [...new Set(error.issues.map((issue) => String(issue.path[0] ?? "the document")))].join(", ");

/** Reads and checks the platform's configuration; its URL must begin with the issuer it names (the spec's rule). */
export async function fetchPlatformConfiguration(configurationUrl: string, fetchImpl: typeof fetch = fetch): Promise<PlatformConfiguration> {
  let body: unknown;
  try {
    const response = await fetchImpl(configurationUrl, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new RegistrationError("The platform's configuration could not be read", `${configurationUrl} answered HTTP ${response.status}. Check that the platform is reachable from the Markwise server, then start the registration again.`, 502);
    body = await response.json();
  } catch (error) {
    if (error instanceof RegistrationError) throw error;
    throw new RegistrationError("The platform's configuration could not be read", `Markwise could not read ${configurationUrl} as JSON (${error instanceof Error ? error.message : String(error)}). Check that the platform is reachable from the Markwise server, then start the registration again.`, 502);
  }
  const parsed = platformConfiguration.safeParse(body);
  if (!parsed.success) {
    throw new RegistrationError("The platform's configuration is incomplete", `The OpenID configuration at ${configurationUrl} lacks or misstates: ${fieldList(parsed.error)}. Markwise needs the issuer, the authorization, token, keyset and registration endpoints and the LTI platform configuration; update the platform, then start again.`);
  }
  if (!configurationUrl.startsWith(parsed.data.issuer)) {
    throw new RegistrationError("The issuer does not match", `The configuration names the issuer ${parsed.data.issuer}, but it was served from ${configurationUrl}, which does not start with it. The platform's issuer setting (its site address) must be the address it is reached at; correct it, then start again.`);
  }
  return parsed.data;
}

/** The client registration Markwise asks for: launches, deep linking, the e-mail and name claims, NRPS and AGS. */
export function toolRegistrationRequest(tool: LtiToolUrls, configuration: PlatformConfiguration) {
  const offered = configuration.scopes_supported;
  // A platform that lists its scopes gets asked only for those it has; one that lists none is asked for all.
  const scopes = offered ? toolScopes.filter((scope) => offered.includes(scope)) : toolScopes;
  return {
    application_type: "web",
    response_types: ["id_token"],
    grant_types: ["implicit", "client_credentials"],
    initiate_login_uri: tool.loginUrl,
    redirect_uris: [tool.launchUrl],
    client_name: "Markwise",
    jwks_uri: tool.jwksUrl,
    token_endpoint_auth_method: "private_key_jwt",
    scope: scopes.join(" "),
    [toolClaim]: {
      domain: tool.domain,
      target_link_uri: tool.launchUrl,
      description: "Grade essays against your rubric, review the grades and send them to the gradebook.",
      claims: ["iss", "sub", "name", "given_name", "family_name", "email"],
      messages: [{ type: "LtiDeepLinkingRequest", target_link_uri: tool.deepLinkingUrl, label: "Markwise" }],
    },
  };
}

/** Posts the registration with the platform's one-time token; the platform's refusal is passed on in words. */
export async function registerTool(configuration: PlatformConfiguration, request: ReturnType<typeof toolRegistrationRequest>, registrationToken: string | undefined, fetchImpl: typeof fetch = fetch): Promise<{ clientId: string; deploymentId: string | undefined }> {
  let response: Response;
  try {
    response = await fetchImpl(configuration.registration_endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}) },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new RegistrationError("The platform could not be reached", `Markwise could not reach ${configuration.registration_endpoint} (${error instanceof Error ? error.message : String(error)}). Check that the platform is reachable from the Markwise server, then start again.`, 502);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new RegistrationError("The platform refused the registration", `${configuration.registration_endpoint} answered HTTP ${response.status}: ${text.slice(0, 300) || "(no detail)"}. The registration token may have expired: start the registration again from the platform.`, 502);
  }
  const parsed = registrationResponse.safeParse(safeJson(text));
  if (!parsed.success) throw new RegistrationError("The platform's answer is incomplete", `The platform accepted the registration but sent no client_id. Remove the half-made registration on the platform and start again.`, 502);
  return { clientId: parsed.data.client_id, deploymentId: parsed.data[toolClaim]?.deployment_id };
}
