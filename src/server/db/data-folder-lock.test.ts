import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentOwner, DataFolderInUseError, LOCK_FILE_NAME, lockDataFolder, type LockOwner } from "./data-folder-lock";

let folder: string;
let lockFile: string;
const children: ChildProcess[] = [];
const quick = { touchMs: 50, watchMs: 400 };
const isLinux = process.platform === "linux";

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
/** A lock file as another process of this machine would write it, changed by `owner`. */
const writeOwner = (owner: Partial<LockOwner>) => writeFileSync(lockFile, JSON.stringify({ ...currentOwner(), startedAt: "2026-11-27T08:00:00.000Z", ...owner }));
const ownerPid = () => (JSON.parse(readFileSync(lockFile, "utf8")) as LockOwner).pid;
const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe("the embedded database's data folder lock", () => {
  it("takes a free folder with this process's number and gives it back on release", async () => {
    const lock = await lockDataFolder(folder, quick);
    expect(ownerPid()).toBe(process.pid);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    (await lockDataFolder(folder, quick)).release();
  });

  it("refuses a second hold in the same process, also through another path to the folder", async () => {
    const lock = await lockDataFolder(folder, quick);
    const link = `${folder}-link`;
    symlinkSync(folder, link);
    try {
      await expect(lockDataFolder(folder, quick)).rejects.toThrow(DataFolderInUseError);
      await expect(lockDataFolder(link, quick)).rejects.toThrow(DataFolderInUseError);
    } finally {
      lock.release();
      rmSync(link);
    }
  });

  it("refuses a folder that a running process of this computer holds, naming it and what to do, and leaves its file", async () => {
    const pid = await otherProcess();
    writeOwner({ pid, processStart: isLinux ? startOf(pid) : null, startedAt: new Date().toISOString() });
    const before = readFileSync(lockFile, "utf8");
    const error = await refusal(lockDataFolder(folder, quick));
    expect(error).toBeInstanceOf(DataFolderInUseError);
    const message = (error as Error).message;
    expect(message).toContain(`The data folder ${folder} is in use by another Markwise (process ${pid} on this computer, started `);
    expect(message).toContain("Stop the other one first (Ctrl+C in its window), or give this one its own folder, e.g. DATA_DIR=./data-2 npm start.");
    expect(message).toContain(`If no other Markwise is running, delete ${lockFile} and start again.`);
    expect(readFileSync(lockFile, "utf8")).toBe(before);
  });

  it("takes over the file of a process that is gone", async () => {
    writeOwner({ pid: await goneProcess() });
    (await lockDataFolder(folder, quick)).release();
  });

  it.runIf(isLinux)("takes over when the number now belongs to a process that started later, or to another boot", async () => {
    const pid = await otherProcess();
    writeOwner({ pid, processStart: String(Number(startOf(pid)) - 1) });
    (await lockDataFolder(folder, quick)).release();

    writeOwner({ pid, processStart: startOf(pid), boot: "another-boot" });
    (await lockDataFolder(folder, quick)).release();
  });

  it("without start times (macOS, Windows), takes over a file written before the machine started", async () => {
    const pid = await otherProcess();
    const beforeBoot = new Date(Date.now() - os.uptime() * 1000 - 3_600_000).toISOString();
    writeOwner({ pid, processStart: null, boot: null, startedAt: new Date().toISOString() });
    await expect(lockDataFolder(folder, quick)).rejects.toThrow(DataFolderInUseError);
    writeOwner({ pid, processStart: null, boot: null, startedAt: beforeBoot });
    (await lockDataFolder(folder, quick)).release();
  });

  it("counts another machine's file as held while it is touched, and takes it over after a watch without a touch", async () => {
    // The same host name in another process namespace (two containers) is another machine too.
    writeOwner({ pid: 4242, host: "other-laptop", machine: "other-laptop pid:[1]" });
    const touching = setInterval(() => utimesSync(lockFile, new Date(), new Date()), 50);
    try {
      await expect(lockDataFolder(folder, quick)).rejects.toThrow("(process 4242 on the computer other-laptop, started 2026-11-27T08:00:00.000Z)");
    } finally {
      clearInterval(touching);
    }
    const started = Date.now();
    const lock = await lockDataFolder(folder, quick);
    expect(Date.now() - started).toBeGreaterThanOrEqual(quick.watchMs);
    expect(ownerPid()).toBe(process.pid);
    lock.release();
  });

  it("gives a file it cannot read ten seconds to be written before taking it over", async () => {
    writeFileSync(lockFile, '{"pid":12');
    const nineSecondsAgo = new Date(Date.now() - 9_500);
    utimesSync(lockFile, nineSecondsAgo, nineSecondsAgo);
    const started = Date.now();
    (await lockDataFolder(folder, quick)).release();
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it("leaves a file on release that is no longer this process's, even one naming the same number", async () => {
    const lock = await lockDataFolder(folder, quick);
    writeOwner({ pid: process.pid, host: "other-laptop", machine: "other-laptop" });
    lock.release();
    expect(existsSync(lockFile)).toBe(true);
  });

  describe("between processes", () => {
    const moduleUrl = new URL("./data-folder-lock.ts", import.meta.url).href;
    /** A process that takes the folder (touching every 100 ms), prints what happened, and holds it for `holdMs`. */
    function contender(holdMs: number) {
      const script = path.join(folder, `contender-${children.length}.mts`);
      writeFileSync(
        script,
        `import { lockDataFolder } from ${JSON.stringify(moduleUrl)};
         process.on("uncaughtException", (error) => { console.log("lost: " + error.message); process.exit(3); });
         try { await lockDataFolder(${JSON.stringify(folder)}, { touchMs: 100, watchMs: 1500 }); console.log("got"); setTimeout(() => process.exit(0), ${holdMs}); }
         catch (error) { console.log(error.name === "DataFolderInUseError" ? "refused" : "failed: " + error.message); process.exit(1); }`,
      );
      const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"], cwd: path.dirname(fileURLToPath(import.meta.url)) });
      children.push(child);
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<string>((resolve) => child.once("exit", () => resolve(output.trim())));
      return { child, exited, output: () => output };
    }

    it("lets exactly one of several processes started together take a folder another left behind", async () => {
      // Another machine's file, untouched: every start watches it for 1.5 s, so all of them find it left behind at
      // about the same moment, and only one may take it over.
      writeOwner({ pid: 4242, host: "other-laptop", machine: "other-laptop" });
      const results = await Promise.all(Array.from({ length: 5 }, () => contender(3_000).exited));
      expect(results.filter((result) => result === "got")).toHaveLength(1);
      expect(results.filter((result) => result === "refused")).toHaveLength(4);
    }, 60_000);

    it("writes its file again when it is deleted while the holder runs", async () => {
      const holder = contender(3_000);
      while (!holder.output().includes("got")) await new Promise((resolve) => setTimeout(resolve, 50));
      const record = readFileSync(lockFile, "utf8");
      rmSync(lockFile);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(readFileSync(lockFile, "utf8")).toBe(record);
      expect(await holder.exited).toBe("got");
      expect(holder.child.exitCode).toBe(0);
    }, 30_000);

    it("stops a holder whose file another start took over", async () => {
      const holder = contender(10_000);
      while (!holder.output().includes("got")) await new Promise((resolve) => setTimeout(resolve, 50));
      writeOwner({ pid: 4242, host: "other-laptop", machine: "other-laptop" });
      expect(await holder.exited).toContain("lost: The data folder");
      expect(holder.child.exitCode).toBe(3);
    }, 30_000);
  });
});
