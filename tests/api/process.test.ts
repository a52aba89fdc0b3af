import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { LOCK_FILE_NAME } from "../../src/server/db/data-folder-lock";
import { leads } from "../../src/server/db/schema";
import { findFreePort, startServerProcess } from "../support/server-process";
import { testDatabaseKind } from "../support/test-database";

// The compiled entry point as `npm start` runs it, on its own embedded database.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-process-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const ownDatabase = { DATA_DIR: dataDir, DATABASE_URL: "" };

/** `npm start`'s supervisor on these settings, run until it exits by itself: its exit code and everything it printed. */
async function runSupervisorUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["build/server/supervisor.js"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}

describe.runIf(testDatabaseKind === "pglite")("the server process", () => {
  it("prints its address, and on SIGTERM finishes the in-flight request, closes the database and exits 0", async () => {
    const { child, url, output, stop } = await startServerProcess(ownDatabase);

    // A request whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ type: "get-started", name: "Late Lead", email: "late@school.org", school: "Night School", position: "Staff" });
    let sendRest!: () => void;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 20)));
        sendRest = () => {
          controller.enqueue(new TextEncoder().encode(body.slice(20)));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    sendRest();

    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await exited).toBe(0);
    expect(child.exitCode).toBe(0);
    expect(output()).toContain("stopped cleanly");

    // The database was closed cleanly: it opens again and holds the lead.
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(leads);
      expect(rows.map((row) => row.name)).toContain("Late Lead");
    } finally {
      await database.close();
    }
  });

  it("refuses a second server on the same data folder at once, saying why, and the first goes on", async () => {
    const first = await startServerProcess(ownDatabase);
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    const firstLock = readFileSync(lockFile, "utf8");
    try {
      const { code, output } = await runSupervisorUntilExit(ownDatabase);

      expect(code).toBe(78);
      expect(output).toContain(`The data folder ${dataDir} is in use by another Markwise (process ${first.child.pid} on this computer`);
      expect(output).toContain("not restarting");
      // Started once, not restarted five times.
      expect(output.match(/"msg":"server started"/g)).toHaveLength(1);
      expect(output).not.toContain("Markwise is ready");
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(readFileSync(lockFile, "utf8")).toBe(firstLock);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // A clean stop gives the folder back.
    expect(existsSync(lockFile)).toBe(false);
  });

  it("stops at once on an embedded database whose files are damaged, saying what to do, without restarting", async () => {
    const damagedDir = mkdtempSync(path.join(os.tmpdir(), "markwise-damaged-"));
    try {
      await (await openDatabase({ dataDir: damagedDir })).close();
      writeFileSync(path.join(damagedDir, "pglite", "global", "pg_control"), "not a control file");
      const { code, output } = await runSupervisorUntilExit({ ...ownDatabase, DATA_DIR: damagedDir });

      expect(code).toBe(78);
      expect(output).toContain(`The embedded database in ${path.join(damagedDir, "pglite")} could not be opened: PGlite stopped with \\"Aborted()\\", which usually means its files are damaged`);
      expect(output.match(/"msg":"server started"/g)).toHaveLength(1);
      expect(output).toContain("not restarting");
      // The folder is given back, so once the files are restored the next start may open it.
      expect(existsSync(path.join(damagedDir, LOCK_FILE_NAME))).toBe(false);
    } finally {
      rmSync(damagedDir, { recursive: true, force: true });
    }
  });

  it("stops on a wrong setting with one line naming it, exit 78 (a service manager's do-not-restart code), starting no server", async () => {
    const { code, output } = await runSupervisorUntilExit({ ...ownDatabase, PUBLIC_URL: "example.org", SMTP_URL: "smtp.school.org" });
    expect(code).toBe(78);
    expect(output).toContain("PUBLIC_URL must be a full URL like https://markwise.school.org");
    expect(output).toContain("SMTP_URL must be a URL such as smtp://user:pass@smtp.school.org:587");
    expect(output).not.toContain("server started");
    expect(output.trim().split("\n")).toHaveLength(1);

    const badLevel = await runSupervisorUntilExit({ ...ownDatabase, LOG_LEVEL: "verbose" });
    expect(badLevel.code).toBe(78);
    expect(badLevel.output).toContain("LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent");
  });

  it("stops without restarting when PORT is taken by another program, naming PORT, before migrating the database", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const freshDir = mkdtempSync(path.join(os.tmpdir(), "markwise-port-"));
    try {
      const { code, output } = await runSupervisorUntilExit({ ...ownDatabase, DATA_DIR: freshDir, PORT: String(port) });
      expect(code).toBe(78);
      expect(output).toContain(`PORT ${port} is in use by another program (on HOST 127.0.0.1); stop it or choose another PORT.`);
      expect(output.match(/"msg":"server started"/g)).toHaveLength(1);
      expect(output).toContain("not restarting");
      // No migration ran: a wrong setting leaves the database as it was (here: with no tables at all).
      const database = await openDatabase({ dataDir: freshDir, migrate: false });
      try {
        const found = await database.pglite!.query<{ migrations: string | null; users: string | null }>(
          "select to_regclass('drizzle.__drizzle_migrations')::text as migrations, to_regclass('public.users')::text as users",
        );
        expect(found.rows[0]).toEqual({ migrations: null, users: null });
      } finally {
        await database.close();
      }
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
      rmSync(freshDir, { recursive: true, force: true });
    }
  });

  it("runs under a supervisor that starts the server again when it dies, logging why, and stops with it", async () => {
    const port = await findFreePort();
    const supervised = await startServerProcess({ ...ownDatabase, PORT: String(port) }, "supervisor");
    const firstPid = Number(supervised.output().match(/"pid":(\d+),"msg":"server started"/)?.[1]);
    expect(firstPid).toBeGreaterThan(0);
    expect(firstPid).not.toBe(supervised.child.pid);

    process.kill(firstPid, "SIGKILL");
    const deadline = Date.now() + 60_000;
    while (!/Markwise is ready[\s\S]*Markwise is ready/.test(supervised.output())) {
      if (Date.now() > deadline) throw new Error(`the server was not restarted:\n${supervised.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(supervised.output()).toContain("the server stopped unexpectedly (signal SIGKILL); restarting");
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    expect(await supervised.stop()).toBe(0);
    expect(supervised.output()).toContain("stopped cleanly");
  });
});
