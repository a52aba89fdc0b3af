import pino from "pino";

export function createLogger(level: string) {
  return pino({ level, base: { service: "markwise" }, timestamp: pino.stdTimeFunctions.isoTime });
}
