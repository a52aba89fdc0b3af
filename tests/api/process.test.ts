import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { leads } from "../../src/server/db/schema";
import { testDatabaseKind } from "../support/test-database";

// The real entry point (`tsx src/server/index.ts`) as `npm start` runs it, on its own embedded database.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-process-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startProcess(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/Markwise is ready at (http:\/\/localhost:\d+)/);
      if (ready) resolve({ child, url: ready[1]!, output: () => output });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited early (${code}):\n${output}`)));
  });
}

describe.runIf(testDatabaseKind === "pglite")("the server process", () => {
  it("prints its address, and on SIGTERM finishes the in-flight request, closes the database and exits 0", async () => {
    const { child, url, output } = await startProcess();
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

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
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    sendRest();

    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await exited).toBe(0);
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
});
