import path from "node:path";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { trustedOriginsFor } from "./http/origin-check";
import { serve, type ServerType } from "@hono/node-server";
import type { Logger } from "pino";
import { inFlightRequests } from "./http/in-flight";
import { createApp } from "./app";
import { migrateDatabase, openDatabase, type Database } from "./db/client";
import { startUpkeepFor } from "./db/database-upkeep";
import { aiConfigFrom, s3ConfigFrom, type Env } from "./env";
import type { AppDeps } from "./http/context";
import { createMailer } from "./integrations/mail/mailer";
import { removeOutboxFilesWhere } from "./integrations/mail/outbox-files";
import { createLogger } from "./logger";
import { checkDataDirWritable } from "./startup-checks";
import { createAuth } from "./auth/auth";
import { createLocalFileStorage } from "./integrations/storage/file-storage";
import { createS3FileStorage } from "./integrations/storage/s3-storage";
import { lazySpellChecker } from "./integrations/spelling/load-spell-checker";
import { createImageTextReader } from "./integrations/ocr/image-text-reader";
import { resolveAuthSecret } from "./services/app-settings";
import { holdsFeedbackLink } from "./services/feedback-links";
import { createJobQueue } from "./integrations/jobs/job-queue";
import { createClassAnalyses } from "./services/submissions/class-analyses";
import { createGradingQueues, gradingQueueOver, startGradingWorker } from "./services/submissions/grading-queue";
import packageJson from "../../package.json" with { type: "json" };

/**
 * How often the tables are checked for vacuuming and statistics (db/database-upkeep.ts). On the embedded database a
 * check with nothing to do takes 10-25 ms; half PostgreSQL's autovacuum_naptime, so a class set graded is analysed
 * before its teacher has read far into the review. On PostgreSQL only never-analysed tables are looked for.
 */
const UPKEEP_INTERVALS = { embeddedIntervalMs: 30_000, serverIntervalMs: 300_000 };

