import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./app-env";
import { compressLargeJson } from "./compress-json";

// Thresholds scaled down (100 characters to compress, 1,000 bytes to compress in the request) so small bodies show
// every path: as it is, compressed where made, compressed in the thread pool, and JSON not made by c.json.
const medium = { text: "m".repeat(500) };
const large = { text: "l".repeat(5_000) };
let server: ServerType;
let url: string;
beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use("*", compressLargeJson(100, 1_000));
  app.get("/small", (c) => c.json({ ok: true }));
  app.get("/medium", (c) => c.json(medium, 201));
  app.get("/with-header", (c) => c.json({ ok: false }, 405, { Allow: "GET, HEAD" }));
  app.get("/medium-with-header", (c) => c.json(medium, 200, { "X-Kept": "yes" }));
  app.get("/large", (c) => c.json(large));
  app.get("/accented", (c) => c.json({ name: "Zoë Ångström ".repeat(20) }));
  app.get("/raw", () => new Response(JSON.stringify(medium), { headers: { "content-type": "application/json" } }));
  app.get("/lines", () => new Response(`${JSON.stringify(medium)}\n`.repeat(3), { headers: { "content-type": "application/x-ndjson" } }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      url = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, acceptEncoding: string) => fetch(`${url}${path}`, { headers: { "accept-encoding": acceptEncoding } });

describe("compressing JSON answers", () => {
  it("keeps the headers a handler gives c.json, compressed or not", async () => {
    const small = await get("/with-header", "br");
    expect([small.status, small.headers.get("allow"), small.headers.get("content-encoding")]).toEqual([405, "GET, HEAD", null]);
    const compressed = await get("/medium-with-header", "gzip");
    expect([compressed.headers.get("x-kept"), compressed.headers.get("content-encoding")]).toEqual(["yes", "gzip"]);
    expect(await compressed.json()).toEqual(medium);
  });

  it.each([
    ["/medium", "br, gzip", "br", 201, medium],
    ["/medium", "gzip", "gzip", 201, medium],
    ["/large", "br", "br", 200, large],
    ["/large", "gzip;q=1", "gzip", 200, large],
    ["/raw", "br", "br", 200, medium],
    ["/accented", "br", "br", 200, { name: "Zoë Ångström ".repeat(20) }],
  ])("sends %s to a client accepting %s as %s, with its status and its JSON intact", async (path, accepted, encoding, status, body) => {
    const response = await get(path, accepted);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await response.json()).toEqual(body);
  });

  it.each([
    ["/small", "br, gzip"],
    ["/medium", "identity"],
    ["/large", ""],
  ])("sends %s to a client accepting %j as it is, still saying it varies with Accept-Encoding", async (path, accepted) => {
    const response = await get(path, accepted);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual(path === "/small" ? { ok: true } : path === "/medium" ? medium : large);
  });

  it("leaves a stream of JSON lines alone", async () => {
    const response = await get("/lines", "br, gzip");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect((await response.text()).trim().split("\n").map((line) => JSON.parse(line))).toEqual([medium, medium, medium]);
  });
});
