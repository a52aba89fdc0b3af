import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ltiPlatforms, ltiRegistrationLinks, users } from "../../src/server/db/schema";
import { LtiPlatformSimulator } from "../../scripts/playground/lti-platform";
import { signUpWithEmail } from "../helpers/lti-accounts";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let admin: TestClient;
const platforms: LtiPlatformSimulator[] = [];
const db = () => server.deps.database.db;
const adminEmail = `dynreg-admin-${Date.now().toString(36)}@school.test`;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: adminEmail } });
  admin = await signUpWithEmail(server.url, db(), adminEmail);
});
afterAll(async () => {
  await Promise.all(platforms.map((platform) => platform.stop()));
  await server?.stop();
});

/** A platform of its own per test: each registers with a client id of its own. */
async function newPlatform() {
  const platform = await new LtiPlatformSimulator(server.url).start();
  platforms.push(platform);
  return platform;
}

async function createLink(): Promise<string> {
  const created = await admin.post("/api/lti/registration-links");
  expect(created.status, created.text).toBe(200);
  expect(created.data.url).toMatch(new RegExp(`^${server.url}/api/lti/register/[A-Za-z0-9_-]{43}$`));
  expect(Date.parse(created.data.expiresAt) - Date.now()).toBeGreaterThan(55 * 60 * 1000);
  return new URL(created.data.url).pathname;
}

/** What the platform does with the admin's link: opens it with its configuration URL and registration token. */
function openAsPlatform(linkPath: string, platform: LtiPlatformSimulator, browser = new TestClient(server.url)) {
  const query = new URLSearchParams({ openid_configuration: platform.openidConfigurationUrl, registration_token: platform.registrationToken });
  return browser.get(`${linkPath}?${query}`);
}

