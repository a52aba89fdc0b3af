/**
 * Grading throughput of the real queue and worker with the built-in grader: server processes started from the
 * entry point (src/server/index.ts), a teacher and an assignment with a rubric and three graded samples made over
 * HTTP, then 1,000 essays of about 400 words uploaded through the upload API in requests of 25 (as the page sends
 * them), graded while the upload goes on. Grading time runs from the first submission stored (and queued) until the
 * last is graded, read from the database afterwards.
 *
 * npm run bench:queue -- [--data ../shared/data/essays] [--submissions 1000] [--databases pglite,postgres]
 *                        [--database-url postgres://postgres@127.0.0.1:5432/test] [--workers 1,2] [--out bench/results/grading-queue.json]
 *
 * Two modes (--modes upload,backlog):
 *   upload   the teacher's flow: the processes grade while the upload goes on; grading time runs from the first
 *            submission stored (and queued) until the last graded, so a slow upload bounds it (see "after upload").
 *   backlog  all 1,000 are uploaded through a process that does not grade, then the grading processes start: the
 *            rate at which they drain a queue, from the first grade written to the last.
 * PGlite: one grading process (it owns its data folder). PostgreSQL: for each --workers N, N server processes with
 * the grading worker on, on a fresh database created beside --database-url (dropped afterwards). Uploads go to the
 * first process (upload mode) or to a process of their own (backlog mode) on a fixed port.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { option, writeReport } from "../cli";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client";
import { TestClient } from "../../tests/support/http";
import { findFreePort, startServerProcess, type ServerProcess } from "../../tests/support/server-process";
import { loadBenchEssays, type BenchEssays } from "./essays";

const defaultPostgresUrl = "postgres://postgres@127.0.0.1:5432/test";
const dataDir = resolve(option("data", "../shared/data/essays"));
const submissionCount = Number(option("submissions", "1000"));
const databases = option("databases", "pglite,postgres").split(",");
const explicitPostgresUrl = option("database-url", "");
const postgresUrl = explicitPostgresUrl || process.env.DATABASE_URL || defaultPostgresUrl;
const workerCounts = option("workers", "1,2").split(",").map(Number);
const modes = option("modes", "upload,backlog").split(",") as Mode[];
const out = resolve(option("out", "bench/results/grading-queue.json"));
const filesPerRequest = 25;
/** Issue 16: 1,000 submissions graded through the real queue within 10 s on PostgreSQL and 20 s on PGlite. */
const targetSeconds = { postgres: 10, pglite: 20 } as const;
const targetSubmissions = 1000;

type Mode = "upload" | "backlog";

interface ScenarioResult {
  mode: Mode;
  database: "pglite" | "postgres";
  /** server processes that grade */
  processes: number;
  submissions: number;
  meanWords: number;
  uploadSeconds: number;
  /** upload mode: first submission stored (and queued) until the last graded; backlog mode: first grade to last */
  gradingSeconds: number;
  /** upload mode: last upload answer until the last graded, how far grading trails the upload */
  afterUploadSeconds: number | null;
  submissionsPerSecond: number;
  /** upload mode: CPU time of the server processes from the first upload to the last grade, from /proc */
  serverCpuSeconds: number | null;
  failed: number;
  /** submissions whose audit trail does not hold exactly one "graded" event (must be 0) */
  notGradedOnce: number;
}

const machine = {
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  memoryGb: Math.round(totalmem() / 1e9),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
  loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
};

/** Clock ticks of user + system time of a process so far (Linux), or null where /proc is missing. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they are at 11 and 12. 100 ticks per second.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresReachable(url: string): Promise<string | undefined> {
  try {
    await withAdmin(url, (client) => client.query("select 1"));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Signs up through the API and follows the confirmation link from the outbox folder (no SMTP), as a laptop user would. */
