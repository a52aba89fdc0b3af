import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile, formWith } from "../support/uploads";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const upload = (client: TestClient, file: File) => client.request("POST", "/api/documents", { body: formWith({ file }) });

describe(`POST /api/documents (${testDatabaseKind})`, () => {
  it.each(["student-essay.txt", "student-essay.docx", "student-essay.doc", "student-essay.pdf", "student-essay-utf16.txt"])(
    "extracts the text of %s and keeps the original for its owner only",
    async (name) => {
      const owner = await createSignedInTeacher(server.url, server.deps.database.db, "docs");
      const response = await upload(owner.client, fixtureFile(`documents/${name}`));
      expect(response.status).toBe(201);
      expect(response.data.fileName).toBe(name);
      expect(response.data.text).toMatch(/\w+ \w+ \w+/);
      const download = await owner.client.get(`/api/documents/${response.data.fileId}`);
      expect(download.status).toBe(200);
      const other = await createSignedInTeacher(server.url, server.deps.database.db, "docs");
      expect((await other.client.get(`/api/documents/${response.data.fileId}`)).status).toBe(404);
      // An id that could never name a file is missing too, not a validation error.
      expect((await owner.client.get("/api/documents/zzz")).status).toBe(404);
    },
  );

  it("recognises a PDF by its content even when it is named .txt", async () => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "docs");
    const response = await upload(owner.client, fixtureFile("documents/student-essay-pdf-renamed.txt"));
    expect(response.status).toBe(201);
    expect(response.data.kind).toBe("pdf");
  });

  it.each([
    ["empty.txt", 422],
    ["student-essay-truncated.docx", 422],
    ["student-essay-encrypted.pdf", 422],
    ["student-essay-encrypted.docx", 422],
    ["scanned-image-only.pdf", 422],
    ["scanned-page.png", 415],
    ["photos.zip", 415],
  ])("refuses %s with %i and a message that says what to do", async (name, status) => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "docs");
    const response = await upload(owner.client, fixtureFile(`documents/${name}`));
    expect(response.status).toBe(status);
    expect(response.data.error.message.length).toBeGreaterThan(20);
    expect(response.data.error.fields.file).toBeTruthy();
  });

  it("refuses a file over 10 MB with 413", async () => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "docs");
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 10).fill(65)], "huge.txt");
    const response = await upload(owner.client, big);
    expect(response.status).toBe(413);
    expect(response.data.error.code).toBe("payload_too_large");
    expect(response.data.error.message).toBe("This file is larger than the 10 MB limit. Upload a smaller file, or remove large images from it and try again.");
  });

  it("calls a file named .docx or .pdf that is no document at all damaged, not of an unsupported type", async () => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "docs");
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    for (const name of ["essay.docx", "essay.pdf"]) {
      const response = await upload(owner.client, new File([noise], name));
      expect(response.status, name).toBe(422);
      expect(response.data.error.message).toMatch(/^The file looks damaged and could not be read\./);
    }
    const unnamed = await upload(owner.client, new File([noise], "essay.bin"));
    expect(unnamed.status).toBe(415);
  });

  it("never uses the uploaded name as a path", async () => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "docs");
    const response = await upload(owner.client, fixtureFile("documents/student-essay.txt", "../../etc/passwd"));
    expect(response.status).toBe(201);
    expect(response.data.fileName).toBe("passwd");
  });

  it("needs a session", async () => {
    const response = await upload(new TestClient(server.url), fixtureFile("documents/student-essay.txt"));
    expect(response.status).toBe(401);
  });
});
