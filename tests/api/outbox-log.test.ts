import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
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

/** Issue 15, finding 11: without a mail server, password-reset links were written to the log at info level. */
describe(`mail without a mail server (${testDatabaseKind})`, () => {
  it("keeps reset and confirmation links out of the log, and `npm run outbox` shows them to whoever runs the server", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "outbox");
    const request = await new TestClient(server.url).post("/api/auth/request-password-reset", { email: teacher.email, redirectTo: "/auth/reset-password" });
    expect(request.status).toBe(200);

    const log = logLines.join("");
    expect(log).toContain(teacher.email);
    expect(log).toContain("mail kept in the outbox");
    expect(log).not.toMatch(/reset-password\/|verify-email\?token=|token=/);

    const dir = path.join(server.dataDir, "outbox");
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(statSync(path.join(dir, file)).mode & 0o077).toBe(0);
    const printed = execFileSync(process.execPath, ["build/server/outbox.js", "2"], { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: "utf8" });
    expect(printed).toContain(`To: ${teacher.email}`);
    expect(printed).toMatch(/https?:\/\/\S+reset-password\S*/);
  }, 60_000);

  it("keeps the secret part of a link out of the request log when the link is opened", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "outbox");
    await new TestClient(server.url).post("/api/auth/request-password-reset", { email: teacher.email, redirectTo: "/auth/reset-password" });
    // This teacher's reset mail, once the server has written it (mail goes out after the answer).
    const resetMail = () => {
      const dir = path.join(server.dataDir, "outbox");
      const texts = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), "utf8"));
      return texts.find((text) => text.includes(`To: ${teacher.email}`) && text.includes("/reset-password/"));
    };
    await expect.poll(resetMail, { timeout: 10_000 }).toBeTruthy();
    const link = resetMail()!.match(/https?:\/\/\S+\/reset-password\/([\w-]+)\S*/)!;
    const token = link[1]!;
    const opened = await fetch(`${server.url}${new URL(link[0]).pathname}${new URL(link[0]).search}`, { redirect: "manual" });
    expect(opened.status).toBeLessThan(400);
    const made = ["feedbackTokenLogCheck0123456789abcdef", "practiceTokenLogCheck0123456789abcdef"];
    await fetch(`${server.url}/feedback/${made[0]}`);
    await fetch(`${server.url}/api/shared-practice/${made[1]}`);

    const loggedPaths = () => logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request").map((entry) => entry.path);
    await expect.poll(loggedPaths).toEqual(expect.arrayContaining(["/api/auth/reset-password/[redacted]", "/feedback/[redacted]", "/api/shared-practice/[redacted]"]));
    const log = logLines.join("");
    for (const secret of [token, ...made]) expect(log).not.toContain(secret);
  }, 60_000);
});