async function signUpTeacher(server: ServerProcess, dataDir: string): Promise<{ client: TestClient; teacherId: string }> {
  const client = new TestClient(server.url);
  const name = `bench${Date.now().toString(36)}`;
  const email = `${name}@school.test`;
  const signUp = await client.post("/api/auth/sign-up/email", { username: name, name, email, password: "correct horse battery", callbackURL: "/auth/confirmed" });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const outbox = join(dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  let link: string | undefined;
  const readLink = () => (existsSync(outbox) ? readdirSync(outbox).map((file) => readFileSync(join(outbox, file), "utf8")).find((text) => text.includes(email))?.match(/https?:\/\/\S+/)?.[0] : undefined);
  while (!(link = readLink()) && Date.now() < deadline) await sleep(50);
  if (!link) throw new Error(`no confirmation mail for ${email} in ${outbox}`);
  const confirm = await client.get(new URL(link).pathname + new URL(link).search);
  if (confirm.status !== 302) throw new Error(`confirmation failed: ${confirm.status} ${confirm.text}`);
  const session = await client.get("/api/auth/get-session");
  const teacherId = session.data?.user?.id as string | undefined;
  if (!teacherId) throw new Error(`no session after confirming: ${session.text}`);
  return { client, teacherId };
}

async function createAssignment(client: TestClient, teacherId: string, essays: BenchEssays): Promise<string> {
  const created = await client.post("/api/assignments", { teacherId });
  if (created.status !== 201) throw new Error(`could not create an assignment: ${created.status} ${created.text}`);
  const saved = await client.put(`/api/assignments/${created.data.id}`, {
    ...created.data,
    title: "Letter to the editor: the effects of computers",
    type: "argumentative_essay",
    dueDate: null,
    prompt: essays.prompt,
    rubric: { criteria: essays.criteria },
    status: "active",
    autogradingEnabled: true,
  });
  if (saved.status !== 200) throw new Error(`could not save the assignment: ${saved.status} ${saved.text}`);
  for (const sample of essays.samples) {
    const form = new FormData();
    form.append("sample", new File([sample.text], sample.name, { type: "text/plain" }));
    form.append("score", String(sample.score));
    form.append("feedback", sample.feedback);
    form.append("criteriaScores", JSON.stringify(sample.criteriaScores));
    const added = await client.request("POST", `/api/assignments/${created.data.id}/samples`, { body: form });
    if (added.status !== 201) throw new Error(`could not add a sample: ${added.status} ${added.text}`);
  }
  return created.data.id as string;
}

async function uploadAll(client: TestClient, assignmentId: string, essays: BenchEssays): Promise<void> {
  for (let start = 0; start < essays.essays.length; start += filesPerRequest) {
    const form = new FormData();
    const part = essays.essays.slice(start, start + filesPerRequest);
    for (const essay of part) form.append("files", new File([essay.text], essay.fileName, { type: "text/plain" }));
    form.append("details", "[]");
    const response = await client.request("POST", `/api/assignments/${assignmentId}/submissions`, { body: form });
    if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${response.text}`);
    const problems = [...response.data.duplicates, ...response.data.rejected];
    if (problems.length || response.data.created.length !== part.length) throw new Error(`upload stored ${response.data.created.length} of ${part.length}: ${JSON.stringify(problems).slice(0, 500)}`);
  }
}

async function waitUntilGraded(client: TestClient, assignmentId: string, total: number): Promise<void> {
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const progress = await client.get(`/api/assignments/${assignmentId}/grading-progress`);
    if (progress.status === 200 && progress.data.total === total && progress.data.queued === 0 && progress.data.grading === 0) return;
    if (Date.now() > deadline) throw new Error(`grading did not finish: ${progress.text}`);
    await sleep(250);
  }
}

interface Timings {
  firstStored: Date;
  firstGraded: Date;
  lastGraded: Date;
  failed: number;
  notGradedOnce: number;
}

/** Read from the database once the servers have stopped: when the first submission was stored and the last graded. */
async function readTimings(open: () => ReturnType<typeof openDatabase>, assignmentId: string): Promise<Timings> {
  const database = await open();
  try {
    const result = (await database.db.execute(sql`
      select min(s.created_at) as "firstStored", min(s.graded_at) as "firstGraded", max(s.graded_at) as "lastGraded",
             count(*) filter (where s.status = 'failed')::int as failed,
             count(*) filter (where coalesce(e.graded, 0) <> 1)::int as "notGradedOnce"
      from submissions s
      left join (select submission_id, count(*) as graded from grade_events where kind = 'graded' group by submission_id) e on e.submission_id = s.id
      where s.assignment_id = ${assignmentId}`)) as unknown as { rows: { firstStored: string | Date; firstGraded: string | Date; lastGraded: string | Date; failed: number; notGradedOnce: number }[] };
    const row = result.rows[0]!;
    return { firstStored: new Date(row.firstStored), firstGraded: new Date(row.firstGraded), lastGraded: new Date(row.lastGraded), failed: Number(row.failed), notGradedOnce: Number(row.notGradedOnce) };
  } finally {
    await database.close();
  }
}

async function runScenario(mode: Mode, kind: "pglite" | "postgres", processes: number, essays: BenchEssays): Promise<ScenarioResult> {
  const filesDir = mkdtempSync(join(tmpdir(), "markwise-bench-queue-"));
  let databaseUrl = "";
  let dropDatabase = async () => {};
  if (kind === "postgres") {
    const name = `markwise_bench_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await withAdmin(postgresUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => withAdmin(postgresUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  }
  const servers: ServerProcess[] = [];
  const stopAll = async () => {
    for (const server of servers.splice(0)) {
      const code = await server.stop();
      if (code !== 0) throw new Error(`a server process exited with ${code}:\n${server.output().slice(-2000)}`);
    }
  };
  try {
    // The process the teacher talks to listens on a fixed port, so that on PGlite its successor answers at the same address.
    const port = String(await findFreePort());
    const env = { DATA_DIR: filesDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "info" };
    const startGraders = (count: number) => Promise.all(Array.from({ length: count }, () => startServerProcess({ ...env, GRADING_WORKER: "on" })));
    // The first process migrates a new database; the others start on it together, as a scaled-out deployment does.
    servers.push(await startServerProcess({ ...env, PORT: port, GRADING_WORKER: mode === "upload" ? "on" : "off" }));
    if (mode === "upload") servers.push(...(await startGraders(processes - 1)));
    const { client, teacherId } = await signUpTeacher(servers[0]!, filesDir);
    const assignmentId = await createAssignment(client, teacherId, essays);
    const cpuBefore = servers.map((server) => cpuSecondsOf(server.child.pid));

    const uploadStarted = Date.now();
    await uploadAll(client, assignmentId, essays);
    const uploadEnded = Date.now();
    if (mode === "backlog") {
      if (kind === "pglite") {
        await stopAll();
        servers.push(await startServerProcess({ ...env, PORT: port, GRADING_WORKER: "on" }));
      } else {
        servers.push(...(await startGraders(processes)));
      }
    }
    await waitUntilGraded(client, assignmentId, essays.essays.length);
    const cpuAfter = servers.map((server) => cpuSecondsOf(server.child.pid));
    await stopAll();
    const timings = await readTimings(() => openDatabase(kind === "postgres" ? { databaseUrl, migrate: false } : { dataDir: filesDir, migrate: false }), assignmentId);
    const gradingSeconds = (timings.lastGraded.getTime() - (mode === "upload" ? timings.firstStored : timings.firstGraded).getTime()) / 1000;
    const cpu =
      mode === "upload" && [...cpuBefore, ...cpuAfter].every((value) => value !== null)
        ? cpuAfter.reduce<number>((sum, value, index) => sum + value! - cpuBefore[index]!, 0)
        : null;
    return {
      mode,
      database: kind,
      processes,
      submissions: essays.essays.length,
      meanWords: essays.essays.reduce((sum, essay) => sum + essay.words, 0) / essays.essays.length,
      uploadSeconds: (uploadEnded - uploadStarted) / 1000,
      gradingSeconds,
      afterUploadSeconds: mode === "upload" ? (timings.lastGraded.getTime() - uploadEnded) / 1000 : null,
      submissionsPerSecond: essays.essays.length / gradingSeconds,
      serverCpuSeconds: cpu,
      failed: timings.failed,
      notGradedOnce: timings.notGradedOnce,
    };
  } finally {
    await Promise.all(servers.map((server) => server.kill()));
    await dropDatabase().catch((error: unknown) => console.error(`could not drop the benchmark database: ${String(error)}`));
    rmSync(filesDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => (row[index] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, index) => (index < 2 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

const started = Date.now();
const essays = loadBenchEssays(dataDir, submissionCount);
const scenarios: { mode: Mode; kind: "pglite" | "postgres"; processes: number }[] = [];
const notes: string[] = [];
const unreachable = databases.includes("postgres") ? await postgresReachable(postgresUrl) : undefined;
if (unreachable && explicitPostgresUrl) throw new Error(`--database-url does not answer: ${unreachable}`);
if (unreachable) notes.push(`PostgreSQL skipped: nothing answers at ${postgresUrl} (${unreachable}); pass --database-url`);
for (const mode of modes) {
  if (databases.includes("pglite")) scenarios.push({ mode, kind: "pglite", processes: 1 });
  if (databases.includes("postgres") && !unreachable) for (const processes of workerCounts) scenarios.push({ mode, kind: "postgres", processes });
}

console.log(`Grading queue benchmark: ${essays.essays.length} submissions, built-in grader, uploads in requests of ${filesPerRequest}`);
console.log(`Essays: ${essays.source}`);
const results: ScenarioResult[] = [];
for (const scenario of scenarios) {
  console.log(`... ${scenario.mode}: ${scenario.kind}, ${scenario.processes} grading process${scenario.processes > 1 ? "es" : ""}`);
  results.push(await runScenario(scenario.mode, scenario.kind, scenario.processes, essays));
}

const passes = (result: ScenarioResult) => result.submissions >= targetSubmissions && result.gradingSeconds <= targetSeconds[result.database] && result.failed === 0 && result.notGradedOnce === 0;
const m = machine;
console.log("");
console.log(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; load average at start ${m.loadAverageAtStart.join(" ")}`);
console.log(
  table(
    ["mode", "database", "processes", "submissions", "words (mean)", "upload s", "grading s", "after upload s", "submissions/s", "server CPU s", "graded per CPU s", "failed", "not graded once", "target"],
    results.map((result) => [
      result.mode,
      result.database === "postgres" ? "PostgreSQL" : "PGlite",
      String(result.processes),
      String(result.submissions),
      result.meanWords.toFixed(0),
      result.uploadSeconds.toFixed(1),
      result.gradingSeconds.toFixed(1),
      result.afterUploadSeconds === null ? "-" : result.afterUploadSeconds.toFixed(1),
      result.submissionsPerSecond.toFixed(1),
      result.serverCpuSeconds === null ? "-" : result.serverCpuSeconds.toFixed(1),
      result.serverCpuSeconds === null ? "-" : (result.submissions / result.serverCpuSeconds).toFixed(1),
      String(result.failed),
      String(result.notGradedOnce),
      passes(result) ? "PASS" : "FAIL",
    ]),
  ),
);
console.log("grading s, from the database's timestamps: upload mode, first submission stored (and queued) until the last graded, uploads and grading");
console.log("overlapping; backlog mode, first grade written until the last, the queue full from the start. server CPU s: user + system time of the");
console.log("server processes from the first upload until the last grade (the bench client and PostgreSQL not included).");
console.log(
  `Target (issue 16): ${targetSubmissions.toLocaleString("en")} submissions graded within ${targetSeconds.postgres} s on PostgreSQL and ${targetSeconds.pglite} s on PGlite, each exactly once. graded per CPU s: the rate per core (upload mode).`,
);
for (const note of notes) console.log(note);

const report = {
  command: `npm run bench:queue -- ${process.argv.slice(2).join(" ")}`.trim(),
  machine,
  essays: { source: essays.source, isGenerated: essays.isGenerated, samples: essays.samples.length, criteria: essays.criteria.length },
  filesPerRequest,
  target: { submissions: targetSubmissions, seconds: targetSeconds },
  results: results.map((result) => ({ ...result, target: passes(result) ? "PASS" : "FAIL" })),
  notes,
  runtimeSeconds: (Date.now() - started) / 1000,
};
writeReport(out, report);
