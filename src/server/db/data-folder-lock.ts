import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite opens its folder without a lock (electric-sql/pglite#1106): a second Markwise on the same data folder (a
 * second `npm start` in another window, a second container on one volume) opened it too, and two PostgreSQLs writing
 * one folder damage it beyond repair (the next start then dies with PGlite's bare "Aborted()"). So the embedded
 * database first takes the folder, as PostgreSQL's postmaster.pid does: a file naming the process, created only if
 * there is none. A file left by a process that is gone (killed, crashed, the machine restarted) is taken over; Linux
 * also compares the process's start time, so a new process that happens to get the old number is not mistaken for it.
 * A file written on another computer (a folder on a shared drive, or a container that was created again) cannot be
 * checked that way: it counts as held while its owner keeps touching it, every 10 s.
 */
export const LOCK_FILE_NAME = "markwise.lock";

const TOUCH_EVERY_MS = 10_000;
/** Another computer's file untouched this long belongs to a process that is gone. */
const OTHER_HOST_STALE_MS = 60_000;

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/PID/stat), null elsewhere. */
  processStart: string | null;
}

export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string, readonly owner: LockOwner, readonly lockFile: string) {
    const where = owner.host === os.hostname() ? "on this computer" : `on the computer ${owner.host}`;
    super(
      `The data folder ${dataDir} is in use by another Markwise (process ${owner.pid} ${where}, started ${owner.startedAt}). ` +
        "Two servers on one embedded database would damage it. Stop the other one first (Ctrl+C in its window), or give " +
        `this one its own folder, e.g. DATA_DIR=./data-2 npm start. If no other Markwise is running, delete ${lockFile} and start again.`,
    );
    this.name = "DataFolderInUseError";
  }
}

export interface DataFolderLock {
  /** Removes the file if it is still this process's. */
  release(): void;
}

/** Folders this process holds: opening one twice in a process would damage it just the same. */
const heldHere = new Set<string>();

/** Linux's start time of a process, or null where /proc is not there (macOS, Windows) or the process is gone. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces; the start time is field 22.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
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

function readOwner(lockFile: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(lockFile, "utf8")) as Partial<LockOwner>;
    if (typeof owner.pid !== "number" || typeof owner.host !== "string") return null;
    return { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt ?? "at an unknown time"), processStart: owner.processStart ?? null };
  } catch {
    // Gone since, or half-written by a process that died while writing it.
    return null;
  }
}

/** Whether the file's owner may still be running; false only when it is certainly gone. */
function mayBeRunning(owner: LockOwner, lockFile: string): boolean {
  if (owner.host !== os.hostname()) {
    const touched = statSync(lockFile, { throwIfNoEntry: false });
    return touched !== undefined && Date.now() - touched.mtimeMs < OTHER_HOST_STALE_MS;
  }
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const start = processStartOf(owner.pid);
  return owner.processStart === null || start === null || start === owner.processStart;
}

const sameOwner = (a: LockOwner | null, b: LockOwner | null) => a?.pid === b?.pid && a?.startedAt === b?.startedAt && a?.host === b?.host;

/**
 * Removes a file judged stale. It is moved aside first and read again there: of two processes taking over one stale
 * file at the same moment, the second may move the first one's new file, and then puts it back and stops.
 */
function takeOverStale(lockFile: string, judged: LockOwner | null, folder: string) {
  const aside = `${lockFile}.${process.pid}.stale`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved && !sameOwner(moved, judged) && mayBeRunning(moved, aside)) {
    try {
      linkSync(aside, lockFile);
    } finally {
      unlinkSync(aside);
    }
    throw new DataFolderInUseError(folder, moved, lockFile);
  }
  unlinkSync(aside);
}

/**
 * Takes the data folder for this process, or throws DataFolderInUseError naming the process that has it. Released by
 * `release()` (the database's close) and, failing that, when the process exits.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const folder = path.resolve(dataDir);
  const lockFile = path.join(folder, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), processStart: processStartOf(process.pid) };
  if (heldHere.has(folder)) throw new DataFolderInUseError(folder, readOwner(lockFile) ?? me, lockFile);

  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      try {
        writeSync(fd, `${JSON.stringify(me)}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
    }
    const owner = readOwner(lockFile);
    if (owner && mayBeRunning(owner, lockFile)) throw new DataFolderInUseError(folder, owner, lockFile);
    takeOverStale(lockFile, owner, folder);
  }

  heldHere.add(folder);
  const touch = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lockFile, now, now);
    } catch {
      // Deleted by hand: the next start decides again.
    }
  }, TOUCH_EVERY_MS);
  touch.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(touch);
    heldHere.delete(folder);
    process.off("exit", release);
    if (readOwner(lockFile)?.pid === process.pid) unlinkSync(lockFile);
  };
  process.once("exit", release);
  return { release };
}
