import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher, uniqueTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Issue 15, finding 3: a page on another origin could change a teacher's data with their cookie. */
describe(`every state-changing request comes from Markwise's own origin (${testDatabaseKind})`, () => {
  it("refuses a foreign or missing Origin with the teacher's cookie, and a body disguised as JSON", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "origin");
    const cookie = teacher.client.cookieList().map((item) => `${item.name}=${item.value}`).join("; ");
    const create = (headers: Record<string, string>, body = JSON.stringify({ teacherId: teacher.id })) =>
      fetch(new URL("/api/assignments", server.url), { method: "POST", headers: { cookie, ...headers }, body });

    const foreign = await create({ origin: "https://evil.school.test", "content-type": "application/json" });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.message).toBe("Requests from https://evil.school.test are not accepted. Use Markwise at its own address.");
    expect((await create({ "content-type": "application/json" })).status).toBe(403);
    // The form a page can send without a preflight: the media type is text/plain.
    const disguised = await create({ origin: new URL(server.url).origin, "content-type": "text/plain; application/json" });
    expect(disguised.status).toBe(415);
    expect((await teacher.client.get("/api/assignments/teacher/" + teacher.id + "?status=draft")).data).toEqual([]);

    // Reading is not changing: a GET from anywhere still needs the session, and gets the teacher's own data only.
    expect((await teacher.client.get("/api/teacher-profile", { origin: "https://evil.school.test" })).status).toBe(404);
    // The teacher's own page still works.
    expect((await teacher.client.post("/api/assignments", { teacherId: teacher.id })).status).toBe(201);
  });

  it("refuses sign-in from another origin (login CSRF), and lets a script without cookies reach a public route", async () => {
    const client = new TestClient(server.url);
    const stranger = uniqueTeacher("originx");
    const signIn = await client.request("POST", "/api/auth/sign-in/email", { json: { email: stranger.email, password: stranger.password }, headers: { origin: "https://evil.school.test" } });
    expect(signIn.status).toBe(403);
    const lead = await fetch(new URL("/api/leads", server.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "get_started", name: "Sam Lee", email: "sam@school.test", school: "Lincoln High", message: "Hello" }),
    });
    expect(lead.status).not.toBe(403);
  });
});
