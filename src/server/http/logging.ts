import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";

/** One JSON line per request with its id, status and duration; the id is echoed in X-Request-Id. */
export function requestLogging(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.get("requestId");
    const requestLogger = logger.child({ requestId });
    c.set("logger", requestLogger);
    const started = performance.now();
    await next();
    requestLogger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get("user")?.id,
      },
      "request",
    );
  };
}
