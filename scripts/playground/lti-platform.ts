import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml, renderPage } from "./html";
import { createRemoteJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";

/**
 * A learning platform in miniature, for the LTI tests and the playground (scripts/playground.ts): its own RSA keys
 * and JWKS, an OIDC authentication endpoint that answers a login with a signed id_token (as an auto-post form), a
 * token endpoint that checks the tool's client assertion against the tool's JWKS, a course membership (NRPS), line
 * items and scores (AGS) that record what they receive, and Deep Linking returns that become resource links. Launch
 * claims can be bent (other key, audience, deployment) to check what the tool refuses.
 */

export const roles = {
  instructor: "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
  learner: "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",
};
const claim = (name: string) => `https://purl.imsglobal.org/spec/lti/claim/${name}`;
const scopes = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  memberships: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
};

export interface PlatformUser {
  sub: string;
  name: string;
  email?: string;
  role: "instructor" | "learner";
}

export interface LaunchPlan {
  user: PlatformUser;
  messageType?: "LtiResourceLinkRequest" | "LtiDeepLinkingRequest";
  resourceLinkId?: string;
  contextId?: string;
  custom?: Record<string, string>;
  /** Bend the id_token to check refusals. */
  tamper?: { signWithOtherKey?: boolean; audience?: string | string[]; azp?: string; deploymentId?: string; nonce?: string; version?: string };
}

export interface Member {
  user_id: string;
  name: string;
  email?: string;
  roles: string[];
  status?: string;
  lis_person_sourcedid?: string;
}

/** What a test's HTTP client offers: a request with its cookies, answering status, headers and text. */
export interface BrowserLikeClient {
  request(method: string, path: string, options: { body?: BodyInit; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; text: string }>;
}

export interface PlatformOptions {
  /** A fixed client id (the playground keeps it across restarts); tests get a fresh one each. */
  clientId?: string;
  /** The platform's private signing key as a JWK, so a restarted playground keeps the keys Markwise has cached. */
  privateJwk?: JWK;
  /** What the OpenID configuration calls the platform (Markwise names a dynamically registered platform after it). */
  productFamily?: string;
  /** Where the page after a Deep Linking return links back to (the course page). */
  homeUrl?: string;
}

/** A link the platform made from a Deep Linking content item: launching it opens the tool with these parameters. */
export interface ResourceLink {
  id: string;
  title: string;
  custom: Record<string, string>;
  lineItemId?: string;
}

export interface ReceivedScore {
  lineItem: string;
  body: { userId: string; scoreGiven: number; scoreMaximum: number; comment?: string; activityProgress: string; gradingProgress: string; timestamp: string };
}

export class LtiPlatformSimulator {
  readonly clientId: string;
  readonly deploymentId = "deployment-1";
  readonly members: Member[] = [];
  readonly scores: ReceivedScore[] = [];
  readonly lineItems: { id: string; label: string; scoreMaximum: number; resourceLinkId?: string; resourceId?: string }[] = [];
  /** Each PUT on a line item, as received. */
  readonly lineItemUpdates: { id: string; body: { label?: string; scoreMaximum?: number } }[] = [];
  readonly tokenRequests: { scope: string; assertion: JWTPayload }[] = [];
  readonly deepLinkResponses: JWTPayload[] = [];
  readonly resourceLinks: ResourceLink[] = [];
  readonly authRequests: URLSearchParams[] = [];
  /** Dynamic Registration: the tool registrations received, and the one-time token the registration endpoint takes. */
  readonly registrations: { authorization: string | undefined; body: Record<string, any> }[] = [];
  registrationToken = randomBytes(12).toString("hex");
  /** Bend the OpenID configuration to check what the tool refuses. */
  configurationTamper: { issuer?: string; omit?: string } = {};
  /** Line item a resource link launch names (set by the tests); otherwise the platform offers only its line items list. */
  lineItemFor = new Map<string, string>();
  private readonly plans = new Map<string, LaunchPlan>();
  private readonly tokens = new Map<string, string[]>();
  private server?: Server;
  private key!: { privateKey: CryptoKey; jwk: JWK };
  private otherKey!: CryptoKey;
  url = "";

