import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { UploadOutcome } from "../../src/contracts/submissions";
import { openDatabase, type Database, type Db } from "../../src/server/db/client";
import { gradeEvents, jobWorkers, submissions } from "../../src/server/db/schema";
import { envSchema } from "../../src/server/env";
import { createLogger } from "../../src/server/logger";
import { startServer, type RunningServer } from "../../src/server/server";
import { gradingJobs } from "../../src/server/services/submissions/grading-queue";
import { reapDeadWorkers } from "../../src/server/services/submissions/worker-liveness";
import { createSignedInTeacher } from "../support/accounts";
import type { TestClient } from "../support/http";
import { findFreePort, startServerProcess, startTcpProxy, type ServerProcess } from "../support/server-process";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "../support/test-database";

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
const gradedStatuses = ["needs_review", "accepted"];

// Run after each test, last added first: servers stop before the databases under them are dropped.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Data that outlives a server: PGlite in a folder of its own (the migrated template unpacked into it; whoever opens
 * the folder next finds what the last owner committed), or a PostgreSQL database of its own.
 */
interface DurableData {
  /** DATA_DIR and DATABASE_URL for a server on this data. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Opens the data as a new process would; the caller closes it (a server closes the one it is given). */
  open(): Promise<Database>;
}

async function createDurableData(): Promise<DurableData> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-durability-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (testDatabaseKind === "postgres") {
    const testDatabase: TestDatabase = await createTestDatabase();
    cleanups.push(() => testDatabase.drop());
    return { env: { DATA_DIR: dataDir, DATABASE_URL: testDatabase.url! }, open: () => openDatabase({ databaseUrl: testDatabase.url!, migrate: false }) };
  }
  const template = new Blob([new Uint8Array(await readFile(inject("pgliteTemplatePath")))]);
  const unpacked = await openDatabase({ dataDir, loadDataDir: template, migrate: false });
  await unpacked.close();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, open: () => openDatabase({ dataDir, migrate: false }) };
}

/** The real server in this process on the given port, over an open database that it closes on close(). */
async function startServerOn(data: DurableData, database: Database, port: number, gradingWorker: "on" | "off", extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const env = envSchema.parse({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: data.env.DATA_DIR,
    AUTH_RATE_LIMIT_MAX: "1000",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    GRADING_WORKER: gradingWorker,
    ...extraEnv,
  });
  const server = await startServer({ env, logger, database, staticRoot: null });
  cleanups.push(() => server.close());
  return server;
}

/** A server process from the entry point on this data, stopped after the test if the test has not stopped it. */
async function startProcessOn(data: DurableData, env: Record<string, string>): Promise<ServerProcess> {
  const started = await startServerProcess({ ...data.env, ...env });
  cleanups.push(() => started.kill());
  return started;
}

async function uploadEssays(client: TestClient, assignmentId: string, seeds: number[]): Promise<string[]> {
  const files = seeds.map((seed) => textFile(`Student ${seed}.txt`, studentEssay(seed)));
  const upload = await client.request("POST", `/api/assignments/${assignmentId}/submissions`, { body: uploadForm(files) });
  expect(upload.status, upload.text).toBe(200);
  expect(upload.data.created).toHaveLength(seeds.length);
  return (upload.data as UploadOutcome).created.map((created) => created.submissionId);
}

async function gradedEventsOf(client: TestClient, submissionId: string): Promise<number> {
  const detail = await client.get(`/api/submissions/${submissionId}`);
  expect(detail.status).toBe(200);
  expect(gradedStatuses).toContain(detail.data.status);
  return detail.data.history.filter((event: { kind: string }) => event.kind === "graded").length;
}

/** Each submission of the assignment with its status and how many "graded" events its audit trail holds. */
function gradedEventsBySubmission(db: Db, assignmentId: string) {
  return db
    .select({
      id: submissions.id,
      status: submissions.status,
      gradedEvents: sql<number>`count(${gradeEvents.id}) filter (where ${gradeEvents.kind} = 'graded')`.mapWith(Number),
    })
    .from(submissions)
    .leftJoin(gradeEvents, eq(gradeEvents.submissionId, submissions.id))
    .where(eq(submissions.assignmentId, assignmentId))
    .groupBy(submissions.id);
}

const range = (from: number, length: number) => Array.from({ length }, (_, n) => from + n);

