import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCheckFailed } from "../../src/server/auth/read-session";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.deps.database.db;

describe(`a sign-in that cannot be checked (${testDatabaseKind})`, () => {
  it("answers 503 with a retry, not 401, while the database cannot read sessions, and the same cookie works again after", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "sesscheck");
    // A browser signed in just now: its cookie is in no process's session cache yet, so it is checked in the database.
    const browser = new TestClient(server.url);
    expect((await browser.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password })).status).toBe(200);

    await db().execute(sql`alter table sessions rename to sessions_out_of_reach`);
    try {
      const refused = await fetch(`${server.url}/api/profile-text`, { headers: { cookie: browser.cookieHeader() } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toEqual({ error: { code: "unavailable", message: sessionCheckFailed, fields: {} } });
    } finally {
      await db().execute(sql`alter table sessions_out_of_reach rename to sessions`);
    }
    expect((await browser.get("/api/profile-text")).status).toBe(200);
    // A cookie whose signature does not match is still no sign-in.
    const forged = browser.cookieHeader().replace(/=([^;.]*)/, "=forged$1");
    expect(forged).not.toBe(browser.cookieHeader());
    expect((await fetch(`${server.url}/api/profile-text`, { headers: { cookie: forged } })).status).toBe(401);
  });
});