  constructor(
    private readonly toolUrl: string,
    private readonly options: PlatformOptions = {},
  ) {
    this.clientId = options.clientId ?? `markwise-${randomUUID().slice(0, 8)}`;
  }

  get issuer() {
    return this.url;
  }

  /** What an admin types into Markwise for this platform. */
  registration(name = "Simulated LMS") {
    return { name, issuer: this.issuer, clientId: this.clientId, deploymentIds: [this.deploymentId], authLoginUrl: `${this.url}/auth`, tokenUrl: `${this.url}/token`, keysetUrl: `${this.url}/jwks` };
  }

  /** On a port of its own (the tests). */
  async start(): Promise<this> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return this.attach(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  /** Answering at `url` through another server's `handle` calls (the playground mounts it under a path). */
  async attach(url: string): Promise<this> {
    this.url = url;
    const privateKey = this.options.privateJwk ? ((await importJWK(this.options.privateJwk, "RS256", { extractable: true })) as CryptoKey) : (await generateKeyPair("RS256", { extractable: true })).privateKey;
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = await exportJWK(privateKey);
    this.key = { privateKey, jwk: { ...publicJwk, kid: "platform-key-1", alg: "RS256", use: "sig" } };
    this.otherKey = (await generateKeyPair("RS256")).privateKey;
    return this;
  }

  /** The private signing key, for the playground to keep. */
  exportPrivateKey(): Promise<JWK> {
    return exportJWK(this.key.privateKey);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Where the platform's OpenID configuration is served (what it passes as `openid_configuration`). */
  get openidConfigurationUrl() {
    return `${this.url}/.well-known/openid-configuration`;
  }

  /** The platform's OpenID configuration for Dynamic Registration, as Moodle serves it (the parts the tool reads). */
  openidConfiguration(): Record<string, unknown> {
    const configuration: Record<string, unknown> = {
      issuer: this.configurationTamper.issuer ?? this.issuer,
      authorization_endpoint: `${this.url}/auth`,
      token_endpoint: `${this.url}/token`,
      jwks_uri: `${this.url}/jwks`,
      registration_endpoint: `${this.url}/register`,
      scopes_supported: ["openid", scopes.lineItem, scopes.score, scopes.memberships, "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly"],
      response_types_supported: ["id_token"],
      id_token_signing_alg_values_supported: ["RS256"],
      "https://purl.imsglobal.org/spec/lti-platform-configuration": { product_family_code: this.options.productFamily ?? "moodle", version: "4.5", messages_supported: [{ type: "LtiResourceLinkRequest" }, { type: "LtiDeepLinkingRequest" }] },
    };
    if (this.configurationTamper.omit) delete configuration[this.configurationTamper.omit];
    return configuration;
  }

  membershipsUrl(contextId: string) {
    return `${this.url}/nrps/${contextId}`;
  }

  /**
   * A whole launch as a browser makes it: login initiation at the tool (which sets the state cookie and redirects
   * here), the platform's authentication answer (a form with id_token and state), and that form posted to the tool.
   */
  async launch(browser: BrowserLikeClient, plan: LaunchPlan) {
    const hint = this.planLaunch(plan);
    const login = await browser.request("POST", "/api/lti/login", {
      body: new URLSearchParams(this.loginParameters(hint)),
      headers: { origin: this.url },
    });
    if (login.status !== 302) return { login, launch: login, form: undefined };
    const auth = await fetch(login.headers.get("location")!);
    const form = parseAutoPostForm(await auth.text());
    const launch = await this.postLaunch(browser, form);
    return { login, launch, form };
  }

  /**
   * The launch the next login with the answered hint stands for; what a platform page puts in its login
   * initiation (`login_hint`), as the playground's launch buttons do.
   */
  planLaunch(plan: LaunchPlan): string {
    const hint = randomUUID();
    this.plans.set(hint, plan);
    return hint;
  }

  /** The parameters of a third-party initiated login at the tool for a planned launch. */
  loginParameters(hint: string): Record<string, string> {
    return { iss: this.issuer, login_hint: hint, target_link_uri: `${this.toolUrl}/api/lti/launch`, client_id: this.clientId, lti_deployment_id: this.deploymentId };
  }

  /** Posts an id_token and state to the tool's launch URL as the platform's page would. */
  postLaunch(browser: BrowserLikeClient, form: { action: string; fields: Record<string, string> }) {
    return browser.request("POST", new URL(form.action).pathname, { body: new URLSearchParams(form.fields), headers: { origin: this.url } });
  }

  /** An id_token for a plan, signed now (by the platform's key unless the plan says otherwise). */
  async idToken(plan: LaunchPlan, nonce: string): Promise<string> {
    const contextId = plan.contextId ?? "course-1";
    const messageType = plan.messageType ?? "LtiResourceLinkRequest";
    const resourceLinkId = plan.resourceLinkId ?? "resource-1";
    const payload: JWTPayload = {
      nonce: plan.tamper?.nonce ?? nonce,
      name: plan.user.name,
      ...(plan.user.email ? { email: plan.user.email } : {}),
      ...(plan.tamper?.azp ? { azp: plan.tamper.azp } : {}),
      [claim("message_type")]: messageType,
      [claim("version")]: plan.tamper?.version ?? "1.3.0",
      [claim("deployment_id")]: plan.tamper?.deploymentId ?? this.deploymentId,
      [claim("target_link_uri")]: `${this.toolUrl}/api/lti/launch`,
      [claim("roles")]: [roles[plan.user.role]],
      [claim("context")]: { id: contextId, title: `Course ${contextId}`, label: contextId },
      ...(plan.custom ? { [claim("custom")]: plan.custom } : {}),
      "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": { context_memberships_url: this.membershipsUrl(contextId), service_versions: ["2.0"] },
      "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": {
        scope: [scopes.lineItem, scopes.score],
        lineitems: `${this.url}/lineitems`,
        ...(this.lineItemFor.has(resourceLinkId) ? { lineitem: this.lineItemFor.get(resourceLinkId) } : {}),
      },
      ...(messageType === "LtiResourceLinkRequest"
        ? { [claim("resource_link")]: { id: resourceLinkId, title: "Essay" } }
        : {
            "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": {
              deep_link_return_url: `${this.url}/deep-link-return`,
              accept_types: ["ltiResourceLink"],
              accept_presentation_document_targets: ["iframe", "window"],
              data: "platform-opaque-data",
            },
          }),
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid: this.key.jwk.kid! })
      .setIssuer(this.issuer)
      .setSubject(plan.user.sub)
      .setAudience(plan.tamper?.audience ?? this.clientId)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(plan.tamper?.signWithOtherKey ? this.otherKey : this.key.privateKey);
  }

  /** Answers one request under the platform's URL (a server mounting it at a path passes the request on as it came). */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requested = new URL(request.url!, this.url);
    const url = new URL(requested);
    url.pathname = requested.pathname.slice(new URL(this.url).pathname.replace(/\/$/, "").length);
    if (request.method === "GET" && url.pathname === "/jwks") return send(response, 200, { keys: [this.key.jwk] });
    if (request.method === "GET" && url.pathname === "/auth") return this.authenticate(url.searchParams, response);
    if (request.method === "GET" && url.pathname === "/.well-known/openid-configuration") return send(response, 200, this.openidConfiguration());
    if (request.method === "GET" && url.pathname === "/registration-host") return this.registrationHost(url.searchParams.get("link") ?? "", response);
    if (request.method === "POST" && url.pathname === "/register") return this.register(request.headers.authorization, await readBody(request), response);
    if (request.method === "POST" && url.pathname === "/token") return this.issueToken(new URLSearchParams(await readBody(request)), response);
    if (request.method === "POST" && url.pathname === "/deep-link-return") return this.receiveDeepLink(new URLSearchParams(await readBody(request)), response);
    const granted = this.tokens.get((request.headers.authorization ?? "").replace(/^Bearer /, "")) ?? [];
    if (url.pathname.startsWith("/nrps/")) {
      if (!granted.includes(scopes.memberships)) return send(response, 401, { error: "token lacks the membership scope" });
      return send(response, 200, { context: { id: url.pathname.slice(6) }, members: this.members, id: requested.toString() });
    }
    if (url.pathname === "/lineitems") {
      if (!granted.includes(scopes.lineItem)) return send(response, 401, { error: "token lacks the lineitem scope" });
      if (request.method === "GET") return send(response, 200, this.lineItems.filter((item) => item.resourceLinkId === url.searchParams.get("resource_link_id")));
      const body = JSON.parse(await readBody(request)) as { label: string; scoreMaximum: number; resourceLinkId?: string; resourceId?: string };
      const item = { ...body, id: `${this.url}/lineitems/${this.lineItems.length + 1}/lineitem` };
      this.lineItems.push(item);
      return send(response, 201, item);
    }
    const itemPath = url.pathname.match(/^\/lineitems\/\d+\/lineitem$/);
    if (itemPath && (request.method === "GET" || request.method === "PUT")) {
      if (!granted.includes(scopes.lineItem)) return send(response, 401, { error: "token lacks the lineitem scope" });
      const item = this.lineItems.find((candidate) => candidate.id === `${this.url}${url.pathname}`);
      if (!item) return send(response, 404, { error: "no such line item" });
      if (request.method === "GET") return send(response, 200, item);
      if (request.headers["content-type"] !== "application/vnd.ims.lis.v2.lineitem+json") return send(response, 415, { error: "line item media type expected" });
      // AGS: a PUT replaces the line item's fields; its id stays.
      const body = JSON.parse(await readBody(request)) as { label?: string; scoreMaximum?: number };
      this.lineItemUpdates.push({ id: item.id, body });
      Object.assign(item, body, { id: item.id });
      return send(response, 200, item);
    }
    const score = url.pathname.match(/^(\/lineitems\/\d+\/lineitem)\/scores$/);
    if (score && request.method === "POST") {
      if (!granted.includes(scopes.score)) return send(response, 401, { error: "token lacks the score scope" });
      if (request.headers["content-type"] !== "application/vnd.ims.lis.v1.score+json") return send(response, 415, { error: "score media type expected" });
      this.scores.push({ lineItem: `${this.url}${score[1]}`, body: JSON.parse(await readBody(request)) as ReceivedScore["body"] });
      return send(response, 200, {});
    }
    send(response, 404, { error: `no route ${request.method} ${url.pathname}` });
  }

