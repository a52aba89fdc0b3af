import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findFreePort } from "../support/server-process";
import { testDatabaseKind } from "../support/test-database";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-npm-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

// A service manager (supervisord, pm2, a pidfile) signals the pid it started: `npm`'s. npm runs scripts/start.mjs
// through `sh -c`, and the shell died of the signal, leaving the supervisor and the server running, orphaned.
describe.runIf(testDatabaseKind === "pglite" && process.platform === "linux")("`npm start` and SIGTERM", () => {
  it("stops the supervisor and the server when npm's own pid is sent SIGTERM", { timeout: 240_000 }, async () => {
    const port = await findFreePort();
    const npm = spawn("npm", ["start"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise((resolve) => npm.once("exit", resolve));
    let serverPid = 0;
    let supervisorPid = 0;
    try {
      expect(await waitFor(() => output.includes("Markwise is ready"), 200_000), output.slice(-3000)).toBe(true);
      serverPid = Number(output.match(/"pid":(\d+),"msg":"server started"/)?.[1]);
      supervisorPid = parentOf(serverPid);
      expect(supervisorPid).not.toBe(npm.pid);

      process.kill(npm.pid!, "SIGTERM");
      await npmExited;
      expect(await waitFor(() => !isRunning(serverPid) && !isRunning(supervisorPid), 15_000), `still running:\n${output.slice(-3000)}`).toBe(true);
      expect(output).toContain("stopped cleanly");
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      // Only the processes this test started, should the fix be missing.
      for (const pid of [serverPid, supervisorPid]) if (pid && isRunning(pid)) process.kill(pid, "SIGKILL");
      if (npm.exitCode === null && npm.signalCode === null) npm.kill("SIGKILL");
    }
  });
});
