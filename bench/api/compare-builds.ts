/**
 * The app's CPU per request for two or more builds of the server, read for read on the same data (issue 16). Requests
 * per second move with whatever else the machine runs; the CPU the app's process spends per answer moves much less,
 * and alternating the builds within each round cancels most of the drift. Two copies of one build differed by about
 * 5% (medians of four rounds); two runs of the same pair of builds have disagreed by more (decision 015), so run it
 * twice before trusting a difference under 15%.
 *
 * Each build is a folder inside this checkout holding build/server/index.js (packages resolve from the checkout):
 *   git worktree add .builds/before HEAD~1 && (cd .builds/before && node scripts/build-server.mjs)
 *   npm run build:server
 *   npm run bench:api:compare -- --builds .builds/before,. [--reads assignment,submission,list,gradebook]
 *     [--rounds 5 --requests 20000]   (PostgreSQL when DATABASE_URL is set, else PGlite)
 *
 * The class set is graded by a process of the first build that is stopped before any measure, so no build carries
 * the grading's heap. On PGlite, whose folder takes one process at a time, each build is started for its measure.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { option } from "../cli.js";
import { freePort } from "./free-port.js";
import { withBenchDatabase } from "./database.js";
import { seedClassSet } from "./seed.js";

const builds = option("builds", "").split(",").filter(Boolean);
const reads = option("reads", "assignment,submission,list,gradebook").split(",");
const rounds = Number(option("rounds", "5"));
const requests = Number(option("requests", "20000"));
if (builds.length < 2) {
  console.error("Pass --builds with two or more folders holding build/server/index.js, e.g. --builds .builds/before,.");
  process.exit(1);
}

/** User and system CPU of a process so far, in µs (/proc/<pid>/stat counts in hundredths of a second). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function startBuild(folder: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn("node", [path.join(folder, "build/server/index.js")], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`${folder} stopped (exit ${child.exitCode}) before it was ready`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${folder} was not ready within 60 s`);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

await withBenchDatabase(async (databaseUrl) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-compare-"));
  const env = { HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", AUTH_RATE_LIMIT_MAX: "100000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const seeder = await startBuild(builds[0]!, env);
  const seeded = await seedClassSet(seeder.url, dataDir, 30);
  // Two seconds for the upkeep that follows a graded class set, as in bench:api.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await stop(seeder.child);
  const paths: Record<string, string> = {
    assignment: `/api/assignments/${seeded.assignmentId}`,
    submission: `/api/submissions/${seeded.submissionId}`,
    list: `/api/assignments/${seeded.assignmentId}/submissions`,
    gradebook: `/api/assignments/${seeded.assignmentId}/gradebook`,
  };
  const running = new Map<string, { child: ChildProcess; url: string }>();
  const embedded = !databaseUrl;
  if (!embedded) for (const build of builds) running.set(build, await startBuild(build, env));
  const results = new Map<string, number[]>();
  console.log(`CPU per request on ${embedded ? "PGlite" : "PostgreSQL"}, ${requests} requests per measure at 50 connections, ${rounds} rounds`);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const read of reads) {
        // Alternate the order of the builds from round to round.
        for (const build of round % 2 ? [...builds].reverse() : builds) {
          const app = running.get(build) ?? (await startBuild(build, env));
          const url = app.url + paths[read];
          const headers = { cookie: seeded.cookie };
          await autocannon({ url, connections: 50, amount: Math.min(2000, requests), headers });
          const before = cpuMicros(app.child.pid!);
          const started = performance.now();
          const result = await autocannon({ url, connections: 50, amount: requests, headers });
          const perRequest = (cpuMicros(app.child.pid!) - before) / requests;
          if (result.non2xx || result.errors) throw new Error(`${build} ${read}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
          const key = `${read}  ${build}`;
          results.set(key, [...(results.get(key) ?? []), perRequest]);
          console.log(`round ${round + 1}  ${key.padEnd(40)} ${perRequest.toFixed(0).padStart(5)} µs/request  ${(requests / ((performance.now() - started) / 1000)).toFixed(0)} requests/s`);
          if (embedded) await stop(app.child);
        }
      }
    }
  } finally {
    for (const app of running.values()) await stop(app.child);
  }
  console.log("\nmedian CPU per request (each round's figure in brackets)");
  for (const [key, figures] of results) {
    const sorted = [...figures].sort((a, b) => a - b);
    console.log(`${key.padEnd(40)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0).padStart(5)} µs  [${figures.map((f) => f.toFixed(0)).join(", ")}]`);
  }
});
