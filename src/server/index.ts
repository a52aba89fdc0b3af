import { StartupProblem } from "./db/startup-problem";
import { loadEnv, type Env } from "./env";
import { createLogger, safeLogLevel } from "./logger";
import { doNotRestartExitCode } from "./restart-policy";
import { startServer } from "./server";
import { explainStartError } from "./startup-checks";

// A wrong setting is one line naming it, and no restart (the supervisor checks first; this is for running index.js alone).
let env: Env;
try {
  env = loadEnv();
} catch (error) {
  createLogger(safeLogLevel(process.env.LOG_LEVEL)).fatal(error instanceof Error ? error.message : String(error));
  process.exit(doNotRestartExitCode);
}
const logger = createLogger(env.LOG_LEVEL, undefined, { withPid: env.WEB_CONCURRENCY > 1 });

// A promise nobody awaited that fails is one request's or one job's problem: logged, and the server goes on. An
// exception thrown outside any handler may have left state half-changed, so the process ends and the supervisor
// (npm start) starts a clean one.
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "a background task failed and nothing handled it"));
process.on("uncaughtException", (error) => {
  if (error instanceof StartupProblem) stopFor(error);
  logger.fatal({ err: error }, "an unexpected error stopped the server; the supervisor starts it again");
  process.exit(1);
});

/**
 * Starting again will not mend this (another server has the data folder, at start or taken over since; the embedded
 * database's files are damaged): its message is the last line, and the supervisor is told not to restart.
 */
function stopFor(problem: StartupProblem): never {
  logger.fatal({ problem: problem.name }, problem.message);
  process.exit(doNotRestartExitCode);
}

try {
  const running = await startServer({ env, logger });
  // Under `npm start` a Ctrl+C reaches this process twice (from the terminal and from the supervisor): once is enough.
  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    running.close().then(
      () => {
        logger.info("stopped cleanly");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  // Announced only once a stop signal would be handled: whoever waits for this line may stop the server at once.
  const databaseLabel = running.deps.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${env.DATA_DIR}`;
  logger.info({ url: running.url, database: running.deps.database.kind }, `Markwise is ready at ${running.url} (database: ${databaseLabel})`);
} catch (thrown) {
  const error = explainStartError(thrown, env);
  if (error instanceof StartupProblem) stopFor(error);
  logger.fatal({ err: error }, error instanceof Error && error !== thrown ? error.message : "could not start Markwise");
  process.exit(1);
}
