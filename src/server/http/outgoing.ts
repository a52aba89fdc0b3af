import type { ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * Node's outgoing message for this request when Hono runs on Node's HTTP server, while its headers can still change.
 * A header set there costs a plain object's entry; set through Hono (`c.header`, `c.res.headers`) it makes every
 * answer carry a WHATWG Headers object, each set validated, and Node's adapter copy it entry by entry, where a
 * JSON answer otherwise goes out with its one content type as a plain object. Headers the handler sets replace
 * these when the answer is written.
 */
export function outgoingOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && !outgoing.headersSent ? outgoing : undefined;
}
