import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { StartupProblem } from "./db/startup-problem";
import type { Env } from "./env";

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/** The first error code in the chain: the driver's connection error comes wrapped (query error, AggregateError). */
function codeInChain(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = codeOf(current) ?? codeOf((current as { errors?: unknown[] }).errors?.[0]);
    if (code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * DATA_DIR holds the embedded database, uploaded originals and the outbox. A folder the server cannot write failed
 * deep inside the lock or PGlite (EROFS, ENOENT on mkdir) and was restarted five times; it is tried once, here.
 * Not needed when nothing goes there (PostgreSQL, S3 and SMTP all set).
 */
export function checkDataDirWritable(env: Env, write: typeof writeFileSync = writeFileSync): void {
  if (env.DATABASE_URL && env.S3_BUCKET && env.SMTP_URL) return;
  const folder = path.resolve(env.DATA_DIR);
  const probe = path.join(folder, `.markwise-write-check.${process.pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    // A few bytes: an empty file takes no block, so a full disk would let it through.
    write(probe, "ok");
  } catch (error) {
    const why = codeOf(error) === "ENOSPC" || codeOf(error) === "EDQUOT" ? "its disk is full" : (error as Error).message;
    throw new StartupProblem(`DATA_DIR ${folder} is not writable (${why}). Give Markwise a folder its user can write, e.g. DATA_DIR=/var/lib/markwise, or fix the folder's permissions or disk.`, { cause: error });
  } finally {
    // `force` ignores only a missing probe: with a file where DATA_DIR should be, removing it threw ENOTDIR in place of
    // the problem above, an ordinary error the supervisor restarted five times.
    try {
      rmSync(probe, { force: true });
    } catch {
      // Nothing was written, so nothing is left behind.
    }
  }
}

/**
 * A start error that names the setting behind it: a port another program holds (a settings problem, not restarted),
 * or a database that does not answer (may come back, so it stays an ordinary error and the supervisor retries).
 */
export function explainStartError(error: unknown, env: Env): unknown {
  const code = codeInChain(error);
  if (code === "EADDRINUSE") return new StartupProblem(`PORT ${env.PORT} is in use by another program (on HOST ${env.HOST}); stop it or choose another PORT.`, { cause: error });
  if (code === "EACCES" && (error as { syscall?: string }).syscall?.includes("listen")) {
    return new StartupProblem(`PORT ${env.PORT} may not be used by this user (ports below 1024 need privileges); choose a PORT of 1024 or more and forward to it.`, { cause: error });
  }
  if (env.DATABASE_URL && (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ETIMEDOUT" || code === "EHOSTUNREACH" || /timeout exceeded when trying to connect/i.test((error as Error)?.message ?? ""))) {
    const url = new URL(env.DATABASE_URL);
    return new Error(`Cannot reach the database in DATABASE_URL (${url.hostname}:${url.port || "5432"}): ${code ?? (error as Error).message}. Check that PostgreSQL runs there and accepts connections from this machine.`, { cause: error });
  }
  return error;
}
