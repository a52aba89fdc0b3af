/**
 * API speed benchmark (issue 16): the built app (one process, PostgreSQL when DATABASE_URL is set, else PGlite) with a
 * signed-in teacher and a graded class set, beside a bare Hono server doing one indexed select on the same engine,
 * both loaded the same way by autocannon (50 connections, each run after 2 s of unmeasured load). Prints requests/s,
 * p50 and p99 per read and the ratio to the reference (run before the first read and after each, a read compared with
 * the runs on either side of it), and the app's resident memory idle and after the load.
 * npm run bench:api [-- --duration 10 --connections 50 --students 30 --profile /tmp/profile --only assignment --soak 300]
 */
import autocannon from "autocannon";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os, { cpus } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { option } from "../cli.js";
import { freePort } from "./free-port.js";
import { seedClassSet } from "./seed.js";
import { withBenchDatabase } from "./database.js";
import { residentMegabytes, runSoak } from "./soak.js";

const duration = Number(option("duration", "10"));
const connections = Number(option("connections", "50"));
const students = Number(option("students", "30"));
/** --profile DIR: the app writes a CPU profile there when it stops (node --cpu-prof). */
const profileDir = option("profile", "");
/** --only text: run only the reads whose name contains it (profiling one read). */
const only = option("only", "");
/** --soak SECONDS: after the reads, mixed reads and writes for that long, with resident memory sampled. */
const soakSeconds = Number(option("soak", "0"));

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** PostgreSQL only: statements the database committed per request (pg_stat_database), background work included. */
  statements?: number;
  /** Bytes of each answer as sent (headers and body; autocannon does not ask for compression). */
  bytes: number;
  /** The reference's requests/s around this read: the mean of its runs just before and just after. */
  referenceRps?: number;
}

async function startApp(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn("node", [...nodeArgs, "build/server/index.js"], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://localhost:${port}`;
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`The app stopped (exit ${child.exitCode}) before it was ready`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The app was not ready within 60 s");
}

/** Starts a child process and resolves with the first URL it prints. */
function startChild(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const url = line.match(/https?:\/\/[^\s"]+/)?.[0];
      if (url) resolve({ child, url: url.replace(/\/$/, "") });
    });
    child.on("exit", (code) => reject(new Error(`${command} ${args.join(" ")} stopped (exit ${code}) before it was ready`)));
  });
}


/** Statements committed so far in the bench database (PostgreSQL's statistics lag by up to half a second). */
let committed: (() => Promise<number>) | undefined;

/** Unmeasured load before each measured one: the first run of a cold server (the reference's own) ran at half speed. */
const warmUpSeconds = 2;

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Measure> {
  await autocannon({ url, connections, duration: warmUpSeconds, headers });
  const before = await committed?.();
  const result = await autocannon({ url, connections, duration, headers });
  await new Promise((resolve) => setTimeout(resolve, committed ? 800 : 0));
  const after = await committed?.();
  const statements = before !== undefined && after !== undefined ? (after - before) / result.requests.total : undefined;
  const bytes = result.requests.total ? result.throughput.total / result.requests.total : 0;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, bytes, ...(statements !== undefined ? { statements } : {}) };
}

/** The reference's runs as one line: mean requests/s and p50, the worst p99. */
function summarizeRuns(runs: Measure[]): Measure {
  const mean = (f: (m: Measure) => number) => runs.reduce((sum, m) => sum + f(m), 0) / runs.length;
  return { ...runs[0]!, rps: mean((m) => m.rps), p50: Math.round(mean((m) => m.p50)), p99: Math.max(...runs.map((m) => m.p99)), errors: runs.reduce((sum, m) => sum + m.errors, 0) };
}

/** A browser's request headers that change the answer: it takes compressed answers (brotli first). */
const browserHeaders = { "accept-encoding": "gzip, deflate, br" };
const browserSuffix = ", as a browser asks (br)";
const browserRead = (name: string) => `${name}${browserSuffix}`;

/** How long a restarted app sits idle before its memory is read: start-up work done, no request served. */
const idleSeconds = 10;

/**
 * Stops the app and starts it again on the same data: what an idle server holds, without the memory seeding left
 * behind (on a new data folder PGlite keeps what creating the database took). `app` is the running app, replaced.
 */
async function idleAfterRestart(app: { child: ChildProcess; url: string }, env: NodeJS.ProcessEnv): Promise<number> {
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGTERM");
  await exited;
  const restarted = await startApp(env);
  app.child = restarted.child;
  app.url = restarted.url;
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  return residentMegabytes(restarted.child.pid);
}

const kind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(`API benchmark on ${kind}: ${connections} connections, ${duration} s per read, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), Node ${process.version}`);
console.log("Building the app (npm run build)...");
execFileSync("npm", ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });

