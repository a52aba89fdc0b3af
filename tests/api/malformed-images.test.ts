import { crc32 } from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { formWith } from "../support/uploads";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
/** An IHDR chunk with its true checksum, or with a wrong one as in a damaged file. */
const ihdr = (width: number, height: number, damaged = false) => {
  const chunk = [0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height), 8, 2, 0, 0, 0];
  return [0, 0, 0, 13, ...chunk, ...be32(crc32(new Uint8Array(chunk)) ^ (damaged ? 1 : 0))];
};
/** A data chunk of ten bytes, so the 50000 x 50000 picture is whole in form, as a decompression bomb is. */
const idat = [0, 0, 0, 10, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const noise = (length: number) => Array.from({ length }, (_, i) => (i * 151 + 7) % 256);

/** The reproductions of issue 15, finding 1: each once stopped the server for everyone. */
const hostile = {
  "signature-and-noise.png": new Uint8Array([...signature, ...noise(200)]),
  "claims-50000x50000.png": new Uint8Array([...signature, ...ihdr(50000, 50000), ...idat, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  "truncated-after-header.png": new Uint8Array([...signature, ...ihdr(100, 100), ...noise(120)]),
  "damaged-header.png": new Uint8Array([...signature, ...ihdr(50000, 50000, true), ...noise(120)]),
  "not-a-jpeg.jpg": new Uint8Array([0xff, 0xd8, 0xff, ...noise(60)]),
  // Outside audit: eleven bytes whose header states 65535 x 65535 were told "too large, resize it".
  "eleven-bytes.gif": new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0xff, 0xff, 0xff, 0xff, 0]),
};
const asFile = (name: string, bytes: Uint8Array) => new File([new Uint8Array(bytes)], name);

describe(`malformed images never stop the server (${testDatabaseKind})`, () => {
  it("rejects each one as a submission, inside a .zip and in the setup chat, with the reason, and keeps serving", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "badimg");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const files = Object.entries(hostile).map(([name, bytes]) => asFile(name, bytes));
    const zip = zipSync({ ...Object.fromEntries(Object.entries(hostile).map(([name, bytes]) => [`class/${name}`, bytes])), "class/Nia Ross.txt": strToU8(studentEssay(7, "Nia")) });
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([...files, asFile("class.zip", zip)]) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created.map((item: { studentName: string }) => item.studentName)).toEqual(["Nia Ross"]);
    const reasons = Object.fromEntries(upload.data.rejected.map((item: { fileName: string; code: string; message: string }) => [item.fileName, [item.code, item.message]]));
    for (const prefix of ["", "class.zip/class/"]) {
      expect(reasons[`${prefix}claims-50000x50000.png`]).toEqual(["too_large", "The image is too large to read (over 40 megapixels). Resize it, or take the photo at a lower resolution, and upload it again."]);
      for (const name of ["signature-and-noise.png", "truncated-after-header.png", "damaged-header.png", "not-a-jpeg.jpg", "eleven-bytes.gif"]) {
        expect(reasons[`${prefix}${name}`]).toEqual(["corrupt", "The image could not be read: it looks damaged or is not a complete picture. Take the photo again (or save it as PNG or JPEG) and upload the new copy."]);
      }
    }
    await waitForGrading(teacher.client, assignment.id);

    for (const [name, bytes] of Object.entries(hostile)) {
      const answer = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: asFile(name, bytes) }) });
      expect(answer.status, `${name}: ${answer.text}`).toBe(name.startsWith("claims") ? 413 : 422);
      expect(answer.data.error.fields.image).toBe(name.startsWith("claims") ? "Too large" : "Could not be read");
    }

    expect((await teacher.client.get("/api/health")).status).toBe(200);
    const after = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("Omar Diaz.txt", studentEssay(8, "Omar"))]) });
    expect(after.data.created).toHaveLength(1);
  }, 60_000);
});
