import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

// Issue 16: hashed assets precompressed and immutable, HTML revalidated, large JSON compressed, small JSON not.
const script = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
let root: string;
let server: TestServer;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "markwise-static-"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "index.html"), '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>');
  writeFileSync(path.join(root, "assets", "app-abc123.js"), script);
  writeFileSync(path.join(root, "assets", "app-abc123.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(root, "assets", "app-abc123.js.gz"), gzipSync(script));
  server = await startTestServer({ staticRoot: root });
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const get = (pathname: string, acceptEncoding: string) => fetch(`${server.url}${pathname}`, { headers: { "accept-encoding": acceptEncoding } });

describe("how the client and large answers are sent", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["identity", null],
  ])("sends a hashed asset to a browser accepting %s with encoding %s, cached for a year", async (accepted, encoding) => {
    const response = await get("/assets/app-abc123.js", accepted);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(await response.text()).toBe(script);
  });

  it.each(["/", "/index.html", "/assignments/some-id"])("asks the browser to revalidate the HTML at %s", async (pathname) => {
    const response = await get(pathname, "gzip");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("/assets/app-abc123.js");
  });

  it("keeps a student's practice link out of search engines, and the teacher's pages as they were", async () => {
    const practice = await get("/practice/abcdefghijklmnopqrstuvwxyz012345", "gzip");
    expect(practice.status).toBe(200);
    expect(practice.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect((await get("/", "gzip")).headers.get("x-robots-tag")).toBeNull();
  });

  it("compresses the large API description and leaves the small health answer alone", async () => {
    const description = await get("/api/openapi.json", "gzip, br");
    expect(description.headers.get("content-encoding")).toMatch(/^(gzip|br)$/);
    expect((await description.json()).openapi).toBeDefined();
    const health = await get("/api/health", "gzip, br");
    expect(health.headers.get("content-encoding")).toBeNull();
  });
});