const titleOf = (html: string) => html.match(/<h1>([^<]*)<\/h1>/)?.[1]?.replace(/&#39;/g, "'");
const platformsIssuedBy = (issuer: string) => db().select().from(ltiPlatforms).where(eq(ltiPlatforms.issuer, issuer));

describe(`LTI Dynamic Registration (${testDatabaseKind})`, () => {
  it("registers Markwise at the platform on an admin's link, stores the platform, and a launch from it then works", async () => {
    const platform = await newPlatform();
    const token = platform.registrationToken;
    const page = await openAsPlatform(await createLink(), platform);
    expect(page.status, page.text).toBe(200);
    expect(titleOf(page.text)).toBe("Markwise is registered");
    expect(page.text).toContain('<script src="/api/lti/registration-close.js"></script>');
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${platform.url};`);
    const script = await new TestClient(server.url).get("/api/lti/registration-close.js");
    expect(script.text).toContain('postMessage({ subject: "org.imsglobal.lti.close" }, "*")');

    expect(platform.registrations).toHaveLength(1);
    const [{ authorization, body }] = platform.registrations as [{ authorization: string; body: Record<string, any> }];
    expect(authorization).toBe(`Bearer ${token}`);
    expect(body).toMatchObject({
      application_type: "web",
      response_types: ["id_token"],
      grant_types: ["implicit", "client_credentials"],
      initiate_login_uri: `${server.url}/api/lti/login`,
      redirect_uris: [`${server.url}/api/lti/launch`],
      jwks_uri: `${server.url}/.well-known/jwks.json`,
      token_endpoint_auth_method: "private_key_jwt",
    });
    expect(body.scope.split(" ").sort()).toEqual([
      "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
      "https://purl.imsglobal.org/spec/lti-ags/scope/score",
      "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
    ]);
    const toolConfiguration = body["https://purl.imsglobal.org/spec/lti-tool-configuration"];
    expect(toolConfiguration).toMatchObject({ domain: new URL(server.url).host, target_link_uri: `${server.url}/api/lti/launch` });
    expect(toolConfiguration.claims).toEqual(expect.arrayContaining(["iss", "sub", "name", "email"]));
    expect(toolConfiguration.messages).toEqual([{ type: "LtiDeepLinkingRequest", target_link_uri: `${server.url}/api/lti/launch`, label: "Markwise" }]);

    const listed = (await admin.get("/api/lti/platforms")).data.platforms.find((row: { issuer: string }) => row.issuer === platform.issuer);
    expect(listed).toMatchObject({ ...platform.registration(`Moodle (${new URL(platform.url).host})`), addedBy: adminEmail });

    const teacher = await createSignedInTeacher(server.url, db(), "dynregt");
    const { launch } = await platform.launch(new TestClient(server.url), { user: { sub: "dynreg-teacher", name: "Pat Teacher", role: "instructor", email: teacher.email }, resourceLinkId: "rl-dynreg" });
    expect(launch.status, launch.text).toBe(303);
    expect(launch.headers.get("location")).toMatch(/^\/api\/lti\/picks\//);
  });

  it("refuses a link already used and an expired one, and registers nothing on them", async () => {
    const first = await newPlatform();
    const link = await createLink();
    expect((await openAsPlatform(link, first)).status).toBe(200);

    const second = await newPlatform();
    const reused = await openAsPlatform(link, second);
    expect(reused.status).toBe(410);
    expect(titleOf(reused.text)).toBe("This registration link was already used");
    expect(reused.text).toContain("create a new registration link");

    const expiring = await createLink();
    const links = await db().select({ id: ltiRegistrationLinks.id, usedAt: ltiRegistrationLinks.usedAt }).from(ltiRegistrationLinks);
    const unused = links.filter((row) => !row.usedAt);
    for (const row of unused) await db().update(ltiRegistrationLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(ltiRegistrationLinks.id, row.id));
    const expired = await openAsPlatform(expiring, second);
    expect(expired.status).toBe(410);
    expect(titleOf(expired.text)).toBe("This registration link has expired");

    const unknown = await openAsPlatform(`/api/lti/register/${"x".repeat(43)}`, second);
    expect(unknown.status).toBe(404);
    expect(second.registrations).toHaveLength(0);
    expect(await platformsIssuedBy(second.issuer)).toHaveLength(0);
  });

  it("refuses a configuration whose issuer does not match its URL, or that is incomplete, and keeps the link for a retry", async () => {
    const platform = await newPlatform();
    const link = await createLink();
    platform.configurationTamper = { issuer: "https://elsewhere.school.test" };
    const mismatched = await openAsPlatform(link, platform);
    expect(mismatched.status).toBe(400);
    expect(titleOf(mismatched.text)).toBe("The issuer does not match");
    expect(mismatched.text).toContain("https://elsewhere.school.test");

    platform.configurationTamper = { omit: "registration_endpoint" };
    const incomplete = await openAsPlatform(link, platform);
    expect(incomplete.status).toBe(400);
    expect(titleOf(incomplete.text)).toBe("The platform's configuration is incomplete");
    expect(incomplete.text).toContain("registration_endpoint");
    expect(platform.registrations).toHaveLength(0);
    expect(await platformsIssuedBy(platform.issuer)).toHaveLength(0);

    // Opened by hand (no configuration), the link says what it is for and stays unspent.
    const byHand = await new TestClient(server.url).get(link);
    expect(byHand.status).toBe(400);
    expect(titleOf(byHand.text)).toBe("Open this link from the learning platform");

    platform.configurationTamper = {};
    expect((await openAsPlatform(link, platform)).status).toBe(200);
    expect(await platformsIssuedBy(platform.issuer)).toHaveLength(1);
  });

  it("says so when the platform refuses the registration token, and stores nothing", async () => {
    const platform = await newPlatform();
    const refused = await new TestClient(server.url).get(`${await createLink()}?${new URLSearchParams({ openid_configuration: platform.openidConfigurationUrl, registration_token: "not-the-platforms" })}`);
    expect(refused.status).toBe(502);
    expect(titleOf(refused.text)).toBe("The platform refused the registration");
    expect(refused.text).toContain("HTTP 401");
    expect(await platformsIssuedBy(platform.issuer)).toHaveLength(0);
  });

  it("refuses a link whose creator is no longer an admin", async () => {
    const platform = await newPlatform();
    const link = await createLink();
    // The admin's account now has an address that is not in ADMIN_EMAILS.
    await db().update(users).set({ email: `former-${adminEmail}` }).where(eq(users.email, adminEmail));
    try {
      const refused = await openAsPlatform(link, platform);
      expect(refused.status).toBe(403);
      expect(titleOf(refused.text)).toBe("This registration link is no longer valid");
      expect(platform.registrations).toHaveLength(0);
    } finally {
      await db().update(users).set({ email: adminEmail }).where(eq(users.email, `former-${adminEmail}`));
    }
    expect((await openAsPlatform(link, platform)).status).toBe(200);
  });

  it("lets only an admin create a registration link", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "dynregno");
    const refused = await teacher.client.post("/api/lti/registration-links");
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toContain("ADMIN_EMAILS");
    expect((await new TestClient(server.url).post("/api/lti/registration-links")).status).toBe(401);
  });
});
