import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { createSignedInTeacher } from "../support/accounts";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createTestDatabase, testDatabaseKind } from "../support/test-database";

// Run after each test, last added first: servers stop before the databases under them are dropped.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sharedPostgres(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-scale-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return { DATA_DIR: dataDir, DATABASE_URL: database.url! };
}

async function start(env: Record<string, string>, entry: "index" | "supervisor" = "index"): Promise<ServerProcess> {
  const started = await startServerProcess(env, entry);
  cleanups.push(() => started.kill());
  return started;
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 60_000, output?: () => string) {
  for (const deadline = Date.now() + timeoutMs; !check(); ) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s${output ? `:\n${output().slice(-3000)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const startedPids = (output: string) => [...output.matchAll(/"pid":(\d+),"msg":"server started"/g)].map((match) => Number(match[1]));
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(testDatabaseKind === "postgres")("several server processes on one PostgreSQL", () => {
  it("a teacher signed in on one process reads on another, and signing out on one ends the session on both within 5 s", async () => {
    const env = await sharedPostgres();
    const [first, second] = await Promise.all([start(env), start(env)]);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL!, migrate: false });
    cleanups.push(() => database.close());

    const teacher = await createSignedInTeacher(first.url, database.db, "scale");
    const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
    expect(created.status).toBe(201);
    const onSecond = () => fetch(`${second.url}/api/assignments/${created.data.id}`, { headers: { cookie: teacher.client.cookieHeader() } });
    const read = await onSecond();
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: string }).id).toBe(created.data.id);

    expect((await teacher.client.post("/api/auth/sign-out", {})).status).toBe(200);
    const signedOutAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - signedOutAt < 10_000) {
      status = (await onSecond()).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(401);
    // The documented rule (decision record 015): another process stops accepting a signed-out session within 5 s.
    expect(Date.now() - signedOutAt).toBeLessThan(6_000);
  }, 60_000);

  it("WEB_CONCURRENCY=2 serves one port from two processes: one dying leaves the other answering, and SIGTERM stops both", async () => {
    const env = await sharedPostgres();
    const supervised = await start({ ...env, WEB_CONCURRENCY: "2" }, "supervisor");
    await waitFor("two servers ready", () => (supervised.output().match(/Markwise is ready at/g) ?? []).length === 2, 60_000, supervised.output);
    const pids = startedPids(supervised.output());
    expect(pids).toHaveLength(2);
    expect(new Set(pids).size).toBe(2);
    expect(pids.every(isAlive)).toBe(true);
    expect(supervised.output()).toContain("starting 2 server processes on one port");

    process.kill(pids[0]!, "SIGKILL");
    // The other process keeps the port answering while the supervisor starts a new one.
    for (let i = 0; i < 10; i++) expect((await fetch(`${supervised.url}/api/health`, { headers: { connection: "close" }, signal: AbortSignal.timeout(5_000) })).status).toBe(200);
    await waitFor("the killed server restarted", () => (supervised.output().match(/Markwise is ready at/g) ?? []).length === 3, 60_000, supervised.output);
    expect(supervised.output()).toContain("the server stopped unexpectedly (signal SIGKILL); restarting");

    const stopped = await Promise.race([supervised.stop(), new Promise((resolve) => setTimeout(() => resolve("still running 20 s after SIGTERM"), 20_000))]);
    expect(stopped, supervised.output().slice(-3000)).toBe(0);
    expect((supervised.output().match(/stopped cleanly/g) ?? []).length).toBe(2);
    expect(startedPids(supervised.output()).some(isAlive)).toBe(false);
  }, 120_000);

  it("a process whose restart fails a start-up check is not restarted and the others go on serving; with none left, exit 78", async () => {
    const env = await sharedPostgres();
    const supervised = await start({ ...env, WEB_CONCURRENCY: "2" }, "supervisor");
    await waitFor("two servers ready", () => (supervised.output().match(/Markwise is ready at/g) ?? []).length === 2, 60_000, supervised.output);
    const [first, second] = startedPids(supervised.output());
    const exited = new Promise<number | null>((resolve) => supervised.child.once("exit", resolve));

    // A file where DATA_DIR was: the running servers go on (on PostgreSQL they need it only for mail and uploads), but a
    // server started now fails the start-up check that the folder can be written, which exits 78.
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
    writeFileSync(env.DATA_DIR!, "not a folder");
    process.kill(first!, "SIGKILL");
    await waitFor("the restarted server given up", () => supervised.output().includes("not restarting it"), 60_000, supervised.output);
    expect(supervised.output()).toContain(`DATA_DIR ${env.DATA_DIR} is not writable`);
    expect(supervised.output()).toMatch(/server process \d+ cannot start as things stand; not restarting it now\. The other 1 of 2 go on serving\. Read the line above for the reason, mend it, and restart Markwise to run all 2 again\./);

    // The supervisor and the healthy process stay; the port keeps answering.
    expect(isAlive(supervised.child.pid!)).toBe(true);
    expect(isAlive(second!)).toBe(true);
    for (let i = 0; i < 5; i++) expect((await fetch(`${supervised.url}/api/health`, { headers: { connection: "close" }, signal: AbortSignal.timeout(5_000) })).status).toBe(200);
    expect(startedPids(supervised.output())).toHaveLength(3);

    // The last one fails its restart the same way: nothing is left to serve, so the supervisor stops, saying so, with 78.
    process.kill(second!, "SIGKILL");
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("still running 30 s later"), 30_000))]);
    expect(code, supervised.output().slice(-3000)).toBe(78);
    expect(supervised.output()).toContain("the server cannot start as things stand; not restarting. Read the line above for the reason.");
  }, 120_000);
});

describe.runIf(testDatabaseKind === "pglite")("WEB_CONCURRENCY on the embedded database", () => {
  it("refuses to start more than one process on PGlite, and says what to set", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-scale-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await expect(startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "", WEB_CONCURRENCY: "2" }, "supervisor")).rejects.toThrow(
      "WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database (PGlite) belongs to one process.",
    );
  });
});