  /** The OIDC authentication endpoint: checks the tool's request, then answers the launch as an auto-post form. */
  private async authenticate(query: URLSearchParams, response: ServerResponse): Promise<void> {
    this.authRequests.push(query);
    const plan = this.plans.get(query.get("login_hint") ?? "");
    const problems = [
      query.get("scope") !== "openid" && "scope",
      query.get("response_type") !== "id_token" && "response_type",
      query.get("response_mode") !== "form_post" && "response_mode",
      query.get("client_id") !== this.clientId && "client_id",
      query.get("redirect_uri") !== `${this.toolUrl}/api/lti/launch` && "redirect_uri",
      !query.get("nonce") && "nonce",
      !query.get("state") && "state",
      !plan && "login_hint",
    ].filter(Boolean);
    if (problems.length) return send(response, 400, { error: `bad authentication request: ${problems.join(", ")}` });
    const idToken = await this.idToken(plan!, query.get("nonce")!);
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<form method="post" action="${query.get("redirect_uri")}"><input type="hidden" name="id_token" value="${idToken}"><input type="hidden" name="state" value="${query.get("state")}"></form><script>document.forms[0].submit();</script>`);
  }

  /**
   * The platform's admin page during a Dynamic Registration: the tool's link in a frame, with the configuration URL
   * and registration token added, and the page's title set to what the frame posts back (the close message).
   */
  private registrationHost(link: string, response: ServerResponse): void {
    const framed = this.registrationFrameUrl(link);
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><title>Registering</title><iframe title="Tool registration" src="${framed.replace(/&/g, "&amp;")}" width="600" height="400"></iframe>
<script>window.addEventListener("message", (event) => { document.title = "Received " + JSON.stringify(event.data); });</script>`);
  }

