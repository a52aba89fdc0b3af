import { existsSync, linkSync, openSync, readFileSync, readlinkSync, realpathSync, statSync, unlinkSync, utimesSync, writeFileSync, closeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { StartupProblem } from "./startup-problem";

/**
 * PGlite opens its folder without a lock (electric-sql/pglite#1106): a second Markwise on the same data folder (a
 * second `npm start` in another window, a second container on one volume) opened it too, and two PostgreSQLs writing
 * one folder damage it beyond repair (the next start then dies with PGlite's bare "Aborted()"). So the embedded
 * database first takes the folder, as PostgreSQL's postmaster.pid does: a file naming the process, which only a start
 * that finds no such file, or a file whose process is certainly gone, may write.
 *
 * Whether the process is gone: on the same machine (the same host name and, on Linux, the same process namespace,
 * since two containers may share a name) by asking the system for the process, comparing its start time on Linux (a
 * new process may get the old number, and containers reuse small numbers) and, elsewhere, whether it started before
 * the machine did. A file from another machine (a shared folder, a container created again) cannot be checked that
 * way: its owner touches it every 10 s, and it is taken over only when it has not changed for 25 s of watching.
 */
export const LOCK_FILE_NAME = "markwise.lock";

export interface LockTimings {
  /** How often the owner touches its file. */
  touchMs: number;
  /** How long another machine's file is watched for a touch before it counts as left behind. */
  watchMs: number;
}
const defaultTimings: LockTimings = { touchMs: 10_000, watchMs: 25_000 };
/** A file that cannot be read as a lock may be being written (where links are missing): it is given this long. */
const UNREADABLE_GRACE_MS = 10_000;

export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** The host name and, on Linux, the process namespace: two processes can see each other only on the same one. */
  machine: string;
  /** Linux: the boot's id and the process's start time in clock ticks since boot (/proc); null elsewhere. */
  boot: string | null;
  processStart: string | null;
}

type OwnerNamed = Pick<LockOwner, "pid" | "host" | "startedAt">;

export class DataFolderInUseError extends StartupProblem {
  constructor(readonly dataDir: string, readonly owner: OwnerNamed | null, readonly lockFile: string) {
    const where = owner?.host === os.hostname() ? "on this computer" : `on the computer ${owner?.host}`;
    super(
      `The data folder ${dataDir} is in use by another Markwise${owner ? ` (process ${owner.pid} ${where}, started ${owner.startedAt})` : ""}. ` +
        "Two servers on one embedded database would damage it. Stop the other one first (Ctrl+C in its window), or give " +
        `this one its own folder, e.g. DATA_DIR=./data-2 npm start. If no other Markwise is running, delete ${lockFile} and start again.`,
    );
  }
  override name = "DataFolderInUseError";
}

export interface DataFolderLock {
  /** Removes the file if it is still this process's. */
  release(): void;
}

const readOr = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

