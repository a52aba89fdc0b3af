import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envSchema } from "../../src/server/env";
import { logCapture } from "../../src/server/log-capture";
import { startServer } from "../../src/server/server";
import { TestClient } from "../support/http";
import { createTestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { testDatabaseKind } from "../support/test-database";

describe(`the platform (${testDatabaseKind})`, () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    client = new TestClient(server.url);
  });
  afterAll(() => server?.stop());

  it("reports health with the database up", async () => {
    const response = await client.get("/api/health");
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ status: "ok", db: "up", dataDir: "writable" });
  });

  it("answers unknown API paths with a JSON 404, never the HTML page", async () => {
    const response = await client.get("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.data.error.code).toBe("not_found");
    // Under /api/auth too, where better-auth answered an empty 404.
    const auth = await client.post("/api/auth/nope", {});
    expect(auth.status).toBe(404);
    expect(auth.data.error).toEqual({ code: "not_found", message: response.data.error.message, fields: {} });
  });

  it("answers a wrong method on an address that exists with 405, the methods it takes in Allow, signed in or not", async () => {
    const health = await client.request("DELETE", "/api/health");
    expect(health.status).toBe(405);
    expect(health.headers.get("allow")).toBe("GET, HEAD");
    expect(health.data.error).toEqual({ code: "method_not_allowed", message: "This address takes GET, not DELETE.", fields: {} });
    const assignment = await client.request("POST", "/api/assignments/00000000-0000-4000-8000-000000000000");
    expect(assignment.status).toBe(405);
    expect(assignment.headers.get("allow")).toMatch(/^(?=.*\bGET\b)(?=.*\bPUT\b).*$/);
    expect(assignment.data.error.code).toBe("method_not_allowed");
    // An address no route has stays 404, whatever the method.
    expect((await client.request("POST", "/api/assignments/1/2/3")).status).toBe(404);
    expect((await client.request("DELETE", "/api/does-not-exist")).status).toBe(404);
  });

  it("describes every route in the OpenAPI document and serves a reference page", async () => {
    const document = await client.get("/api/openapi.json");
    expect(document.status).toBe(200);
    expect(document.data.openapi).toBe("3.1.0");
    expect(Object.keys(document.data.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/leads", "/api/video-requests", "/api/auth/sign-in/email", "/api/calibration", "/api/assignments/{id}/calibration-preview"]));
    expect(document.data.paths["/api/leads"].post.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["type", "name", "email", "school", "position"]),
    );
    const page = await client.get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Markwise API reference");
  });
});

describe(`logging and database loss (${testDatabaseKind})`, () => {
  it("logs one JSON line per request with a request id, echoed in X-Request-Id", async () => {
    const { destination: sink, lines } = logCapture();
    const testDatabase = await createTestDatabase();
    const running = await startServer({
      env: envSchema.parse({ PORT: "0", HOST: "127.0.0.1" }),
      logger: pino({ level: "info" }, sink),
      database: testDatabase.database,
      staticRoot: null,
    });
    try {
      const response = await fetch(`${running.url}/api/health`);
      const requestId = response.headers.get("x-request-id");
      expect(requestId).toBeTruthy();
      const entries = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request");
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ requestId, method: "GET", path: "/api/health", status: 200 });
      expect(typeof entries[0].durationMs).toBe("number");
      // A proxy's id is kept, so its log and ours name the same request; one that could forge a log line is not.
      const forwarded = await fetch(`${running.url}/api/health`, { headers: { "X-Request-Id": "lb-7f3a=1" } });
      expect(forwarded.headers.get("x-request-id")).toBe("lb-7f3a=1");
      const forged = await fetch(`${running.url}/api/health`, { headers: { "X-Request-Id": 'x" "level":60' } });
      expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await running.close();
      await testDatabase.drop();
    }
  });

  it("answers 503 with db down when the database is gone", async () => {
    const server = await startTestServer();
    try {
      await server.deps.database.close();
      const response = await new TestClient(server.url).get("/api/health");
      expect(response.status).toBe(503);
      expect(response.data.db).toBe("down");
    } finally {
      await server.stop();
    }
  });
});
