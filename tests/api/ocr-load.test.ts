import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodePng } from "../../src/server/integrations/files/encode-png";
import { uniqueTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-ocr-load-"));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resident memory of a process, in MB, as the kernel counts it. */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line![1]) / 1024);
}

/** A 36-megapixel scan of ruled paper (under the 40-megapixel limit): small as a file, hundreds of MB to read. */
function largeScan(): File {
  const width = 6000;
  const height = 6000;
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y += 97) pixels.fill(0, y * width, y * width + width * 2);
  return new File([new Uint8Array(encodePng({ data: pixels, width, height, channels: 1 }))], "scan.png");
}

/** Signs up against a server in another process, taking the confirmation link from DATA_DIR/outbox. */
async function signUp(url: string) {
  const teacher = uniqueTeacher("ocrload");
  const client = new TestClient(url);
  expect((await client.post("/api/auth/sign-up/email", { ...teacher, name: teacher.username, callbackURL: "/auth/confirmed" })).status).toBe(200);
  const outbox = path.join(dataDir, "outbox");
  const mail = readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), "utf8")).find((text) => text.includes(teacher.email))!;
  const link = new URL(mail.match(/https?:\/\/\S+verify-email\S+/)![0]);
  expect((await client.get(link.pathname + link.search)).status).toBe(302);
  const session = await client.get("/api/auth/get-session");
  return { client, id: session.data.user.id as string };
}

describe.runIf(testDatabaseKind === "pglite")("OCR under load", () => {
  it("reads one image at a time, answers busy beyond its queue with nothing kept, and gives the memory back", { timeout: 180_000 }, async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", OCR_MAX_WAITING: "1", OCR_IDLE_SECONDS: "2" };
    // The database is created by a first start: PGlite keeps the memory of creating it for the life of that process,
    // and freed memory there would hide what OCR takes and gives back. The test measures a restarted server.
    expect(await (await startServerProcess(env)).stop()).toBe(0);
    server = await startServerProcess(env);
    const pid = server.child.pid!;
    const teacher = await signUp(server.url);
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    // Grading loads the language model and the spelling dictionary (about 100 MB) the first time it runs, and the
    // burst's text uploads are graded: one essay graded first puts them in the baseline, which then holds everything
    // but the scan's reading.
    const warmUp = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("Student 0.txt", studentEssay(0))]) });
    expect(warmUp.status).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const baseline = residentMb(pid);

    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 100);
    const scan = largeScan();
    const burst = await Promise.all(
      [1, 2, 3, 4].map((seed) =>
        teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile(`Student ${seed}.txt`, studentEssay(seed)), scan]) }),
      ),
    );
    clearInterval(sampler);

    // One image is read while one waits; the other two uploads are refused whole.
    const statuses = burst.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    for (const refused of burst.filter((response) => response.status === 503)) {
      expect(refused.headers.get("retry-after")).toBe("30");
      expect(refused.data.error).toEqual({
        code: "unavailable",
        message: "Markwise is reading other scanned images right now, so nothing from this upload was kept. Try again in a minute.",
        fields: {},
      });
    }
    const list = await teacher.client.get(`/api/assignments/${assignment.id}/submissions`);
    expect(list.data.submissions ?? list.data).toHaveLength(3);

    // Decoding a 36-megapixel image costs hundreds of MB; an idle reader gives them back.
    console.log(`OCR burst: resident memory ${baseline} MB before, ${peak} MB at peak`);
    expect(peak - baseline).toBeGreaterThan(150);
    const deadline = Date.now() + 30_000;
    let after = residentMb(pid);
    while (after - baseline > 100 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = residentMb(pid);
    }
    console.log(`OCR burst: resident memory ${baseline} MB before, ${peak} MB at peak, ${after} MB after`);
    expect(after - baseline).toBeLessThanOrEqual(100);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