/** Linux's start time of a process, or null where /proc is not there (macOS, Windows) or the process is gone. */
function processStartOf(pid: number): string | null {
  const stat = readOr(() => readFileSync(`/proc/${pid}/stat`, "utf8"), null);
  // The command name (field 2) is in parentheses and may hold spaces and parentheses; the start time is field 22.
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

/** What a lock file written now by this process says (exported for the tests, which write other processes' files). */
export function currentOwner(): LockOwner {
  const namespace = readOr(() => readlinkSync("/proc/self/ns/pid"), "");
  return {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    machine: namespace ? `${os.hostname()} ${namespace}` : os.hostname(),
    boot: readOr(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(), null),
    processStart: processStartOf(process.pid),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** The file as it is now: absent, its text and time, and the owner it names when it can be read as one. */
function look(lockFile: string): { text: string; changedMs: number; owner: LockOwner | null } | null {
  try {
    const changedMs = statSync(lockFile).mtimeMs;
    const text = readFileSync(lockFile, "utf8");
    const owner = readOr(() => JSON.parse(text) as LockOwner, null);
    return { text, changedMs, owner: owner && typeof owner.pid === "number" && typeof owner.machine === "string" ? owner : null };
  } catch (error) {
    if (isMissing(error)) return null;
    // A file that cannot be read (permissions, a shared drive's error) is not taken for one left behind.
    throw error;
  }
}

/** Whether a process on this machine that wrote `owner` may still run; false only when it is certainly gone. */
function mayRunHere(owner: LockOwner, me: LockOwner): boolean {
  if (owner.boot && me.boot && owner.boot !== me.boot) return false;
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.processStart && me.processStart) return processStartOf(owner.pid) === owner.processStart;
  // No start times (macOS, Windows): a process that started before this boot is not the one with that number now.
  const bootedAt = Date.now() - os.uptime() * 1000;
  return !(Date.parse(owner.startedAt) < bootedAt - 60_000);
}

type Verdict = { held: true; owner: OwnerNamed } | { held: false; text: string | null };

/** Whether the folder's file belongs to a process that may still run; watches another machine's file for a touch. */
async function judge(lockFile: string, me: LockOwner, timings: LockTimings): Promise<Verdict> {
  const seen = look(lockFile);
  if (!seen) return { held: false, text: null };
  const { owner } = seen;
  if (!owner) {
    const waitMs = UNREADABLE_GRACE_MS - (Date.now() - seen.changedMs);
    if (waitMs <= 0) return { held: false, text: seen.text };
    await sleep(waitMs + 100);
    return judge(lockFile, me, timings);
  }
  if (owner.machine === me.machine) return mayRunHere(owner, me) ? { held: true, owner } : { held: false, text: seen.text };
  await sleep(timings.watchMs);
  const later = look(lockFile);
  if (!later || later.text !== seen.text) return judge(lockFile, me, timings);
  return later.changedMs !== seen.changedMs ? { held: true, owner } : { held: false, text: seen.text };
}

/**
 * Writes the file only if there is none, never half-written: the record goes to a file of this process's own and is
 * linked into place (a link fails when the name is taken). Where the file system has no links, created exclusively.
 */
function tryCreate(lockFile: string, text: string): boolean {
  const own = `${lockFile}.${process.pid}.new`;
  writeFileSync(own, text);
  try {
    linkSync(own, lockFile);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV" && code !== "ENOSYS") throw error;
    try {
      const fd = openSync(lockFile, "wx");
      writeFileSync(fd, text);
      closeSync(fd);
      return true;
    } catch (created) {
      if ((created as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw created;
    }
  } finally {
    readOr(() => unlinkSync(own), undefined);
  }
}

/**
 * Only one process at a time judges and removes a file left behind, holding `markwise.lock.takeover`: two starts
 * that both found the same old file would otherwise each remove it, the second removing the first one's new file. The
 * main file is created by linking, which fails while any file has the name, so outside a takeover it never changes
 * hands. A takeover file older than a watch and a margin belongs to a start that died during its own.
 */
async function duringTakeover<T>(lockFile: string, timings: LockTimings, work: () => Promise<T>): Promise<T> {
  const takeover = `${lockFile}.takeover`;
  for (;;) {
    try {
      closeSync(openSync(takeover, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = readOr(() => Date.now() - statSync(takeover).mtimeMs, 0);
      if (age > timings.watchMs + 15_000) readOr(() => unlinkSync(takeover), undefined);
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    readOr(() => unlinkSync(takeover), undefined);
  }
}

/** Folders this process holds: opening one twice in a process would damage it just the same. */
const heldHere = new Set<string>();

/**
 * Takes the data folder for this process, or throws DataFolderInUseError naming the process that has it. Released by
 * `release()` (the database's close) and, failing that, when the process exits. Should another start ever take the
 * file over (this machine's clock or a shared folder deceived it), the next touch finds it and throws the error from
 * the timer: the server's handler of uncaught errors (index.ts) stops at once rather than write beside it.
 */
export async function lockDataFolder(dataDir: string, timings: LockTimings = defaultTimings): Promise<DataFolderLock> {
  const folder = realpathSync(path.resolve(dataDir));
  const lockFile = path.join(folder, LOCK_FILE_NAME);
  const me = currentOwner();
  const text = `${JSON.stringify(me)}\n`;
  if (heldHere.has(folder)) throw new DataFolderInUseError(folder, me, lockFile);
  heldHere.add(folder);
  try {
    if (!tryCreate(lockFile, text)) {
      await duringTakeover(lockFile, timings, async () => {
        for (;;) {
          const verdict = await judge(lockFile, me, timings);
          if (verdict.held) throw new DataFolderInUseError(folder, verdict.owner, lockFile);
          if (verdict.text !== null) readOr(() => unlinkSync(lockFile), undefined);
          if (tryCreate(lockFile, text)) return;
        }
      });
    }
  } catch (error) {
    heldHere.delete(folder);
    throw error;
  }

  const isMine = () => readOr(() => readFileSync(lockFile, "utf8"), null) === text;
  const touch = setInterval(() => {
    // Deleted by hand or by a cleaner while this server runs: written again, unless another start has taken the name.
    if (!existsSync(lockFile)) readOr(() => tryCreate(lockFile, text), false);
    if (!isMine()) {
      release();
      throw new DataFolderInUseError(folder, readOr(() => look(lockFile)?.owner ?? null, null), lockFile);
    }
    const now = new Date();
    readOr(() => utimesSync(lockFile, now, now), undefined);
  }, timings.touchMs);
  touch.unref();
  let released = false;
  function release() {
    if (released) return;
    released = true;
    clearInterval(touch);
    heldHere.delete(folder);
    process.off("exit", release);
    if (isMine()) readOr(() => unlinkSync(lockFile), undefined);
  }
  process.once("exit", release);
  return { release };
}
