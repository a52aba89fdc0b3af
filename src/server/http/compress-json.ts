import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function chooseEncoding(accepted: string | undefined): "br" | "gzip" | undefined {
  const names = (accepted ?? "").split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
  if (names.includes("br")) return "br";
  if (names.includes("gzip")) return "gzip";
  return undefined;
}

/**
 * JSON answers of `threshold` bytes or more go compressed to a client that accepts br or gzip; smaller ones, streams
 * (NDJSON chat replies) and files are sent as they are. Hono's own compress cannot tell a small JSON answer from a
 * large one (it has no length yet) and would compress every health check; this reads the body only when the client
 * accepts compression, and uses a fast brotli level since it runs per request.
 */
export function compressLargeJson(threshold = 2048): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding || !response.body || response.headers.has("content-encoding")) return;
    if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) return;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.append("vary", "Accept-Encoding");
    if (bytes.byteLength < threshold) {
      c.res = new Response(bytes, { status: response.status, headers });
      return;
    }
    const body = encoding === "br" ? await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : await gzipAsync(bytes, { level: 6 });
    headers.set("content-encoding", encoding);
    headers.delete("content-length");
    c.res = new Response(new Uint8Array(body), { status: response.status, headers });
  };
}
