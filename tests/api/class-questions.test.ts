import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { fakeModelEnv, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

type Row = { submissionId: string; studentName: string; status: string; finalScore: number | null; criteriaScores: Record<string, number> | null; gradeSource: string | null };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A graded class set with a roster of five, three essays in, and one grade changed by the teacher. */
async function seededClass(client: TestClient, teacherId: string, title: string, names: string[]) {
  const assignment = await createActiveAssignment(client, teacherId, { title, settings: { autoAcceptThreshold: 100 } });
  expect((await client.put(`/api/assignments/${assignment.id}/roster`, { text: `Name\n${names.join("\n")}\n` })).status).toBe(200);
  const handedIn = names.slice(0, 3);
  const upload = await client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(handedIn.map((name, i) => textFile(`${name}.txt`, studentEssay(40 + i, name)))) });
  expect(upload.status, upload.text).toBe(200);
  await waitForGrading(client, assignment.id);
  const rows = (await client.get(`/api/assignments/${assignment.id}/gradebook`)).data.rows as Row[];
  const edited = rows.find((row) => row.studentName === handedIn[1])!;
  const overallScore = edited.finalScore === 20 ? 19 : 20;
  const newScores = { "criterion-1": overallScore - 10, "criterion-2": 10 };
  expect((await client.put(`/api/submissions/${edited.submissionId}/grade`, { criteriaScores: newScores, overallScore, feedback: "Rewritten by the teacher." })).status).toBe(200);
  const book = (await client.get(`/api/assignments/${assignment.id}/gradebook`)).data as { rows: Row[]; totalPoints: number };
  return { id: assignment.id, title, book, edited: book.rows.find((row) => row.studentName === handedIn[1])!, engineScore: edited.finalScore! };
}

const ask = async (client: TestClient, message: string) => {
  const response = await client.post("/api/chat", { message, timeZone: "UTC" });
  expect(response.status, response.text).toBe(200);
  expect(response.data.source).toBe("builtin");
  return response.data.message as string;
};
const round1 = (value: number) => String(Math.round(value * 10) / 10);

describe(`dashboard chat answers from the teacher's classes, offline (${testDatabaseKind})`, () => {
  let mine: Awaited<ReturnType<typeof seededClass>>;
  let teacher: Awaited<ReturnType<typeof createSignedInTeacher>>;
  let other: Awaited<ReturnType<typeof createSignedInTeacher>>;
  const secrets = ["Secret Plans", "Zed Quinn", "Yara Moss"];

  beforeAll(async () => {
    teacher = await createSignedInTeacher(server.url, server.deps.database.db, "classq");
    other = await createSignedInTeacher(server.url, server.deps.database.db, "classq");
    mine = await seededClass(teacher.client, teacher.id, "Uniforms Essay", ["Jane Doe", "Maria Lopez", "Sam Lee", "Ava Stone", "Noah Park"]);
    await seededClass(other.client, other.id, "Secret Plans", ["Zed Quinn", "Yara Moss", "Xavi Lund"]);
  }, 180_000);

  it("says what waits for review, with the count from the queue and a link to it", async () => {
    const waiting = mine.book.rows.filter((row) => row.status === "needs_review").length;
    expect(waiting).toBeGreaterThan(0);
    const answer = await ask(teacher.client, "How many essays are waiting for my review?");
    expect(answer).toContain(`[\u201cUniforms Essay\u201d](/assignments/${mine.id}/review): ${waiting} waiting`);
  });

  it("names who has not submitted, from the roster", async () => {
    const answer = await ask(teacher.client, "Who hasn't submitted yet?");
    expect(answer).toContain("2 of 5 not submitted: Ava Stone and Noah Park.");
  });

  it("gives the class average, spread and criteria as the gradebook has them", async () => {
    const scores = mine.book.rows.filter((row) => row.finalScore !== null).map((row) => row.finalScore!);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const answer = await ask(teacher.client, "How did the class do on Uniforms Essay?");
    expect(answer).toContain(`average ${round1(mean)} of ${mine.book.totalPoints}`);
    expect(answer).toContain(`from ${round1(Math.min(...scores))} to ${round1(Math.max(...scores))}`);
    expect(answer).toContain("By criterion: Thesis");
    expect(answer).toContain(`(/assignments/${mine.id}/gradebook)`);
  });

  it("answers the weakest criterion, a student's grades, progress and changed grades", async () => {
    expect(await ask(teacher.client, "Which criterion is weakest?")).toMatch(/Uniforms Essay\u201d\]\(\/assignments\/[^)]+\/gradebook\): (Thesis|Evidence), average/);
    const maria = await ask(teacher.client, "How is Maria doing?");
    expect(maria).toContain("Maria Lopez:");
    expect(maria).toContain(`(/assignments/${mine.id}/review?submission=${mine.edited.submissionId}): ${round1(mine.edited.finalScore!)} of 20`);
    expect(await ask(teacher.client, "how far has grading got?")).toContain("Grading so far: 3 of 3 essays graded (100%).");
    const changed = await ask(teacher.client, "Which grades did I change after review?");
    expect(changed).toContain(`[Maria Lopez, \u201cUniforms Essay\u201d](/assignments/${mine.id}/review?submission=${mine.edited.submissionId}): ${round1(mine.engineScore)} \u2192 ${round1(mine.edited.finalScore!)}`);
  });

  it("counts a review that kept the total but moved criterion points and rewrote the feedback as a change", async () => {
    const jane = mine.book.rows.find((row) => row.studentName === "Jane Doe")!;
    const detail = (await teacher.client.get(`/api/submissions/${jane.submissionId}`)).data as { overallScore: number; criteriaScores: Record<string, number> };
    const [first, second] = [detail.criteriaScores["criterion-1"]!, detail.criteriaScores["criterion-2"]!];
    const step = first < 10 && second > 0 ? 1 : -1;
    const criteriaScores = { "criterion-1": first + step, "criterion-2": second - step };
    expect((await teacher.client.put(`/api/submissions/${jane.submissionId}/grade`, { criteriaScores, overallScore: detail.overallScore, feedback: "Jane, say where your figures come from." })).status).toBe(200);
    const changed = await ask(teacher.client, "Which grades did I change?");
    expect(changed).toContain("You changed 2 grades of the 2 you reviewed");
    expect(changed).toContain(
      `[Jane Doe, \u201cUniforms Essay\u201d](/assignments/${mine.id}/review?submission=${jane.submissionId}): total kept at ${round1(detail.overallScore)}; Thesis ${round1(first)} \u2192 ${round1(first + step)}`,
    );
    expect(changed).toContain("; feedback rewritten");
  });

  it("never shows another teacher's classes", async () => {
    for (const message of ["what needs my review?", "who hasn't submitted?", "what's the class average?", "how is Zed doing?", "which grades did I change?", "how far has grading got?", "what's overdue?"]) {
      const answer = await ask(teacher.client, message);
      for (const secret of secrets) expect(answer, message).not.toContain(secret);
    }
    expect(await ask(teacher.client, "What are Zed Quinn's grades?")).toContain("I couldn't find a student called \u201czed quinn\u201d");
    expect(await ask(other.client, "who hasn't submitted?")).not.toContain("Uniforms Essay");
  });
});

