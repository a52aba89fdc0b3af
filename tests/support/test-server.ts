import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { envSchema, type Env } from "../../src/server/env";
import { createLogger } from "../../src/server/logger";
import { startServer, type RunningServer } from "../../src/server/server";
import { createTestDatabase, type TestDatabase } from "./test-database";
import type { DestinationStream } from "pino";

export interface TestServer extends RunningServer {
  testDatabase: TestDatabase;
  /** Where uploaded files and the mail outbox go. */
  dataDir: string;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  env?: Partial<Record<keyof Env, string>>;
  /** Serve the built client from dist/ (browser tests). */
  withClient?: boolean;
  /** Serve a client from this folder instead (tests of how files are served). */
  staticRoot?: string;
  /** Where the server's log goes (a test that reads the log); default: silent unless TEST_LOG_LEVEL. */
  logDestination?: DestinationStream;
}

/** The real server (createApp + node HTTP) on a free port, over a database of its own. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDatabase = await createTestDatabase();
  // Uploaded files go to a folder of this server's own, removed on stop.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-test-"));
  const dropAll = async () => {
    await testDatabase.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Settings a test means to refuse throw here: the database and folder go with them, not left behind.
  const env = (() => {
    try {
      return envSchema.parse({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir,
        // Tests sign up many teachers from one address; the rate-limit test sets its own lower limit.
        AUTH_RATE_LIMIT_MAX: "1000",
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent", ...options.env });
    } catch (error) {
      void dropAll();
      throw error;
    }
  })();
  const running = await startServer({
    env,
    logger: options.logDestination ? createLogger("info", options.logDestination) : createLogger(env.LOG_LEVEL),
    database: testDatabase.database,
    staticRoot: options.staticRoot ?? (options.withClient ? undefined : null),
  }).catch(async (error: unknown) => {
    await dropAll();
    throw error;
  });
  return {
    ...running,
    testDatabase,
    dataDir,
    stop: async () => {
      await running.close();
      await dropAll();
    },
  };
}
