import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./app-env";
import { outgoingOf } from "./outgoing";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = "br" | "gzip";

function chooseEncoding(accepted: string | undefined): Encoding | undefined {
  const names = (accepted ?? "").split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
  if (names.includes("br")) return "br";
  if (names.includes("gzip")) return "gzip";
  return undefined;
}

/**
 * Compressed on the request's own thread: the fastest levels, since every byte of CPU is taken from answering others.
 * On a list of 30 submissions (23 KB) brotli 1 took 20-40 µs for 1,567 bytes where brotli 4 took 85 µs for 1,340.
 * The window is no larger than the answers it is used on.
 */
const inlineBrotli = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
/** Compressed in the thread pool (answers over the inline limit, such as the API description): a fast middle level. */
const pooledBrotli = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size } });

/** zlib's Buffer as the plain bytes a Response takes (a view, not a copy). */
const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

function compressNow(bytes: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return bytesOf(encoding === "br" ? brotliCompressSync(bytes, inlineBrotli(bytes.byteLength)) : gzipSync(bytes, { level: 1 }));
}

async function compressInThreadPool(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  return bytesOf(encoding === "br" ? await brotli(bytes, pooledBrotli(bytes.byteLength)) : await gzipAsync(bytes, { level: 6 }));
}

/**
 * JSON answers of `threshold` bytes or more go compressed to a client that accepts br or gzip; smaller ones, streams
 * (NDJSON chat replies) and files are sent as they are, and every API answer says it varies with Accept-Encoding.
 * Hono's own compress cannot tell a small JSON answer from a large one (it has no length yet) and would compress
 * every health check.
 *
 * An answer up to `inlineLimit` bytes is compressed where the handler makes it: `c.json` is replaced for the request,
 * so the text is compressed once written, on this thread. Read back from the finished answer and compressed in the
 * thread pool, as larger ones still are, a browser's request for a list of 30 submissions took 2.3 times the CPU of
 * the same request without compression (issue 16): Node's fetch objects built to read the body, and zlib's hand-off
 * to the pool (100-150 µs a call, more than brotli itself takes on the 23 KB list).
 */
export function compressLargeJson(threshold = 2048, inlineLimit = 64 * 1024): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    outgoingOf(c)?.setHeader("vary", "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding) return next();
    const made = compressJsonAsMade(c, encoding, threshold, inlineLimit);
    await next();
    if (made.has(c.res)) return;
    const response = c.res;
    if (!response.body || response.headers.has("content-encoding")) return;
    if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) return;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The body has been read: a short answer is made again from its bytes, as it was.
    if (bytes.byteLength < threshold) {
      c.res = new Response(bytes, { status: response.status, headers: response.headers });
      return;
    }
    const headers = new Headers(response.headers);
    headers.set("content-encoding", encoding);
    headers.delete("content-length");
    c.res = new Response(await compressInThreadPool(bytes, encoding), { status: response.status, headers });
  };
}

/**
 * Replaces `c.json` for this request with one that sends the text compressed when it is `threshold` characters to
 * `inlineLimit` bytes long, and as it is when shorter. Returns the answers it made whole, which need nothing more;
 * a longer one is left to be compressed in the thread pool.
 */
function compressJsonAsMade(c: Context<AppEnv>, encoding: Encoding, threshold: number, inlineLimit: number): WeakSet<Response> {
  const made = new WeakSet<Response>();
  // A handler's own headers (c.json's third argument: Allow on a 405, say) go out with the answer as they would
  // uncompressed.
  const json = (object: unknown, status?: ContentfulStatusCode, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(object);
    const jsonHeaders = { ...headers, "Content-Type": "application/json" };
    // Measured in characters, which never outnumber the bytes: a few accented names may take one past the threshold.
    if (text.length < threshold) return keep(made, c.body(text, status, jsonHeaders));
    const bytes = Buffer.from(text);
    if (bytes.byteLength > inlineLimit) return c.body(text, status, jsonHeaders);
    return keep(made, c.body(compressNow(bytes, encoding), status, { ...jsonHeaders, "Content-Encoding": encoding }));
  };
  c.json = json as unknown as typeof c.json;
  return made;
}

function keep(made: WeakSet<Response>, response: Response): Response {
  made.add(response);
  return response;
}
