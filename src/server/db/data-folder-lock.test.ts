import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataFolderInUseError, LOCK_FILE_NAME, lockDataFolder } from "./data-folder-lock";

let folder: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "markwise-lock-"));
  lockFile = path.join(folder, LOCK_FILE_NAME);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

/** Another process on this computer that keeps running until the test ends. */
async function otherProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve) => child.once("spawn", resolve));
  return child.pid!;
}

/** The number of a process that has exited. */
async function goneProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};
const writeOwner = (owner: Record<string, unknown>) => writeFileSync(lockFile, JSON.stringify({ host: os.hostname(), startedAt: "2026-11-27T08:00:00.000Z", processStart: null, ...owner }));
const ownerPid = () => (JSON.parse(readFileSync(lockFile, "utf8")) as { pid: number }).pid;

describe("the embedded database's data folder lock", () => {
  it("takes a free folder with this process's number and gives it back on release", () => {
    const lock = lockDataFolder(folder);
    expect(ownerPid()).toBe(process.pid);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    // Taken again after it was given back.
    lockDataFolder(folder).release();
  });

  it("refuses a second hold in the same process", () => {
    const lock = lockDataFolder(folder);
    try {
      expect(() => lockDataFolder(folder)).toThrow(DataFolderInUseError);
    } finally {
      lock.release();
    }
  });

  it("refuses a folder that a running process on this computer holds, naming it, what to do, and leaves its file", async () => {
    const pid = await otherProcess();
    writeOwner({ pid, processStart: startOf(pid) });
    const before = readFileSync(lockFile, "utf8");
    let error: unknown;
    try {
      lockDataFolder(folder);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataFolderInUseError);
    const message = (error as Error).message;
    expect(message).toContain(`The data folder ${folder} is in use by another Markwise (process ${pid} on this computer, started 2026-11-27T08:00:00.000Z)`);
    expect(message).toContain("Stop the other one first (Ctrl+C in its window), or give this one its own folder, e.g. DATA_DIR=./data-2 npm start.");
    expect(message).toContain(`If no other Markwise is running, delete ${lockFile} and start again.`);
    expect(readFileSync(lockFile, "utf8")).toBe(before);
  });

  it("takes over the file of a process that is gone, and a file cut short", async () => {
    writeOwner({ pid: await goneProcess() });
    lockDataFolder(folder).release();

    writeFileSync(lockFile, '{"pid":12');
    const lock = lockDataFolder(folder);
    expect(ownerPid()).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform === "linux")("takes over when the number now belongs to a process that started later", async () => {
    const pid = await otherProcess();
    writeOwner({ pid, processStart: String(Number(startOf(pid)) - 1) });
    const lock = lockDataFolder(folder);
    expect(ownerPid()).toBe(process.pid);
    lock.release();
  });

  it("counts another computer's file as held while it is touched, and takes it over a minute after", () => {
    writeOwner({ pid: 4242, host: "other-laptop" });
    expect(() => lockDataFolder(folder)).toThrow("(process 4242 on the computer other-laptop, started 2026-11-27T08:00:00.000Z)");

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    utimesSync(lockFile, twoMinutesAgo, twoMinutesAgo);
    const lock = lockDataFolder(folder);
    expect(ownerPid()).toBe(process.pid);
    lock.release();
  });

  it("leaves a file on release that is no longer this process's", () => {
    const lock = lockDataFolder(folder);
    writeOwner({ pid: 4242, host: "other-laptop" });
    lock.release();
    expect(ownerPid()).toBe(4242);
  });
});
