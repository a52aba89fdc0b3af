/**
 * `npm start` runs this: it starts WEB_CONCURRENCY server processes (index.js beside it; one by default) as cluster
 * workers sharing one port, and starts each again if it ever stops on its own, logging why. A process that cannot start
 * as things stand (exit 78) or keeps failing soon after starting is not started again, and the others go on serving;
 * the supervisor exits once it has given up every one. SIGTERM and SIGINT are passed on, and the supervisor exits once
 * every server has stopped.
 */
import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { concurrencyProblem, loadEnv } from "./env";
import { createLogger, safeLogLevel } from "./logger";
import { doNotRestartExitCode, exitCodeWhenAllGaveUp, nextRestart, restartLimits, type GaveUpBecause } from "./restart-policy";

const logger = createLogger(safeLogLevel(process.env.LOG_LEVEL)).child({ component: "supervisor" });
// A settings problem exits with the code that tells a service manager not to restart (systemd:
// RestartPreventExitStatus=78): starting again with the same settings cannot help.
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(doNotRestartExitCode);
}
const problem = concurrencyProblem(env);
if (problem) {
  logger.fatal(problem);
  process.exit(doNotRestartExitCode);
}

const self = fileURLToPath(import.meta.url);
// Built: build/server/index.js; from source (tsx): src/server/index.ts.
const entry = self.replace(/supervisor\.(ts|js)$/, "index.$1");
// The processes accept connections from the shared socket themselves: with the primary handing them out (Node's
// round-robin default on Linux), a connection handed to a process at the moment it died was never answered.
cluster.schedulingPolicy = cluster.SCHED_NONE;
cluster.setupPrimary({ exec: entry, execArgv: entry.endsWith(".ts") ? ["--import", "tsx"] : ["--enable-source-maps"] });

/** Each slot keeps its own history, so one process that keeps failing stops being restarted without the others. */
const slots = Array.from({ length: env.WEB_CONCURRENCY }, () => ({ runs: [] as { ranMs: number }[], worker: undefined as Worker | undefined, gaveUp: undefined as GaveUpBecause | undefined }));
type Slot = (typeof slots)[number];
let stopping = false;
let exitCode = 0;

function start(slot: Slot) {
  const startedAt = Date.now();
  const worker = cluster.fork();
  slot.worker = worker;
  const pid = worker.process.pid;
  logger.info({ pid }, "server started");
  worker.once("exit", (code, signal) => {
    slot.worker = undefined;
    if (stopping) {
      exitCode = Math.max(exitCode, code ?? 0);
      if (slots.every((other) => !other.worker)) process.exit(exitCode);
      return;
    }
    slot.runs.push({ ranMs: Date.now() - startedAt });
    const why = signal ? `signal ${signal}` : `exit code ${code}`;
    if (code === doNotRestartExitCode) return giveUp(slot, "cannot-start", { pid, code, signal }, "cannot start as things stand");
    const decision = nextRestart(slot.runs.slice(-restartLimits.maxQuickFailures));
    if (!decision.restart) return giveUp(slot, "keeps-failing", { pid, code, signal }, `stopped (${why}) ${restartLimits.maxQuickFailures} times in a row soon after starting`);
    logger.error({ pid, code, signal, restartInMs: decision.delayMs }, `the server stopped unexpectedly (${why}); restarting${decision.delayMs ? ` in ${decision.delayMs / 1000} s` : ""}`);
    setTimeout(() => {
      if (!stopping) start(slot);
    }, decision.delayMs);
  });
}

/**
 * Stops restarting this one server process. While others run (or are being restarted) they go on serving: stopping
 * them would take a working service down for one process's problem. Once none is left the supervisor exits, with 78
 * when starting again cannot help (exitCodeWhenAllGaveUp).
 */
function giveUp(slot: Slot, because: GaveUpBecause, details: Record<string, unknown>, what: string) {
  slot.gaveUp = because;
  const readAbove = because === "cannot-start" ? "Read the line above for the reason" : "Read the lines above for the reason";
  const going = slots.filter((other) => !other.gaveUp).length;
  if (going > 0) {
    // A process that kept failing (a database away for a while) is tried again later, so the service does not stay
    // short of a process for good; one that said starting cannot help waits for the operator.
    const retry = because === "keeps-failing" ? ` It is tried again in ${restartLimits.retryGivenUpMs / 60_000} minutes.` : "";
    logger.error(
      { ...details, serving: going, processes: slots.length },
      `server process ${String(details.pid)} ${what}; not restarting it now. The other ${going} of ${slots.length} go on serving.${retry} ${readAbove}, mend it, and restart Markwise to run all ${slots.length} again.`,
    );
    if (because === "keeps-failing") {
      setTimeout(() => {
        if (stopping || slot.gaveUp !== "keeps-failing") return;
        slot.gaveUp = undefined;
        slot.runs = [];
        start(slot);
      }, restartLimits.retryGivenUpMs).unref();
    }
    return;
  }
  logger.fatal(details, `the server ${what}; not restarting. ${readAbove}.`);
  // Before stopAll, which exits with it once no server is left.
  exitCode = exitCodeWhenAllGaveUp(slots.map((other) => other.gaveUp!));
  stopAll("SIGTERM");
}

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const slot of slots) {
    const child = slot.worker?.process;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  if (slots.every((slot) => !slot.worker)) process.exit(exitCode);
}

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stopAll(signal));

if (env.WEB_CONCURRENCY > 1) logger.info({ processes: env.WEB_CONCURRENCY }, `starting ${env.WEB_CONCURRENCY} server processes on one port`);
for (const slot of slots) start(slot);