describe(`dashboard chat, offline: practice, returned feedback and whole lists (${testDatabaseKind})`, () => {
  const roster = ["Jane Doe", "Maria Lopez", "Sam Lee", ...["Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Mia"].map((first) => `${first} Stone`)];
  let mine: Awaited<ReturnType<typeof seededClass>>;
  let teacher: Awaited<ReturnType<typeof createSignedInTeacher>>;
  let other: Awaited<ReturnType<typeof createSignedInTeacher>>;

  beforeAll(async () => {
    teacher = await createSignedInTeacher(server.url, server.deps.database.db, "chatmore");
    other = await createSignedInTeacher(server.url, server.deps.database.db, "chatmore");
    // Three essays in, Maria's edited (so accepted); Jane's accepted too, Sam's left waiting for review.
    mine = await seededClass(teacher.client, teacher.id, "Uniforms Essay", roster);
    const secret = await createActiveAssignment(other.client, other.id, { title: "Secret Plans" });
    expect((await other.client.put(`/api/assignments/${secret.id}/roster`, { text: "Name\nMaria Lopez\nZed Quinn\n" })).status).toBe(200);
    const jane = mine.book.rows.find((row) => row.studentName === "Jane Doe")!;
    expect((await teacher.client.post(`/api/submissions/${jane.submissionId}/accept`)).status).toBe(200);
  }, 180_000);

  it("answers a request to make practice with where it is made, not with the AI-provider line", async () => {
    for (const message of ["Make a quiz for this class", "make flashcards for period 3", "create a practice quiz on evidence"]) {
      const answer = await ask(teacher.client, message);
      expect(answer, message).toContain(`open [\u201cUniforms Essay\u201d](/assignments/${mine.id}) (3 graded essays`);
      expect(answer, message).toContain("and press **Make practice**");
      expect(answer, message).not.toContain("AI_PROVIDER");
    }
    expect(await ask(teacher.client, "make flashcards for period 3")).toContain("[Flashcards](/flashcards)");
    // Nothing was made: the chat only says where.
    expect((await teacher.client.get("/api/practice?kind=quiz")).data).toEqual([]);
    expect(await ask(other.client, "Make a quiz for this class")).toContain("none of your assignments has enough graded work for **Make practice** yet");
  });

  it("says how many returned feedback links were opened and who has not opened theirs, for this teacher only", async () => {
    expect(await ask(teacher.client, "How many feedback links have students opened?")).toBe(
      "You haven't returned feedback to students yet. Use Return to students on an assignment's page; once you have, I can tell you who has opened it.",
    );
    const returned = await teacher.client.post(`/api/assignments/${mine.id}/feedback-links`, { expiresInDays: 30 });
    expect(returned.status, returned.text).toBe(200);
    const links = returned.data.created as Array<{ studentName: string; url: string }>;
    expect(links.map((link) => link.studentName)).toEqual(["Jane Doe", "Maria Lopez"]);
    expect((await new TestClient(server.url).get(new URL(links[0]!.url).pathname)).status).toBe(200);

    const answer = await ask(teacher.client, "How many feedback links have students opened?");
    expect(answer).toContain("Students have opened 1 of the 2 feedback links you returned (50%):");
    expect(answer).toContain(`[\u201cUniforms Essay\u201d](/assignments/${mine.id}): returned to 2 students, opened by 1 (50%); not opened: Maria Lopez.`);
    expect(await ask(teacher.client, "who hasn't opened their feedback")).toBe(answer);
    expect(await ask(teacher.client, "Did Maria read her feedback?")).toMatch(/^Maria Lopez's feedback:\n\u2022 \[\u201cUniforms Essay\u201d\]\(\/assignments\/[^)]+\): returned on \w+ \d+, not opened yet$/);
    expect(await ask(teacher.client, "Did Jane read her feedback?")).toContain("opened 1 time, first on");
    const others = await ask(other.client, "How many feedback links have students opened?");
    expect(others).toBe("You haven't returned feedback to students yet. Use Return to students on an assignment's page; once you have, I can tell you who has opened it.");
    expect(await ask(other.client, "Did Maria read her feedback?")).toContain("I couldn't find work by a student called");
  });

  it("cuts a long list of names short with a way to see the rest, and 'show all' names everyone", async () => {
    const missing = roster.slice(3);
    const short = await ask(teacher.client, "Who hasn't submitted yet?");
    expect(short).toContain(`13 of 16 not submitted: ${missing.slice(0, 12).join(", ")} and 1 more (say \u201cshow all\u201d to see every name).`);
    for (const followUp of ["show all", "who are the other 1?"]) {
      const all = await ask(teacher.client, followUp);
      expect(all, followUp).toContain(`13 of 16 not submitted: ${missing.slice(0, -1).join(", ")} and Mia Stone.`);
    }
    // After a question that was not about the classes there is no list to show.
    await ask(other.client, "What's due this week?");
    expect(await ask(other.client, "show all")).toContain("Show all of what?");
  });
});

describe(`dashboard chat answers class questions through the model's tools (${testDatabaseKind})`, () => {
  let fake: FakeOpenAiServer;
  let withModel: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    withModel = await startTestServer({ env: fakeModelEnv(fake) });
  });
  afterAll(async () => {
    await withModel?.stop();
    await fake?.close();
  });

  it("lets the model call classFigures for the caller's data and answer from its result", async () => {
    const teacher = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "classqmodel");
    const other = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "classqmodel");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Model Essay" });
    await createActiveAssignment(other.client, other.id, { title: "Hidden Essay" });
    await teacher.client.put(`/api/assignments/${assignment.id}/roster`, { text: "Name\nLena Ruiz\nOmar Haddad\n" });
    fake.behave({ kind: "script", replies: [{ toolCall: { name: "classFigures", arguments: { kind: "notSubmitted", assignment: "Model Essay" } } }, { content: "Lena Ruiz and Omar Haddad have not submitted." }] });
    // Not one of the built-in phrasings, so the question goes to the model.
    const response = await teacher.client.post("/api/chat", { message: "Give me a rundown of whose work on Model Essay I still don't have" });
    expect(response.status, response.text).toBe(200);
    // The model dropped the tool's link; the answer carries it all the same.
    expect(response.data).toMatchObject({ source: "model", message: `Lena Ruiz and Omar Haddad have not submitted.\n\nOpen: [\u201cModel Essay\u201d](/assignments/${assignment.id})` });
    const toolResult = fake.requests.at(-1)!.messages.find((message) => message.role === "tool");
    expect(String(toolResult?.content)).toContain("2 of 2 not submitted: Lena Ruiz and Omar Haddad.");
    expect(String(toolResult?.content)).not.toContain("Hidden Essay");
  });

  it("tells the teacher which of the model's figures are not in their data", async () => {
    const teacher = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "classqmodel");
    await createActiveAssignment(teacher.client, teacher.id, { title: "Model Essay" });
    fake.behave({ kind: "script", replies: [{ content: "Your class averaged 97% on Model Essay, and 4 students were late." }] });
    const response = await teacher.client.post("/api/chat", { message: "Give me a feel for how the class did overall" });
    expect(response.status, response.text).toBe(200);
    expect(response.data.message).toBe(
      "Your class averaged 97% on Model Essay, and 4 students were late.\n\nI could not find \u201c97%\u201d and \u201c4 students\u201d in your classes' data: check them in the gradebook before relying on them.",
    );
  });
});