await withBenchDatabase(async (databaseUrl, statementsSoFar) => {
  committed = statementsSoFar;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-bench-api-"));
  const env = { HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", AUTH_RATE_LIMIT_MAX: "100000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const app = await startApp(env);
  const reference = await startChild("node", ["--import", "tsx", "bench/api/reference-server.ts"], databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const seeded = await seedClassSet(app.url, dataDir, students);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = residentMegabytes(app.child.pid);
    const cookie = { cookie: seeded.cookie };
    // The reference runs before the first read and after each one, and each read is compared with the mean of the
    // runs on either side of it: on a shared machine the speed drifts within a bench (the reference's own runs
    // spanned up to 25% in one bench), and one reference measured first lent that drift to every later ratio.
    const referenceRuns = [await load("reference: one indexed select", `${reference.url}/item/42`)];
    const plan: Array<[string, string, Record<string, string>]> = [
      ["health", `${app.url}/api/health`, {}],
      ["an assignment", `${app.url}/api/assignments/${seeded.assignmentId}`, cookie],
      ["a submission", `${app.url}/api/submissions/${seeded.submissionId}`, cookie],
      [`the list of ${students} submissions`, `${app.url}/api/assignments/${seeded.assignmentId}/submissions`, cookie],
      ["the gradebook", `${app.url}/api/assignments/${seeded.assignmentId}/gradebook`, cookie],
      ["the landing HTML", `${app.url}/`, {}],
      // What a teacher's browser asks for: the same reads, compressed. Printed beside the others; the targets are the
      // issue's reads above, which ask for no compression.
      [browserRead("a submission"), `${app.url}/api/submissions/${seeded.submissionId}`, { ...cookie, ...browserHeaders }],
      [browserRead(`the list of ${students} submissions`), `${app.url}/api/assignments/${seeded.assignmentId}/submissions`, { ...cookie, ...browserHeaders }],
    ];
    const reads: Measure[] = [];
    for (const [name, url, headers] of plan.filter(([name]) => name.includes(only))) {
      const read = await load(name, url, headers);
      const before = referenceRuns.at(-1)!;
      const after = await load("reference: one indexed select", `${reference.url}/item/42`);
      referenceRuns.push(after);
      reads.push({ ...read, referenceRps: (before.rps + after.rps) / 2 });
    }
    const referenceRead = summarizeRuns(referenceRuns);
    const loaded = residentMegabytes(app.child.pid);
    const ratioOf = (m: Measure) => m.rps / (m.referenceRps ?? referenceRead.rps);
    const rows = [referenceRead, ...reads].map((m) => [m.name, m.rps.toFixed(0), `${m.p50} ms`, `${m.p99} ms`, (m.referenceRps ?? m.rps).toFixed(0), ratioOf(m).toFixed(2), String(m.errors), m.statements === undefined ? "-" : m.statements.toFixed(1), (m.bytes / 1024).toFixed(1)]);
    const header = ["read", "requests/s", "p50", "p99", "reference/s", "ratio", "errors", "statements/request", "KB/answer"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
    console.log("");
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const row of rows) console.log(line(row));
    console.log(`The reference's ${referenceRuns.length} runs: ${referenceRuns.map((m) => m.rps.toFixed(0)).join(", ")} requests/s; each read's ratio is to the mean of the runs before and after it.`);
    console.log("");
    console.log(`App resident memory: ${idle.toFixed(0)} MB idle after seeding, ${loaded.toFixed(0)} MB after the load.`);
    const signedIn = reads.filter((m) => m.name === "an assignment" || m.name === "a submission");
    const lists = reads.filter((m) => (m.name.startsWith("the list") && !m.name.endsWith(browserSuffix)) || m.name === "the gradebook");
    const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
    const worst = (list: Measure[]) => Math.min(...list.map(ratioOf));
    // With --only, a target whose reads did not run is not printed.
    if (signedIn.length) console.log(`  ${pass(worst(signedIn) >= 0.5)}  signed-in reads >= 0.5 of the reference: ${worst(signedIn).toFixed(2)}`);
    if (lists.length) console.log(`  ${pass(worst(lists) >= 0.3)}  list and gradebook >= 0.3 of the reference: ${worst(lists).toFixed(2)}`);
    if (databaseUrl && signedIn.length) console.log(`  ${pass(Math.max(...signedIn.map((m) => m.p99)) < 25)}  p99 of signed-in reads < 25 ms: ${Math.max(...signedIn.map((m) => m.p99))} ms`);
    if (soakSeconds > 0) await runSoak({ url: app.url, pid: app.child.pid, cookie: seeded.cookie, assignmentId: seeded.assignmentId, submissionId: seeded.submissionId }, soakSeconds, connections);
    const restartedIdle = await idleAfterRestart(app, env);
    const memoryTarget = databaseUrl ? "" : `  ${pass(restartedIdle <= 200)}  <= 200 MB on PGlite`;
    console.log(`App resident memory after a restart on the same data, idle ${idleSeconds} s: ${restartedIdle.toFixed(0)} MB${memoryTarget}`);
  } finally {
    app.child.kill("SIGTERM");
    reference.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