  /** The tool's registration link as the platform opens it: with its configuration URL and a registration token. */
  registrationFrameUrl(link: string): string {
    return `${link}?${new URLSearchParams({ openid_configuration: this.openidConfigurationUrl, registration_token: this.registrationToken })}`;
  }

  /** The registration endpoint: the one-time bearer token, then the tool's client registration, answered with ids. */
  private register(authorization: string | undefined, body: string, response: ServerResponse): void {
    this.registrations.push({ authorization, body: JSON.parse(body) as Record<string, any> });
    if (authorization !== `Bearer ${this.registrationToken}`) return send(response, 401, { error: "invalid_token", error_description: "registration token unknown or used" });
    this.registrationToken = randomBytes(12).toString("hex");
    const registration = JSON.parse(body) as Record<string, any>;
    const toolConfiguration = "https://purl.imsglobal.org/spec/lti-tool-configuration";
    send(response, 200, { ...registration, client_id: this.clientId, [toolConfiguration]: { ...registration[toolConfiguration], deployment_id: this.deploymentId } });
  }

  private toolKeys() {
    return createRemoteJWKSet(new URL(`${this.toolUrl}/.well-known/jwks.json`));
  }

  /** client_credentials with a JWT client assertion, checked against the tool's published keys. */
  private async issueToken(form: URLSearchParams, response: ServerResponse): Promise<void> {
    if (form.get("grant_type") !== "client_credentials" || form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer") {
      return send(response, 400, { error: "unsupported_grant_type" });
    }
    try {
      const { payload } = await jwtVerify(form.get("client_assertion") ?? "", this.toolKeys(), { issuer: this.clientId, subject: this.clientId, audience: `${this.url}/token` });
      this.tokenRequests.push({ scope: form.get("scope") ?? "", assertion: payload });
    } catch (error) {
      return send(response, 401, { error: "invalid_client", error_description: String(error) });
    }
    const token = randomBytes(16).toString("hex");
    this.tokens.set(token, (form.get("scope") ?? "").split(" "));
    send(response, 200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: form.get("scope") });
  }

  /**
   * What a platform does with a Deep Linking response: each ltiResourceLink becomes a link in the course, and one
   * that asks for a line item gets its gradebook column, named in that link's launches.
   */
  private addResourceLinks(payload: JWTPayload): ResourceLink[] {
    const items = (payload["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"] ?? []) as { type: string; title?: string; custom?: Record<string, string>; lineItem?: { label?: string; scoreMaximum: number; resourceId?: string } }[];
    return items
      .filter((item) => item.type === "ltiResourceLink")
      .map((item) => {
        const link: ResourceLink = { id: `link-${this.resourceLinks.length + 1}-${randomUUID().slice(0, 8)}`, title: item.title ?? "Untitled", custom: item.custom ?? {} };
        if (item.lineItem) {
          const lineItem = { id: `${this.url}/lineitems/${this.lineItems.length + 1}/lineitem`, label: item.lineItem.label ?? link.title, scoreMaximum: item.lineItem.scoreMaximum, resourceLinkId: link.id, ...(item.lineItem.resourceId ? { resourceId: item.lineItem.resourceId } : {}) };
          this.lineItems.push(lineItem);
          this.lineItemFor.set(link.id, lineItem.id);
          link.lineItemId = lineItem.id;
        }
        this.resourceLinks.push(link);
        return link;
      });
  }

  private async receiveDeepLink(form: URLSearchParams, response: ServerResponse): Promise<void> {
    try {
      const { payload } = await jwtVerify(form.get("JWT") ?? "", this.toolKeys(), { issuer: this.clientId, audience: this.issuer });
      this.deepLinkResponses.push(payload);
      const added = this.addResourceLinks(payload);
      const home = this.options.homeUrl ? `<p><a href="${this.options.homeUrl}">Back to the course</a></p>` : "";
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(renderPage("Added to the course", `<section><ul>${added.map((link) => `<li>${escapeHtml(link.title)}</li>`).join("")}</ul>${home}</section>`));
    } catch (error) {
      send(response, 401, { error: String(error) });
    }
  }
}

/** The action and hidden fields of an auto-posting form page. */
export function parseAutoPostForm(html: string): { action: string; fields: Record<string, string> } {
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
  if (!action) throw new Error(`No form in: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[match[1]!] = match[2]!.replace(/&amp;/g, "&");
  return { action: action.replace(/&amp;/g, "&"), fields };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
