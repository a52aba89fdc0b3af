/**
 * `npm start` runs this: it starts the server (index.js beside it) as a child process and starts it again if it
 * ever stops on its own, logging why. SIGTERM and SIGINT are passed on, and the supervisor exits with the server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createLogger } from "./logger";
import { nextRestart, restartLimits } from "./restart-policy";

const logger = createLogger(process.env.LOG_LEVEL ?? "info").child({ component: "supervisor" });
const self = fileURLToPath(import.meta.url);
// Built: build/server/index.js; from source (tsx): src/server/index.ts.
const entry = self.replace(/supervisor\.(ts|js)$/, "index.$1");
const args = entry.endsWith(".ts") ? ["--import", "tsx", entry] : ["--enable-source-maps", entry];

const runs: { ranMs: number }[] = [];
let child: ChildProcess | undefined;
let stopping = false;

function start() {
  const startedAt = Date.now();
  child = spawn(process.execPath, args, { stdio: "inherit", env: process.env });
  logger.info({ pid: child.pid }, "server started");
  child.once("exit", (code, signal) => {
    if (stopping) process.exit(code ?? 0);
    runs.push({ ranMs: Date.now() - startedAt });
    const why = signal ? `signal ${signal}` : `exit code ${code}`;
    const decision = nextRestart(runs.slice(-restartLimits.maxQuickFailures));
    if (!decision.restart) {
      logger.fatal({ code, signal }, `the server stopped (${why}) ${restartLimits.maxQuickFailures} times in a row soon after starting; not restarting. Read the lines above for the reason.`);
      process.exit(1);
    }
    logger.error({ code, signal, restartInMs: decision.delayMs }, `the server stopped unexpectedly (${why}); restarting${decision.delayMs ? ` in ${decision.delayMs / 1000} s` : ""}`);
    setTimeout(start, decision.delayMs);
  });
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    stopping = true;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(0);
  });
}

start();
