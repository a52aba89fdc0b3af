import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { logCapture } from "../../src/server/log-capture";
import { startTestServer, type TestServer } from "../support/test-server";

const { destination: logDestination, lines: logLines } = logCapture();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logDestination });
});
afterAll(() => server?.stop());

// Audit F, finding 9: better-auth wrote "\e[33mWARN\e[0m [Better Auth]: Invalid password" beside the JSON log.
describe(`better-auth's own log lines (${testDatabaseKind})`, () => {
  it("go through the app's JSON log, marked as better-auth's, without colour codes", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "authlog");
    const wrong = await new TestClient(server.url).post("/api/auth/sign-in/email", { email: teacher.email, password: "not the password at all" });
    expect(wrong.status).toBe(401);

    const entries = logLines.map((line) => JSON.parse(line) as { component?: string; msg?: string; level: number });
    const fromAuth = entries.filter((entry) => entry.component === "better-auth");
    expect(fromAuth.map((entry) => entry.msg)).toContain("Invalid password");
    expect(fromAuth.find((entry) => entry.msg === "Invalid password")?.level).toBe(40);
    expect(logLines.join("")).not.toContain("\u001b[");
  });
});
