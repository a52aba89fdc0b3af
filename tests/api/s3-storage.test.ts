import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { startFakeS3Server, type FakeS3Server } from "../support/fake-s3-server";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile, formWith } from "../support/uploads";

const credentials = { accessKeyId: "markwise-test", secretAccessKey: "a-secret-for-tests-only", region: "eu-west-1" };
let s3: FakeS3Server;
let server: TestServer;

beforeAll(async () => {
  s3 = await startFakeS3Server(credentials);
  server = await startTestServer({
    env: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: "school-files", S3_REGION: credentials.region, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, S3_PREFIX: "markwise/" },
  });
});
afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

describe(`S3-compatible storage (${testDatabaseKind})`, () => {
  it("keeps uploaded originals in the bucket, signed, and serves them back to their owner", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "s3");
    const upload = await teacher.client.request("POST", "/api/documents", { body: formWith({ file: fixtureFile("documents/student-essay.docx") }) });
    expect(upload.status).toBe(201);
    const stored = s3.objects.get(`/school-files/markwise/${upload.data.fileId}`);
    expect(stored?.subarray(0, 2).toString()).toBe("PK");
    const download = await fetch(`${server.url}/api/documents/${upload.data.fileId}`, { headers: { cookie: teacher.client.cookieList().map((c) => `${c.name}=${c.value}`).join("; ") } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(stored!)).toBe(true);
  });

  it("refuses to start with a bucket but no keys, saying what is missing", async () => {
    await expect(startTestServer({ env: { S3_BUCKET: "school-files" } })).rejects.toThrow("S3_BUCKET is set, so S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.");
  });
});
