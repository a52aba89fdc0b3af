import type { Logger } from "pino";

type AuthLogLevel = "debug" | "info" | "warn" | "error";

/**
 * better-auth's own lines ("Invalid password", "Failed to run background task") went to the console coloured and
 * outside the JSON log; they now go through the app's logger. Only its message and an Error among its arguments are
 * kept: the other arguments can hold what a request carried.
 */
export function authLogger(logger: Logger) {
  const log = logger.child({ component: "better-auth" });
  return {
    level: "info" as const,
    log(level: AuthLogLevel, message: string, ...args: unknown[]) {
      const error = args.find((arg) => arg instanceof Error);
      log[level](error ? { err: error } : {}, message);
    },
  };
}
