import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";
import { logPathOf } from "./log-path";
import { outgoingOf } from "./outgoing";

/** An id a proxy in front may pass on: up to 255 letters, digits, _, - and =; anything else gets a new id. */
const forwardedId = /^[\w\-=]{1,255}$/;

/**
 * Each request's id (the one a proxy sent in X-Request-Id, else a new UUID), echoed in X-Request-Id; a logger that
 * writes it on every line; and one JSON line per request with its status and duration when info is logged. The
 * header goes on Node's outgoing message where there is one (outgoing.ts).
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = c.req.header("x-request-id");
    const requestId = sent && forwardedId.test(sent) ? sent : randomUUID();
    c.set("requestId", requestId);
    const outgoing = outgoingOf(c);
    if (outgoing) outgoing.setHeader("X-Request-Id", requestId);
    else c.header("X-Request-Id", requestId);
    const requestLogger = logger.child({ requestId });
    c.set("logger", requestLogger);
    const started = performance.now();
    await next();
    if (!requestLogger.isLevelEnabled("info")) return;
    requestLogger.info(
      {
        method: c.req.method,
        path: logPathOf(c.req.path),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get("user")?.id,
      },
      "request",
    );
  };
}