describe(`grading durability (${testDatabaseKind})`, () => {
  it("work queued before a restart is graded after it", { timeout: 90_000 }, async () => {
    const data = await createDurableData();
    const port = await findFreePort();
    const first = await startServerOn(data, await data.open(), port, "off");
    const teacher = await createSignedInTeacher(first.url, first.deps.database.db, "restart");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const ids = await uploadEssays(teacher.client, assignment.id, range(0, 10));

    // Several poll intervals of both queues pass: with no worker in this process the work stays queued, and its jobs wait.
    await sleep(1_500);
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/grading-progress`)).data).toMatchObject({ total: 10, queued: 10, grading: 0, graded: 0 });
    expect(await first.deps.jobs.counts(gradingJobs.grade)).toEqual({ pending: 10, active: 0, completed: 0, failed: 0 });
    await first.close();

    await startServerOn(data, await data.open(), port, "on");
    expect(await waitForGrading(teacher.client, assignment.id)).toMatchObject({ total: 10, graded: 10, failed: 0 });
    for (const id of ids) expect(await gradedEventsOf(teacher.client, id)).toBe(1);
  });

  it("a claim left by a dead process is graded after restart", { timeout: 90_000 }, async () => {
    const data = await createDurableData();
    const port = await findFreePort();
    const first = await startServerOn(data, await data.open(), port, "off");
    const teacher = await createSignedInTeacher(first.url, first.deps.database.db, "claim");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const [stale, queued] = await uploadEssays(teacher.client, assignment.id, [1, 2]);

    // What a process killed mid-grade leaves: the row claimed 10 minutes ago, its job taken and never settled.
    const db = first.deps.database.db;
    await db.update(submissions).set({ status: "grading", claimedAt: sql`now() - interval '10 minutes'`, attempts: 1 }).where(eq(submissions.id, stale!));
    await db.execute(
      testDatabaseKind === "postgres"
        ? sql`update pgboss.job set state = 'active', started_on = now() - interval '10 minutes' where name = ${gradingJobs.grade} and data->>'submissionId' = ${stale!}`
        : sql`update embedded_jobs set state = 'active', started_at = now() - interval '10 minutes' where queue = ${gradingJobs.grade} and data->>'submissionId' = ${stale!}`,
    );
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/grading-progress`)).data).toMatchObject({ total: 2, queued: 1, grading: 1 });
    await first.close();

    await startServerOn(data, await data.open(), port, "on");
    expect(await waitForGrading(teacher.client, assignment.id)).toMatchObject({ total: 2, graded: 2, failed: 0 });
    expect(await gradedEventsOf(teacher.client, stale!)).toBe(1);
    expect(await gradedEventsOf(teacher.client, queued!)).toBe(1);
  });

  it("a grading process killed mid-batch: the next one grades its work within a minute", { timeout: 150_000 }, async () => {
    const data = await createDurableData();
    const port = await findFreePort();
    const setup = await startServerOn(data, await data.open(), port, "off");
    const teacher = await createSignedInTeacher(setup.url, setup.deps.database.db, "killed");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    await setup.close();

    // The first process grades with a model that never answers: it fetches a batch, claims one essay and waits.
    const held = new Set<net.Socket>();
    const silentModel = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silentModel.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => {
      for (const socket of held) socket.destroy();
      return new Promise((resolve) => silentModel.close(resolve));
    });
    const silentUrl = `http://127.0.0.1:${(silentModel.address() as net.AddressInfo).port}/v1`;
    const first = await startProcessOn(data, {
      PORT: String(port),
      GRADING_WORKER: "on",
      AI_PROVIDER: "openai-compatible",
      AI_MODEL: "silent",
      AI_BASE_URL: silentUrl,
      AI_TIMEOUT_MS: "600000",
      AI_MAX_RETRIES: "0",
    });
    const ids = await uploadEssays(teacher.client, assignment.id, range(0, 10));
    const deadline = Date.now() + 30_000;
    while ((await teacher.client.get(`/api/assignments/${assignment.id}/grading-progress`)).data.grading === 0) {
      if (Date.now() > deadline) throw new Error("the first process never claimed an essay");
      await sleep(100);
    }
    await first.kill();

    const restartedAt = Date.now();
    await startProcessOn(data, { PORT: String(port), GRADING_WORKER: "on" });
    expect(await waitForGrading(teacher.client, assignment.id, 90_000)).toMatchObject({ total: 10, graded: 10, failed: 0 });
    const seconds = (Date.now() - restartedAt) / 1000;
    console.log(`work of a killed grading process graded ${seconds.toFixed(1)} s after the next process started (${testDatabaseKind})`);
    expect(seconds).toBeLessThan(60);
    for (const id of ids) expect(await gradedEventsOf(teacher.client, id)).toBe(1);
  });

  it("an essay on the table each time its process died, four times, is failed with the reason rather than tried again", { timeout: 60_000 }, async () => {
    const data = await createDurableData();
    const server = await startServerOn(data, await data.open(), await findFreePort(), "off");
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "poison");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const [poison, unlucky] = await uploadEssays(teacher.client, assignment.id, [1, 2]);
    const db = server.deps.database.db;
    await db.insert(jobWorkers).values({ id: "dead-process", heartbeatAt: sql`now() - interval '1 minute'`, heldJobs: { [gradingJobs.grade]: [] } });
    await db.update(submissions).set({ status: "grading", claimedAt: sql`now()`, claimedBy: "dead-process", attempts: 4 }).where(eq(submissions.id, poison!));
    await db.update(submissions).set({ status: "grading", claimedAt: sql`now()`, claimedBy: "dead-process", attempts: 1 }).where(eq(submissions.id, unlucky!));

    const reaped = await reapDeadWorkers(db, 20);
    expect(reaped).toMatchObject({ requeued: [unlucky], failed: 1 });
    const detail = await teacher.client.get(`/api/submissions/${poison}`);
    expect(detail.data).toMatchObject({ status: "failed", failureReason: "Grading stopped its server 4 times while working on this submission. Choose Regrade to try again." });
    expect((await teacher.client.get(`/api/submissions/${unlucky}`)).data.status).toBe("queued");
    expect(await db.select().from(jobWorkers).where(eq(jobWorkers.id, "dead-process"))).toEqual([]);
    expect(await reapDeadWorkers(db, 20)).toMatchObject({ requeued: [], failed: 0 });
  });

  it.runIf(testDatabaseKind === "postgres")("two processes share the queue and grade each submission once", { timeout: 180_000 }, async () => {
    const data = await createDurableData();
    const database = await data.open();
    cleanups.push(() => database.close());
    // Which process wrote each grade, seen from the database: every process names its connections, and a trigger in
    // this test's own database copies that name beside each "graded" event.
    await database.db.execute(sql.raw(`
      create table test_graded_by (submission_id uuid not null, application_name text not null);
      create function test_record_grader() returns trigger language plpgsql as $$
        begin insert into test_graded_by values (new.submission_id, current_setting('application_name')); return new; end $$;
      create trigger test_record_grader after insert on grade_events for each row when (new.kind = 'graded') execute function test_record_grader();
    `));
    const urlFor = (name: string) => {
      const url = new URL(data.env.DATABASE_URL);
      url.searchParams.set("application_name", name);
      return url.toString();
    };
    const processes = await Promise.all(
      ["markwise-one", "markwise-two"].map((name) => startProcessOn(data, { DATABASE_URL: urlFor(name), GRADING_WORKER: "on" })),
    );

    const teacher = await createSignedInTeacher(processes[0]!.url, database.db, "shared");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    for (let from = 0; from < 150; from += 25) await uploadEssays(teacher.client, assignment.id, range(from, 25));
    expect(await waitForGrading(teacher.client, assignment.id, 150_000)).toMatchObject({ total: 150, graded: 150, failed: 0 });
    for (const process of processes) expect(await process.stop()).toBe(0);

    const rows = await gradedEventsBySubmission(database.db, assignment.id);
    expect(rows).toHaveLength(150);
    expect(rows.filter((row) => row.gradedEvents !== 1 || !gradedStatuses.includes(row.status))).toEqual([]);
    const byProcess = (await database.db.execute(
      sql`select application_name, count(*)::int as count from test_graded_by group by application_name order by application_name`,
    )) as unknown as { rows: { application_name: string; count: number }[] };
    const split = Object.fromEntries(byProcess.rows.map((row) => [row.application_name, row.count]));
    expect(Object.keys(split)).toEqual(["markwise-one", "markwise-two"]);
    expect(split["markwise-one"]! + split["markwise-two"]!).toBe(150);
  });

  it("a 200-file upload survives a server restart in the middle", { timeout: 240_000 }, async () => {
    const data = await createDurableData();
    // The client talks to a proxy (PUBLIC_URL), which forwards to the server's fixed port, where each restart listens.
    const port = await findFreePort();
    const proxy = await startTcpProxy(port);
    cleanups.push(() => proxy.close());
    // The teacher and the assignment are made by a server in this process, which then hands the data to the processes.
    const setup = await startServerOn(data, await data.open(), port, "off", { PUBLIC_URL: proxy.url });
    const teacher = await createSignedInTeacher(proxy.url, setup.deps.database.db, "crash");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    await setup.close();

    // PGlite: one process owns the folder, so the killed process is the grader too and its claims are reclaimed at
    // restart. PostgreSQL: the killed process serves uploads only, and a worker process grades throughout; a killed
    // grader there is the subject of test "a grading process killed mid-batch".
    const isPostgres = testDatabaseKind === "postgres";
    const startWeb = () => startProcessOn(data, { PORT: String(port), PUBLIC_URL: proxy.url, GRADING_WORKER: isPostgres ? "off" : "on" });
    const worker = isPostgres ? await startProcessOn(data, { GRADING_WORKER: "on" }) : undefined;
    let web = await startWeb();
    let kills = 0;
    let restarting: Promise<void> = Promise.resolve();
    const killAndRestart = async () => {
      kills += 1;
      await web.kill();
      web = await startWeb();
    };

    const files = range(0, 200).map((seed) => textFile(`Student ${seed}.txt`, studentEssay(seed)));
    const sent = await uploadInRequests(teacher.client, assignment.id, files, async (request, attempt) => {
      if (attempt !== 1) return;
      // The fourth request is stored, and the server dies as its answer starts back: the client never hears of it.
      if (request === 3) proxy.loseNextResponse(() => (restarting = killAndRestart()));
      // Killed between requests, with the grading of the first 140 under way.
      if (request === 7) {
        await restarting;
        restarting = killAndRestart();
        await sleep(100);
      }
    });
    await restarting;
    expect(kills).toBe(2);
    expect(sent.map((request) => request.attempts > 1)).toEqual(range(0, 10).map((request) => request === 3 || request === 7));

    // Every file is accounted for once: stored by its request, or reported as a duplicate of what a lost attempt stored.
    const retriedFiles = new Set(sent.filter((request) => request.attempts > 1).flatMap((request) => request.fileNames));
    const submissionOfFile = new Map<string, string>();
    for (const { outcome } of sent) {
      expect(outcome.rejected).toEqual([]);
      for (const created of outcome.created) submissionOfFile.set(created.fileName!, created.submissionId);
      for (const duplicate of outcome.duplicates) {
        expect(retriedFiles, `${duplicate.fileName} was reported as a duplicate but never sent twice`).toContain(duplicate.fileName);
        expect(duplicate.submissionId).not.toBeNull();
        submissionOfFile.set(duplicate.fileName!, duplicate.submissionId!);
      }
    }
    // The lost answer's files were stored the first time: the retry finds every one of them already there.
    expect(sent[3]!.outcome.duplicates.map((duplicate) => duplicate.fileName).sort()).toEqual([...sent[3]!.fileNames].sort());
    expect([...submissionOfFile.keys()].sort()).toEqual(files.map((file) => file.name).sort());
    expect(new Set(submissionOfFile.values()).size).toBe(200);

    expect(await waitForGrading(teacher.client, assignment.id, 150_000)).toMatchObject({ total: 200, graded: 200, failed: 0 });
    expect(await web.stop()).toBe(0);
    expect(await worker?.stop()).toBe(isPostgres ? 0 : undefined);

    const database = await data.open();
    try {
      const rows = await gradedEventsBySubmission(database.db, assignment.id);
      expect(rows.map((row) => row.id).sort()).toEqual([...submissionOfFile.values()].sort());
      expect(rows.filter((row) => row.gradedEvents !== 1 || !gradedStatuses.includes(row.status))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

interface SentRequest {
  fileNames: string[];
  attempts: number;
  outcome: UploadOutcome;
}

const filesPerRequest = 20;
/** Long enough to outlast a server restart on a busy two-core machine. */
const retryForMs = 90_000;

/**
 * Sends the files as the upload page does (src/web/features/submissions/api.ts uploadSubmissions): in requests of a
 * fixed size, each retried with growing delays when it fails on the way (no answer, 5xx or 429); any other answer
 * must be a success. The page gives up after 4 attempts; this client keeps trying for `retryForMs`, since the test
 * waits for a whole process restart. `beforeAttempt` runs before each attempt is sent.
 */
async function uploadInRequests(
  client: TestClient,
  assignmentId: string,
  files: File[],
  beforeAttempt: (request: number, attempt: number) => Promise<void>,
): Promise<SentRequest[]> {
  const sent: SentRequest[] = [];
  for (let request = 0; request * filesPerRequest < files.length; request++) {
    const part = files.slice(request * filesPerRequest, (request + 1) * filesPerRequest);
    const deadline = Date.now() + retryForMs;
    for (let attempt = 1; ; attempt++) {
      await beforeAttempt(request, attempt);
      const response = await client
        .request("POST", `/api/assignments/${assignmentId}/submissions`, { body: uploadForm(part) })
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      const failure = response instanceof Error ? response.message : response.status >= 500 || response.status === 429 ? `status ${response.status}` : undefined;
      if (!failure && !(response instanceof Error)) {
        expect(response.status, response.text).toBe(200);
        sent.push({ fileNames: part.map((file) => file.name), attempts: attempt, outcome: response.data as UploadOutcome });
        break;
      }
      if (Date.now() > deadline) throw new Error(`request ${request} still failing after ${attempt} attempts: ${failure}`);
      await sleep(Math.min(500 * 2 ** attempt, 2_000));
    }
  }
  return sent;
}
