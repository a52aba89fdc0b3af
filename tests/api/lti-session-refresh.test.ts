import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ltiPlatforms, sessions, users } from "../../src/server/db/schema";
import { LtiPlatformSimulator, type PlatformUser } from "../../scripts/playground/lti-platform";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The server believes it is served over HTTPS (PUBLIC_URL), as behind a TLS proxy, so an LTI launch sets its session
 * cookie SameSite=None; Secure; Partitioned. The test talks plain HTTP to it; the cookie attributes are only read.
 */
const publicUrl = "https://markwise.school.test";
let server: TestServer;
let platform: LtiPlatformSimulator;
const db = () => server.deps.database.db;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: publicUrl } });
  platform = await new LtiPlatformSimulator(publicUrl).start();
  // Registered straight in the database: the admin's page is tested in lti.test.ts, and sign-up would need the
  // browser's origin to be the public https one.
  await db().insert(ltiPlatforms).values(platform.registration());
});
afterAll(async () => {
  await platform?.stop();
  await server?.stop();
});

const sessionCookieName = "__Secure-markwise.session_token";
const sessionCookieOf = (response: { headers: Headers }) => response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${sessionCookieName}=`));

/** Signs a new instructor in by a launch; returns their browser and the session row. */
async function launchedTeacher(tag: string) {
  const email = `${tag}-${Date.now().toString(36)}@school.test`;
  const user: PlatformUser = { sub: `${tag}-${Date.now()}`, name: "Pat Teacher", role: "instructor", email };
  const browser = new TestClient(server.url);
  const { launch } = await platform.launch(browser, { user, resourceLinkId: `rl-${tag}` });
  expect(launch.status, launch.text).toBe(303);
  const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  const [session] = await db().select().from(sessions).where(eq(sessions.userId, account!.id));
  return { browser, launch, session: session! };
}

/** Moves the session's expiry back, as if it was last renewed long enough ago that the next read renews it. */
async function makeDueForRenewal(sessionId: string) {
  const { expiresIn, updateAge } = (await server.deps.auth.$context).sessionConfig;
  const expiresAt = new Date(Date.now() + (expiresIn - updateAge - 60) * 1000);
  await db().update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

describe(`LTI session cookie kept through a renewal (${testDatabaseKind})`, () => {
  it("writes a renewed LTI session's cookie back as SameSite=None; Secure; Partitioned, not better-auth's Lax", async () => {
    const { browser, launch, session } = await launchedTeacher("renew");
    expect(session.ltiCrossSite).toBe(true);
    const first = sessionCookieOf(launch)!;
    expect(first).toMatch(/SameSite=None/i);
    expect(first).toMatch(/; Secure/i);
    expect(first).toMatch(/; Partitioned/i);

    const dueAt = await makeDueForRenewal(session.id);
    const renewed = await browser.get("/api/auth/get-session");
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.data.user.email).toMatch(/^renew-/);
    const written = renewed.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${sessionCookieName}=`));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/SameSite=None/i);
    expect(written[0]).toMatch(/; Secure/i);
    expect(written[0]).toMatch(/; Partitioned/i);
    expect(written[0]).toMatch(/Max-Age=\d{3,}/i);
    const [after] = await db().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, session.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime());
    // The renewed cookie still signs the teacher in.
    expect((await browser.get("/api/auth/get-session")).data.user.email).toMatch(/^renew-/);
  });

  it("leaves a session that was not signed in cross-site to better-auth's Lax cookie", async () => {
    const { browser, session } = await launchedTeacher("plain");
    await db().update(sessions).set({ ltiCrossSite: false }).where(eq(sessions.id, session.id));
    await makeDueForRenewal(session.id);
    const renewed = await browser.get("/api/auth/get-session");
    expect(renewed.status, renewed.text).toBe(200);
    const written = sessionCookieOf(renewed)!;
    expect(written).toMatch(/SameSite=Lax/i);
    expect(written).not.toMatch(/Partitioned/i);
  });
});
