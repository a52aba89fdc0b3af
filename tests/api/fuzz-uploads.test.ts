import { readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "../../src/server/db/schema";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createActiveAssignment, studentEssay, textFile, uploadForm } from "../support/submissions";
import { fixturesDir, formWith } from "../support/uploads";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A small seeded generator (mulberry32): the corpus is the same on every run, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Truncations, the header alone, and bytes flipped near the start and in the middle of each good file. */
function brokenCopies(name: string, bytes: Uint8Array, seed: number): File[] {
  const next = random(seed);
  const flipped = (from: number, to: number) => {
    const copy = bytes.slice();
    for (let i = 0; i < 24; i++) copy[from + Math.floor(next() * Math.max(1, Math.min(to, copy.length) - from))] = Math.floor(next() * 256);
    return copy;
  };
  const [stem, extension] = [path.parse(name).name, path.parse(name).ext];
  const variants: [string, Uint8Array][] = [
    ["cut-10", bytes.slice(0, Math.floor(bytes.length * 0.1))],
    ["cut-50", bytes.slice(0, Math.floor(bytes.length * 0.5))],
    ["cut-90", bytes.slice(0, Math.floor(bytes.length * 0.9))],
    ["header-only", bytes.slice(0, 64)],
    ["flip-start", flipped(0, 2048)],
    ["flip-middle", flipped(Math.floor(bytes.length / 2) - 512, Math.floor(bytes.length / 2) + 512)],
    ["flip-end", flipped(bytes.length - 1024, bytes.length)],
  ];
  return variants.map(([variant, data]) => new File([new Uint8Array(data)], `${stem}-${variant}${extension}`));
}

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixturesDir, "documents", name)));
const goodFiles: [string, Uint8Array][] = [
  ["essay.pdf", fixture("student-essay.pdf")],
  ["essay.docx", fixture("student-essay.docx")],
  ["essay.doc", fixture("student-essay.doc")],
  ["essay.txt", fixture("student-essay.txt")],
  ["page.png", fixture("scanned-page.png")],
  ["photos.zip", fixture("photos.zip")],
  ["class.zip", zipSync({ "Ana Diaz.txt": strToU8(studentEssay(3, "Ana")), "Ben Cole.docx": fixture("student-essay.docx"), "Cy Park.pdf": fixture("student-essay.pdf") })],
];
const corpus = goodFiles.flatMap(([name, bytes], index) => brokenCopies(name, bytes, 1000 + index));

describe(`a corpus of broken files (${testDatabaseKind})`, () => {
  it(`answers each of ${corpus.length} broken PDFs, .docx, .doc, text, images and zips with a created submission or a reason, then keeps serving`, { timeout: 180_000 }, async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "fuzz");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    for (let from = 0; from < corpus.length; from += 10) {
      const part = corpus.slice(from, from + 10);
      const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(part) });
      expect(upload.status, upload.text).toBe(200);
      // Every file is answered for: read into a submission (a copy can survive a flipped byte), a duplicate, or a reason.
      const answered = [...upload.data.created, ...upload.data.duplicates, ...upload.data.rejected].map((item: { fileName: string }) => item.fileName.split("/")[0]);
      for (const file of part) expect(answered, file.name).toContain(file.name);
      for (const rejected of upload.data.rejected as { message: string }[]) expect(rejected.message.length).toBeGreaterThan(20);
    }
    for (const file of corpus.filter((file) => !file.name.includes(".zip"))) {
      const stored = await teacher.client.request("POST", "/api/documents", { body: formWith({ file }) });
      expect([201, 413, 415, 422], `${file.name}: ${stored.text}`).toContain(stored.status);
      if (stored.status !== 201) expect(stored.data.error.message.length).toBeGreaterThan(20);
    }
    expect((await teacher.client.get("/api/health")).status).toBe(200);
  });

  it("names students from any file name within the names' rules: never empty, no direction marks, at most 120 characters", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "names");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const files = [textFile(".txt", studentEssay(61, "A")), textFile("Rlo\u202etxt.txt", studentEssay(62, "B")), textFile(`${"Alexandria ".repeat(30)}Montgomery.txt`, studentEssay(63, "C"))];
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
    expect(upload.status, upload.text).toBe(200);
    const names = (upload.data.created as { studentName: string }[]).map((created) => created.studentName);
    expect(names).toHaveLength(3);
    expect(names).toContain("Unnamed student");
    expect(names).toContain("Rlotxt");
    for (const name of names) expect(name.length).toBeLessThanOrEqual(120);
    // Nor in the stored file's name, which a download offers: "Ann\u202etxt.exe" showed as "Annexe.txt".
    const stored = await server.deps.database.db.select({ name: storedFiles.originalName }).from(storedFiles).where(eq(storedFiles.teacherId, teacher.id));
    expect(stored.map((row) => row.name)).toContain("Rlotxt.txt");
    for (const row of stored) expect(row.name).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("calls a .docx without its document part damaged, instead of reading its other parts as students' work", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "nodoc");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const parts = zipSync({ "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types/>'), "word/styles.xml": strToU8("<w:styles/>") });
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([new File([new Uint8Array(parts)], "Ana Diaz.docx")]) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created).toEqual([]);
    expect(upload.data.rejected).toEqual([{ fileName: "Ana Diaz.docx", code: "corrupt", message: expect.stringMatching(/damaged/) }]);
  });
});
