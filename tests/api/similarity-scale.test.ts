import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createActiveAssignment, studentEssay, uploadForm, waitForGrading } from "../support/submissions";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Issue 15, finding 6: about 105 mutually similar submissions passed PostgreSQL's 65,535 parameters, silently. */
describe(`the similarity check on a large class of near-copies (${testDatabaseKind})`, () => {
  it("flags all 300, keeping each one's ten strongest overlaps", { timeout: 240_000 }, async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "simil");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { plagiarismCheck: true, plagiarismThreshold: 10 } });
    const shared = `${studentEssay(1, "the class")} ${studentEssay(2, "the class")}`;
    const files = Object.fromEntries(Array.from({ length: 300 }, (_, n) => [`Student ${String(n + 1).padStart(3, "0")}.txt`, strToU8(`${shared}\n\nMy own closing thought number ${n + 1}.`)]));
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([new File([new Uint8Array(zipSync(files))], "class.zip")]) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created).toHaveLength(300);
    await waitForGrading(teacher.client, assignment.id, 180_000);

    const deadline = Date.now() + 60_000;
    let list: Array<{ id: string; topSimilarity: number | null }> = [];
    while (Date.now() < deadline) {
      list = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
      if (list.every((item) => item.topSimilarity !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(list.filter((item) => item.topSimilarity === null)).toEqual([]);
    const detail = (await teacher.client.get(`/api/submissions/${list[0]!.id}`)).data;
    expect(detail.similarity).toHaveLength(10);
    const shares = detail.similarity.map((match: { similarity: number }) => match.similarity);
    expect(shares).toEqual([...shares].sort((a: number, b: number) => b - a));
  });
});
