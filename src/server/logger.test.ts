import { describe, expect, it } from "vitest";
import { logCapture } from "./log-capture";
import { createLogger } from "./logger";

function capture() {
  const { destination, lines } = logCapture();
  return { logger: createLogger("info", destination), lines };
}

describe("the log never holds a failed query's values", () => {
  it("keeps the SQL and drops the parameters from the error, its message, its stack and its cause", () => {
    const { logger, lines } = capture();
    const cause = Object.assign(new Error("invalid byte sequence for encoding \"UTF8\": 0x00"), { code: "22021" });
    const failed = Object.assign(new Error('Failed query: insert into "submissions" ("student_name", "content") values ($1, $2)\nparams: Ana Diaz,My essay about my family'), {
      query: 'insert into "submissions" ("student_name", "content") values ($1, $2)',
      params: ["Ana Diaz", "My essay about my family"],
      cause,
    });
    logger.error({ err: failed }, "unhandled error");
    const written = lines.join("");
    expect(written).toContain('insert into \\"submissions\\"');
    expect(written).toContain("params: [not logged]");
    expect(written).not.toContain("Ana Diaz");
    expect(written).not.toContain("My essay about my family");
  });
});

describe("the level a logger is built with before the settings are checked", () => {
  it("is the given level when pino knows it, else info (LOG_LEVEL=verbose crashed pino before the check named it)", async () => {
    const { safeLogLevel } = await import("./logger");
    expect(safeLogLevel("debug")).toBe("debug");
    expect(safeLogLevel("verbose")).toBe("info");
    expect(safeLogLevel(undefined)).toBe("info");
    expect(() => createLogger(safeLogLevel("verbose"))).not.toThrow();
  });
});

describe("an error given as its message", () => {
  it("is logged as { message }, not one key per character (the grading queue's sweeps did this)", () => {
    const { logger, lines } = capture();
    logger.warn({ err: "connection terminated" }, "grading sweep failed; it runs again shortly");
    expect(JSON.parse(lines[0]!).err).toEqual({ message: "connection terminated" });
  });
});

describe("the process id", () => {
  it("is on every line when asked for (several server processes share one log), and not otherwise", () => {
    const { destination, lines } = logCapture();
    createLogger("info", destination, { withPid: true }).info("one");
    createLogger("info", destination).info("two");
    expect(JSON.parse(lines[0]!).pid).toBe(process.pid);
    expect(JSON.parse(lines[1]!).pid).toBeUndefined();
  });
});
