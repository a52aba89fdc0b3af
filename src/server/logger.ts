import pino from "pino";
import { logLevels } from "./env";

/**
 * A failed query's error carries its parameter values (student names, essays, feedback) in `params` and at the end
 * of its message and stack; the log keeps the SQL and drops the values.
 */
function withoutQueryValues(error: Error | string): pino.SerializedError {
  // A message passed as `err` was spread into one key per character ({"0":"c","1":"o",...}).
  if (typeof error === "string") return { message: error } as unknown as pino.SerializedError;
  const serialized = pino.stdSerializers.err(error);
  const redact = (text: unknown) => (typeof text === "string" ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, "\nparams: [not logged]") : text);
  const clean = (value: Record<string, unknown>): Record<string, unknown> => {
    const { params: _params, ...rest } = value;
    return {
      ...rest,
      message: redact(rest.message),
      stack: redact(rest.stack),
      ...(rest.cause && typeof rest.cause === "object" ? { cause: clean(rest.cause as Record<string, unknown>) } : {}),
    };
  };
  return clean(serialized as unknown as Record<string, unknown>) as unknown as pino.SerializedError;
}

/**
 * The level to build a logger with before the settings are checked: pino throws on an unknown one ("default level:verbose
 * must be included in custom levels"), which crashed before the check could name LOG_LEVEL.
 */
export function safeLogLevel(level: string | undefined): string {
  return level && (logLevels as readonly string[]).includes(level) ? level : "info";
}

/** `withPid`: several server processes write one log (WEB_CONCURRENCY > 1), and each line says which wrote it. */
export function createLogger(level: string, destination?: pino.DestinationStream, { withPid = false } = {}) {
  const options = { level, base: { service: "markwise", ...(withPid ? { pid: process.pid } : {}) }, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: withoutQueryValues } };
  return destination ? pino(options, destination) : pino(options);
}
