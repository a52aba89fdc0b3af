import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { startTestServer, type TestServer } from "../support/test-server";
import { securityHeaders } from "../../src/server/http/security-headers";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Issue 15, finding 9: no page had a Content-Security-Policy. */
describe("Content-Security-Policy", () => {
  it("allows scripts from this server only, on every answer, and the API reference has no inline script", async () => {
    const client = new TestClient(server.url);
    for (const path of ["/api/health", "/api/docs", "/no-such-page"]) {
      const policy = (await client.get(path)).headers.get("content-security-policy") ?? "";
      const directives = Object.fromEntries(policy.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
      expect(directives["script-src"], path).toEqual(["'self'"]);
      expect(directives["default-src"], path).toEqual(["'self'"]);
      expect(directives["object-src"], path).toEqual(["'none'"]);
      expect(directives["frame-ancestors"], path).toEqual(["'none'"]);
    }
    const docs = (await client.get("/api/docs")).text;
    expect(docs).toContain('<script type="module" src="/api/docs.js"></script>');
    expect(docs).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const script = await client.get("/api/docs.js");
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect(script.text).toContain('fetch("/api/openapi.json")');
  });

  it("sends every security header once on pages, files, API answers and errors", async () => {
    const client = new TestClient(server.url);
    for (const path of ["/api/health", "/", "/api/docs.js", "/api/no-such-route", "/api/assignments"]) {
      const answer = await client.get(path);
      for (const [name, value] of securityHeaders) expect(answer.headers.get(name), `${name} on ${path}`).toBe(value);
    }
  });

  it("keeps API answers out of every cache (a shared school computer's next user)", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "nostore");
    for (const path of ["/api/health", "/api/no-such-route", `/api/assignments/teacher/${teacher.id}`, "/api/profile-text"]) {
      expect((await teacher.client.get(path)).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});
