import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

// Issue 16: a signed-in read needs no database round trip for the session. The revocation rule: in the process that
// made the change at once; anywhere else (another process, or the database edited directly) within 5 seconds.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.deps.database.db;

/** A request carrying exactly this Cookie header (the client's jar would drop a cookie the server cleared). */
const withCookie = (cookie: string, path = "/api/profile-text") => fetch(`${server.url}${path}`, { headers: { cookie } }).then((r) => r.status);

describe(`the session cache (${testDatabaseKind})`, () => {
  it("ends a session at sign-out at once, even for a copy of its cookie", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "cache");
    const cookie = teacher.client.cookieHeader();
    expect(await withCookie(cookie)).toBe(200);
    expect((await teacher.client.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(await withCookie(cookie)).toBe(401);
  });

  it("signs the teacher out everywhere (the global scope): every browser's session ends at once, another teacher's stays", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "cache");
    const other = await createSignedInTeacher(server.url, db(), "cache");
    const laptop = new TestClient(server.url);
    expect((await laptop.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password })).status).toBe(200);
    expect((await laptop.get("/api/profile-text")).status).toBe(200);
    expect((await other.client.get("/api/profile-text")).status).toBe(200);

    expect((await teacher.client.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await laptop.get("/api/profile-text")).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, teacher.id))).toHaveLength(0);
    expect((await other.client.get("/api/profile-text")).status).toBe(200);
  });

  it("ends the teacher's other sessions at once when the password changes with 'sign out elsewhere'", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "cache");
    const laptop = new TestClient(server.url);
    expect((await laptop.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password })).status).toBe(200);
    expect((await laptop.get("/api/profile-text")).status).toBe(200);
    const changed = await teacher.client.post("/api/auth/change-password", { currentPassword: teacher.password, newPassword: "another horse battery", revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    expect((await laptop.get("/api/profile-text")).status).toBe(401);
  });

  it("ends the other sessions on a password change even when the client does not ask to", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "cache");
    const laptop = new TestClient(server.url);
    expect((await laptop.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password })).status).toBe(200);
    const changed = await teacher.client.post("/api/auth/change-password", { currentPassword: teacher.password, newPassword: "another horse battery" });
    expect(changed.status).toBe(200);
    expect((await laptop.get("/api/profile-text")).status).toBe(401);
    expect((await teacher.client.get("/api/profile-text")).status).toBe(200);
  });

  it("ends a session removed behind this process's back (another server, an administrator) within 5 seconds", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "cache");
    const cookie = teacher.client.cookieHeader();
    expect(await withCookie(cookie)).toBe(200);
    await db().delete(sessions).where(eq(sessions.userId, teacher.id));
    const removedAt = Date.now();
    let status = await withCookie(cookie);
    while (status === 200 && Date.now() - removedAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await withCookie(cookie);
    }
    expect(status).toBe(401);
    expect(Date.now() - removedAt).toBeLessThanOrEqual(5_500);
  });
});