export const defaultStaticRoot = fileURLToPath(new URL("../../dist", import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  env: Env;
  logger?: Logger;
  /** An already-open database (tests pass a cloned template); otherwise opened from env. */
  database?: Database;
  staticRoot?: string | null;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  checkDataDirWritable(env);
  // Requests that come before the app is built (while the database migrates) are told to come back.
  const ready: { app?: ReturnType<typeof createApp> } = {};
  const handlers = inFlightRequests();
  const fetchWhenReady = handlers.track((request: Request, bindings: unknown) =>
    ready.app ? ready.app.fetch(request, bindings) : Response.json({ error: { code: "unavailable", message: "Markwise is starting. Try again in a moment.", fields: {} } }, { status: 503 }),
  );
  // Opened (the embedded folder locked first, so a second server on it is named as such) but not migrated until the
  // port is ours: a PORT in use is a settings problem, and a start it stops must leave the database as it found it.
  const database = options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: false }));
  // Listening before the app is built: with PORT=0 the public address (needed by auth for links and origins) is known
  // only now.
  const server = await listen(env, fetchWhenReady).catch(async (error: unknown) => {
    await database.close().catch(() => undefined);
    throw error;
  });
  if (!options.database) {
    await migrateDatabase(database).catch(async (error: unknown) => {
      await new Promise((resolve) => server.close(resolve));
      // Closed, so the embedded database's folder is given back (data-folder-lock.ts).
      await database.close().catch(() => undefined);
      throw error;
    });
  }
  const upkeep = startUpkeepFor(database, logger.child({ component: "database-upkeep" }), UPKEEP_INTERVALS);
  const outboxDir = path.join(env.DATA_DIR, "outbox");
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db: database.db, logger, outboxDir });
  await removeKeptFeedbackMail(outboxDir, logger);
  const staticRoot = options.staticRoot === null ? undefined : (options.staticRoot ?? defaultStaticRoot);
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const publicUrl = (env.PUBLIC_URL ?? url).replace(/\/$/, "");
  const trustedOrigins = trustedOriginsFor(publicUrl, env.PUBLIC_URL !== undefined);
  const auth = createAuth({
    db: database.db,
    logger,
    mailer,
    secret: await resolveAuthSecret(database.db, env.AUTH_SECRET),
    publicUrl,
    trustedOrigins,
    sessionIdleSeconds: Math.round(env.SESSION_IDLE_HOURS * 3600),
    google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, accountsBaseUrl: env.GOOGLE_ACCOUNTS_BASE_URL, oauthBaseUrl: env.GOOGLE_OAUTH_BASE_URL } : undefined,
  });
  const s3 = s3ConfigFrom(env);
  const storage = s3 ? createS3FileStorage(s3) : createLocalFileStorage(env.DATA_DIR);
  const spellChecker = lazySpellChecker();
  const ocr = createImageTextReader({ maxWaiting: env.OCR_MAX_WAITING, idleMs: env.OCR_IDLE_SECONDS * 1000 });
  const jobs = await createJobQueue(database, { ...(database.connectionString ? { connectionString: database.connectionString } : {}), logger });
  await jobs.start();
  await createGradingQueues(jobs);
  const grading = gradingQueueOver(jobs);
  const ai = aiConfigFrom(env);
  const classAnalyses = createClassAnalyses();
  const worker = env.GRADING_WORKER === "on" ? await startGradingWorker({ db: database.db, database, queue: jobs, spellChecker, logger, classAnalyses, ...(ai ? { ai } : {}), ...(upkeep ? { onBatchFinished: () => upkeep.soon() } : {}) }) : undefined;
  const deps: AppDeps = { env, database, mailer, logger, auth, storage, spellChecker, ocr, publicUrl, trustedOrigins, staticRoot, version: packageJson.version, jobs, grading, classAnalyses };
  ready.app = createApp(deps);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        const closable = server as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
        // Kept-alive connections become idle as their requests finish; close them as they do.
        const sweeper = setInterval(() => closable.closeIdleConnections?.(), 100);
        const timer = setTimeout(() => {
          logger.warn("in-flight requests did not finish in time; closing their connections");
          closable.closeAllConnections?.();
        }, env.SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearInterval(sweeper);
          clearTimeout(timer);
          resolve();
        });
        closable.closeIdleConnections?.();
      });
      // A handler whose client hung up is no longer a connection server.close waits for, but still uses the database.
      if (!(await handlers.drained(env.SHUTDOWN_TIMEOUT_MS))) logger.warn({ running: handlers.count }, "requests were still being handled when the database closed");
      // Grades in flight finish (or go back to the queue) before the database goes away; then the worker's heartbeat
      // stops and its row goes, with nothing left in its hands.
      await jobs.stop();
      await worker?.stop();
      await ocr.close();
      await upkeep?.stop();
      await database.close();
    })());

  return { url, port, deps, close };
}

/** A port in use is an 'error' event: unheard, it was an uncaught crash the supervisor restarted five times. */
function listen(env: Env, fetch: Parameters<typeof serve>[0]["fetch"]): Promise<ServerType> {
  return new Promise<ServerType>((resolve, reject) => {
    const instance = serve({ fetch, port: env.PORT, hostname: env.HOST }, () => {
      instance.off("error", reject);
      resolve(instance);
    });
    instance.once("error", reject);
  });
}

/**
 * Students' feedback mails that an earlier version kept in the outbox folder (no SMTP_URL) were never delivered, and
 * each held a student's link in plain text, which decision 019 keeps only as a fingerprint (migration 0020 clears the
 * table). None is kept any more, so this finds nothing after the first start.
 */
async function removeKeptFeedbackMail(outboxDir: string, logger: Logger): Promise<void> {
  const removed = await removeOutboxFilesWhere(outboxDir, holdsFeedbackLink).catch((error: unknown) => {
    logger.warn({ err: error, outboxDir }, "students' undelivered feedback mails could not be removed from the outbox folder; delete the files holding /feedback/ links by hand");
    return 0;
  });
  if (removed) logger.info({ removed, outboxDir }, "removed students' undelivered feedback mails (each held a student's link) from the outbox folder");
}
