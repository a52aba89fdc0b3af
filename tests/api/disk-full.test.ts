import { rmSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { logCapture } from "../../src/server/log-capture";
import { startTestServer, type TestServer } from "../support/test-server";

// Audit F, finding 2: on a full disk an upload answered "Something went wrong on our side", and health said ok.
// The disk is not filled: the failing write is put in place of the real one.
const { destination: logDestination, lines: logLines } = logCapture();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logDestination });
});
afterAll(() => server?.stop());

const diskFull = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });

describe(`a full disk (${testDatabaseKind})`, () => {
  it("answers an upload with 507, saying the server's disk is full and to tell whoever runs Markwise", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "diskfull");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const storage = server.deps.storage as { put: typeof server.deps.storage.put };
    const realPut = storage.put;
    storage.put = () => Promise.reject(diskFull());
    try {
      const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("Jane Doe.txt", studentEssay(1, "Jane"))]) });
      expect(upload.status).toBe(507);
      expect(upload.data).toEqual({ error: { code: "insufficient_storage", message: "The server's disk is full, so this could not be saved. Tell whoever runs Markwise; nothing you had saved before is lost.", fields: {} } });
      expect(logLines.join("")).toContain("a write failed because the server's disk is full");
    } finally {
      storage.put = realPut;
    }
  });

  it("reports in /api/health a data folder it cannot write, keeping status ok and 200 while the database answers", async () => {
    const client = new TestClient(server.url);
    const before = await client.get("/api/health");
    expect(before.data).toEqual({ status: "ok", db: "up", dataDir: "writable" });

    // A file where the folder was: every write under DATA_DIR fails, as on a full or read-only disk.
    rmSync(server.dataDir, { recursive: true, force: true });
    writeFileSync(server.dataDir, "not a folder");
    try {
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      const after = await client.get("/api/health");
      expect(after.status).toBe(200);
      expect(after.data).toEqual({ status: "ok", db: "up", dataDir: "not_writable" });
    } finally {
      rmSync(server.dataDir, { force: true });
    }
  });
});
