import { XMLParser } from "fast-xml-parser";
import { unzipSync, strFromU8 } from "fflate";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceAttempts } from "../../src/server/db/schema";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { gradeByHand, practiceLesson as lesson } from "../support/practice";
import { fixtureFile, formWith } from "../support/uploads";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());


type Item = { id: string; kind: string; options?: string[]; answerIndex?: number; answer?: string; prompt?: string; sentence?: string; source?: { origin: string; text: string } };
type View = { id: string; kind: string; title: string; items: Item[]; shareUrl: string | null; isOpen: boolean; settings: Record<string, unknown>; weakestCriteria: { id: string; name: string }[]; sourceKind: string };

const anonymous = () => new TestClient(server.url);
const tokenPath = (shareUrl: string) => `/api/shared-practice/${new URL(shareUrl).pathname.split("/").pop()}`;
/** The key's answer to an item, as a student would send it. */
const rightAnswer = (item: Item) => (item.kind === "multiple-choice" ? item.answerIndex! : item.answer!);
const wrongAnswer = (item: Item) => (item.kind === "multiple-choice" ? (item.answerIndex! + 1) % item.options!.length : "not it at all");

async function teacher(prefix: string) {
  return createSignedInTeacher(server.url, db(), prefix);
}

async function makeQuiz(client: TestClient, extra: Record<string, unknown> = {}): Promise<View> {
  const created = await client.post("/api/practice", { kind: "quiz", source: { kind: "text", text: lesson }, ...extra });
  expect(created.status, created.text).toBe(201);
  return created.data;
}

async function downloadBytes(client: TestClient, path: string) {
  const response = await fetch(new URL(path, server.url), { headers: { cookie: client.cookieHeader(), origin: server.url } });
  return { status: response.status, type: response.headers.get("content-type") ?? "", bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe(`quizzes and flashcards (${testDatabaseKind})`, () => {
  let owner: Awaited<ReturnType<typeof teacher>>;
  let quiz: View;
  beforeAll(async () => {
    owner = await teacher("prq");
  });

  it("makes a quiz from pasted text whose every item is shaped and keyed, and a deck from an uploaded document", async () => {
    quiz = await makeQuiz(owner.client, { count: 6 });
    expect(quiz).toMatchObject({ kind: "quiz", sourceKind: "text", isOpen: true, shareUrl: null, settings: { timeLimitMinutes: null, attemptsAllowed: 1, showKeyAfterSubmit: true } });
    expect(quiz.items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(quiz.items.map((item) => item.id)).size).toBe(quiz.items.length);
    for (const item of quiz.items) {
      if (item.kind === "multiple-choice") expect(item.options!.filter((option) => option === item.options![item.answerIndex!])).toHaveLength(1);
      if (item.kind === "cloze") expect(item.sentence).toContain("_____");
    }

    const upload = await owner.client.request("POST", "/api/documents", { body: formWith({ file: textFile("plants.txt", lesson) }) });
    expect(upload.status, upload.text).toBe(201);
    const deck = await owner.client.post("/api/practice", { kind: "deck", source: { kind: "document", fileId: upload.data.fileId } });
    expect(deck.status, deck.text).toBe(201);
    expect(deck.data).toMatchObject({ kind: "deck", sourceKind: "document", title: "Flashcards: plants" });
    expect(deck.data.items.length).toBeGreaterThan(0);
    for (const card of deck.data.items) expect(card.front.trim() && card.back.trim()).toBeTruthy();

    const docx = await owner.client.request("POST", "/api/documents", { body: formWith({ file: fixtureFile("documents/student-essay.docx") }) });
    expect(docx.status, docx.text).toBe(201);
    const fromDocx = await owner.client.post("/api/practice", { kind: "quiz", source: { kind: "document", fileId: docx.data.fileId } });
    expect([201, 422]).toContain(fromDocx.status);

    const list = await owner.client.get("/api/practice?kind=quiz");
    expect(list.status).toBe(200);
    expect(list.data.map((item: { id: string }) => item.id)).toContain(quiz.id);
    expect(list.data.every((item: { kind: string }) => item.kind === "quiz")).toBe(true);
  });

  it("says how much text is needed, asks for text when a topic has no AI service, and refuses a document it cannot find", async () => {
    const short = await owner.client.post("/api/practice", { kind: "quiz", source: { kind: "text", text: "Plants are green." } });
    expect(short.status).toBe(422);
    expect(short.data.error.message).toMatch(/\d+/);
    const topic = await owner.client.post("/api/practice", { kind: "quiz", source: { kind: "topic", topic: "The water cycle" } });
    expect(topic.status).toBe(503);
    expect(topic.data.error.message).toContain("Paste the text of your lesson or upload a document instead");
    const missing = await owner.client.post("/api/practice", { kind: "deck", source: { kind: "document", fileId: "00000000-0000-4000-8000-000000000000" } });
    expect(missing.status).toBe(404);
  });

  it("refuses an edit with a bad item, naming the item and the field, and keeps the items as they were", async () => {
    const [first, second, ...rest] = quiz.items;
    const broken = { kind: "multiple-choice", prompt: "Which gas do leaves give off?", options: ["Oxygen", "oxygen", "Nitrogen"], answerIndex: 0 };
    const refused = await owner.client.put(`/api/practice/${quiz.id}/items`, { items: [first, broken, second, ...rest] });
    expect(refused.status).toBe(400);
    expect(refused.data.error.fields).toEqual({ "items.1.options": "Question 2: Two options say the same thing." });
    expect(refused.data.error.message).toContain("Question 2");
    const shapeless = await owner.client.put(`/api/practice/${quiz.id}/items`, { items: [{ kind: "cloze", sentence: "Plants need _____." }] });
    expect(shapeless.status).toBe(400);
    expect(Object.keys(shapeless.data.error.fields)).toEqual(["items.0.answer"]);
    const empty = await owner.client.put(`/api/practice/${quiz.id}/items`, { items: [] });
    expect(empty.status).toBe(400);
    expect(empty.data.error.fields).toEqual({ items: "Keep at least one question or card: add one before you save" });
    expect((await owner.client.get(`/api/practice/${quiz.id}`)).data.items).toEqual(quiz.items);
  });

  it("saves items reordered, edited, deleted and added by hand, keeping each item's id", async () => {
    const [first, second, ...rest] = quiz.items;
    const added = { kind: "multiple-choice", prompt: "Which gas do leaves give off in daylight?", options: ["Oxygen", "Nitrogen", "Helium"], answerIndex: 0 };
    const edited = first!.kind === "multiple-choice" ? { ...first, prompt: `${first!.prompt} (edited)` } : { ...first, explanation: "Edited by hand." };
    const saved = await owner.client.put(`/api/practice/${quiz.id}/items`, { items: [second, edited, ...rest.slice(0, -1), added] });
    expect(saved.status, saved.text).toBe(200);
    const items: Item[] = saved.data.items;
    expect(items.slice(0, 2).map((item) => item.id)).toEqual([second!.id, first!.id]);
    expect(items).toHaveLength(quiz.items.length);
    expect(items.at(-1)).toMatchObject(added);
    expect(items.at(-1)!.id).toBeTruthy();
    quiz = saved.data;
  });

  it("shares a quiz whose link opens it without its key, scores an attempt on the spot, and stores an attempt posted twice once", async () => {
    const shared = await owner.client.post(`/api/practice/${quiz.id}/share`);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.data.shareUrl).toMatch(new RegExp(`^${server.url}/practice/[A-Za-z0-9_-]{32}$`));
    const again = await owner.client.post(`/api/practice/${quiz.id}/share`);
    expect(again.data.shareUrl).toBe(shared.data.shareUrl);
    quiz = shared.data;

    const student = anonymous();
    const opened = await student.get(tokenPath(quiz.shareUrl!));
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ kind: "quiz", title: quiz.title, attemptsAllowed: 1, timeLimitMinutes: null, hasClassList: false });
    expect(opened.data.items.map((item: Item) => item.id)).toEqual(quiz.items.map((item) => item.id));
    for (const item of opened.data.items) {
      expect(item).not.toHaveProperty("answerIndex");
      expect(item).not.toHaveProperty("answer");
      expect(item).not.toHaveProperty("source");
    }

    // Everything right but the first item.
    const answers = Object.fromEntries(quiz.items.map((item, index) => [item.id, index === 0 ? wrongAnswer(item) : rightAnswer(item)]));
    const attempt = { idempotencyKey: "attempt-ana-0001", studentName: "Ana Ortiz", answers };
    const first = await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, attempt);
    expect(first.status, first.text).toBe(201);
    expect(first.data).toMatchObject({ studentName: "Ana Ortiz", score: quiz.items.length - 1, maxScore: quiz.items.length, attemptNumber: 1, isKeyShown: true });
    expect(first.data.items[0]).toMatchObject({ itemId: quiz.items[0]!.id, isCorrect: false });
    const key = quiz.items[0]!;
    expect(first.data.items[0].correctAnswer).toBe(key.kind === "multiple-choice" ? key.options![key.answerIndex!] : key.answer);

    const repeated = await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, attempt);
    expect(repeated.status).toBe(200);
    expect(repeated.data.attemptId).toBe(first.data.attemptId);
    const rows = await db().select().from(practiceAttempts).where(eq(practiceAttempts.practiceSetId, quiz.id));
    expect(rows).toHaveLength(1);
  });

  it("enforces the attempts allowed per student, and returns the key only when the teacher allows it", async () => {
    const student = anonymous();
    const all = Object.fromEntries(quiz.items.map((item) => [item.id, rightAnswer(item)]));
    const second = await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, { idempotencyKey: "attempt-ana-0002", studentName: " ana  ortiz ", answers: all });
    expect(second.status).toBe(409);
    expect(second.data.error.message).toBe("You have used all your attempts at this quiz.");

    const settings = await owner.client.patch(`/api/practice/${quiz.id}`, { settings: { timeLimitMinutes: 15, attemptsAllowed: 2, showKeyAfterSubmit: false } });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.data.settings).toEqual({ timeLimitMinutes: 15, attemptsAllowed: 2, showKeyAfterSubmit: false });
    const badSettings = await owner.client.patch(`/api/practice/${quiz.id}`, { settings: { timeLimitMinutes: 0, attemptsAllowed: 2, showKeyAfterSubmit: false } });
    expect(badSettings.status).toBe(400);
    expect(badSettings.data.error.fields["settings.timeLimitMinutes"]).toBe("A time limit is at least 1 minute");

    const opened = await student.get(tokenPath(quiz.shareUrl!));
    expect(opened.data).toMatchObject({ timeLimitMinutes: 15, attemptsAllowed: 2 });
    const retry = await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, { idempotencyKey: "attempt-ana-0003", studentName: "Ana Ortiz", answers: all });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.data).toMatchObject({ score: quiz.items.length, attemptNumber: 2, isKeyShown: false });
    for (const item of retry.data.items) expect(item).not.toHaveProperty("correctAnswer");

    const ben = await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, { idempotencyKey: "attempt-ben-0001", studentName: "Ben Cole", answers: { ...all, [quiz.items[0]!.id]: wrongAnswer(quiz.items[0]!) } });
    expect(ben.status).toBe(201);
    expect((await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, { idempotencyKey: "attempt-ben-0002", studentName: "Ben Cole", answers: all })).status).toBe(201);
    expect((await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, { idempotencyKey: "attempt-ben-0003", studentName: "Ben Cole", answers: all })).status).toBe(409);
  });

  it("shows results per student and per item (percent correct, the most chosen wrong answer) and as CSV", async () => {
    const results = await owner.client.get(`/api/practice/${quiz.id}/results`);
    expect(results.status).toBe(200);
    expect(results.data.attempts.map((attempt: { studentName: string; attemptNumber: number }) => [attempt.studentName, attempt.attemptNumber])).toEqual([
      ["Ana Ortiz", 1],
      ["Ana Ortiz", 2],
      ["Ben Cole", 1],
      ["Ben Cole", 2],
    ]);
    const firstItem = results.data.items[0];
    const key = quiz.items[0]!;
    const wrong = wrongAnswer(key);
    expect(firstItem).toMatchObject({ itemId: key.id, number: 1, answered: 4, percentCorrect: 50 });
    expect(firstItem.mostChosenWrong).toEqual({ answer: typeof wrong === "number" ? key.options![wrong] : wrong, count: 2 });
    expect(results.data.items[1]).toMatchObject({ answered: 4, percentCorrect: 100, mostChosenWrong: null });

    const csv = await owner.client.get(`/api/practice/${quiz.id}/results.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe(["Student", "Attempt", "Submitted at", "Minutes taken", "Score", "Out of", "Percent", ...quiz.items.flatMap((_, index) => [`Q${index + 1} answer`, `Q${index + 1} correct`])].join(","));
    expect(lines).toHaveLength(5);
    expect(lines[1]!.split(",").slice(0, 2)).toEqual(["Ana Ortiz", "1"]);
    expect(lines[1]!.split(",")[4]).toBe(String(quiz.items.length - 1));
  });

  it("exports the quiz as QTI, Moodle XML and a paper with its key, and a deck as CSV and TSV, each parsed back", async () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    const qti = await downloadBytes(owner.client, `/api/practice/${quiz.id}/export?format=qti`);
    expect(qti.status).toBe(200);
    expect(qti.type).toContain("application/zip");
    const files = unzipSync(qti.bytes);
    expect(Object.keys(files)).toContain("imsmanifest.xml");
    const manifest = parser.parse(strFromU8(files["imsmanifest.xml"]!));
    expect(manifest.manifest).toBeDefined();
    const assessmentName = Object.keys(files).find((name) => name !== "imsmanifest.xml" && name.endsWith(".xml"))!;
    const assessment = parser.parse(strFromU8(files[assessmentName]!));
    const items = [assessment.questestinterop.assessment.section.item].flat();
    expect(items).toHaveLength(quiz.items.length);

    const moodle = await owner.client.get(`/api/practice/${quiz.id}/export?format=moodle`);
    expect(moodle.status).toBe(200);
    const questions = [parser.parse(moodle.text).quiz.question].flat().filter((question: { "@_type": string }) => question["@_type"] !== "category");
    expect(questions).toHaveLength(quiz.items.length);

    const paper = await owner.client.get(`/api/practice/${quiz.id}/export?format=paper`);
    expect(paper.status).toBe(200);
    expect(paper.headers.get("content-type")).toContain("text/html");
    const key = quiz.items.find((item) => item.kind === "multiple-choice")!;
    expect(paper.text).toContain("Answer key");
    expect(paper.text).toContain(key.options![key.answerIndex!]!.replace(/&/g, "&amp;"));

    expect((await owner.client.get(`/api/practice/${quiz.id}/export?format=csv`)).status).toBe(400);

    const deck = await owner.client.post("/api/practice", { kind: "deck", source: { kind: "text", text: lesson } });
    const cards: { front: string; back: string }[] = deck.data.items;
    const tsv = await owner.client.get(`/api/practice/${deck.data.id}/export?format=tsv`);
    expect(tsv.status).toBe(200);
    const rows = tsv.text.trimEnd().split(/\r?\n/).map((line) => line.split("\t"));
    expect(rows.map((row) => row[0])).toEqual(cards.map((card) => card.front));
    const csv = await owner.client.get(`/api/practice/${deck.data.id}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(cards[0]!.back.includes(",") ? `"${cards[0]!.back.replace(/"/g, '""')}"` : cards[0]!.back);
    const opened = await anonymous().get(tokenPath((await owner.client.post(`/api/practice/${deck.data.id}/share`)).data.shareUrl));
    expect(opened.data).toMatchObject({ kind: "deck", cards: cards.map((card) => ({ front: card.front, back: card.back })) });
  });

  it("scores a corrected sentence right without its final full stop or with another correct fix, and wrong when the slip stays", async () => {
    const made = await makeQuiz(owner.client, { count: 3 });
    const spelling = { kind: "fix-the-sentence", prompt: "Correct the spelling in this sentence.", original: "My oponion is computers should be used for many different purpuses.", answer: "My opinion is computers should be used for many different purposes." };
    const capital = { kind: "fix-the-sentence", prompt: "Correct the capital letters in this sentence.", original: "secondly computers help alot of people every day.", answer: "Secondly computers help alot of people every day." };
    const saved = await owner.client.put(`/api/practice/${made.id}/items`, { items: [spelling, capital] });
    expect(saved.status, saved.text).toBe(200);
    const shared = await owner.client.post(`/api/practice/${made.id}/share`);
    const [first, second] = saved.data.items as Item[];
    const submit = (key: string, name: string, answers: Record<string, string>) => anonymous().post(`${tokenPath(shared.data.shareUrl)}/attempts`, { idempotencyKey: key, studentName: name, answers });
    const right = await submit("attempt-fix-right-1", "Maya Lopez", { [first!.id]: "My opinion is computers should be used for many different purposes", [second!.id]: "Secondly, computers help a lot of people every day." });
    expect(right.status, right.text).toBe(201);
    expect(right.data).toMatchObject({ score: 2, maxScore: 2 });
    const unchanged = await submit("attempt-fix-wrong-1", "Sam Reed", { [first!.id]: spelling.original, [second!.id]: capital.original });
    expect(unchanged.data).toMatchObject({ score: 0, maxScore: 2 });
  });

  it("answers 404 for another teacher's quizzes, results and exports, and leaves them out of the list", async () => {
    const other = await teacher("prx");
    for (const [method, path] of [
      ["GET", `/api/practice/${quiz.id}`],
      ["GET", `/api/practice/${quiz.id}/results`],
      ["GET", `/api/practice/${quiz.id}/results.csv`],
      ["GET", `/api/practice/${quiz.id}/export?format=qti`],
      ["POST", `/api/practice/${quiz.id}/share`],
      ["DELETE", `/api/practice/${quiz.id}`],
    ] as const) {
      const response = await other.client.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.text).not.toContain(quiz.title);
    }
    expect((await other.client.put(`/api/practice/${quiz.id}/items`, { items: quiz.items })).status).toBe(404);
    expect((await other.client.patch(`/api/practice/${quiz.id}`, { isOpen: false })).status).toBe(404);
    expect((await other.client.get("/api/practice?kind=quiz")).data).toEqual([]);
    expect((await anonymous().get(`/api/practice/${quiz.id}`)).status).toBe(401);
    expect((await owner.client.get(`/api/practice/${quiz.id}`)).data.isOpen).toBe(true);
  });

  it("answers a plain message for a closed quiz's link and for a deleted one's, and takes no answers there", async () => {
    const student = anonymous();
    const closed = await owner.client.patch(`/api/practice/${quiz.id}`, { isOpen: false });
    expect(closed.data.isOpen).toBe(false);
    const opened = await student.get(tokenPath(quiz.shareUrl!));
    expect(opened.status).toBe(409);
    expect(opened.data.error.message).toContain("This quiz is closed");
    const submitted = await student.post(`${tokenPath(quiz.shareUrl!)}/attempts`, { idempotencyKey: "attempt-chloe-01", studentName: "Chloe Park", answers: {} });
    expect(submitted.status).toBe(409);

    expect((await owner.client.delete(`/api/practice/${quiz.id}`)).status).toBe(204);
    const gone = await student.get(tokenPath(quiz.shareUrl!));
    expect(gone.status).toBe(404);
    expect(gone.data.error.message).toContain("This link is no longer active");
    expect((await owner.client.get(`/api/practice/${quiz.id}`)).status).toBe(404);
    expect((await owner.client.get("/api/practice?kind=quiz")).data.map((item: { id: string }) => item.id)).not.toContain(quiz.id);
    const guessed = await student.get("/api/shared-practice/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(guessed.status).toBe(404);
    expect(guessed.data.error.message).toBe(gone.data.error.message);
  });

  it("makes practice for a graded class aimed at its two weakest criteria, from its own writing, checking names against the class list", async () => {
    const assignment = await createActiveAssignment(owner.client, owner.id, { title: "Uniforms, period 4" });
    const names = ["Ana Ortiz", "Ben Cole", "Chloe Park", "Dev Shah"];
    await owner.client.put(`/api/assignments/${assignment.id}/roster`, { text: `Name,ID\n${names.map((name, index) => `${name},${index + 1}`).join("\n")}` });
    const notYet = await owner.client.post("/api/practice/from-class", { assignmentId: assignment.id });
    expect(notYet.status).toBe(409);
    const upload = await owner.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, index) => textFile(`${name}.txt`, studentEssay(index + 40, name)))) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(owner.client, assignment.id);
    await gradeByHand(owner.client, assignment.id, { "Ana Ortiz": [9, 8], "Ben Cole": [3, 2], "Chloe Park": [7, 7], "Dev Shah": [2, 4] });

    const made = await owner.client.post("/api/practice/from-class", { assignmentId: assignment.id });
    expect(made.status, made.text).toBe(201);
    const classQuiz: View = made.data.quiz;
    const classDeck: View = made.data.deck;
    expect(classQuiz).toMatchObject({ kind: "quiz", sourceKind: "class", assignment: { id: assignment.id, title: "Uniforms, period 4" } });
    expect(classDeck).toMatchObject({ kind: "deck", sourceKind: "class" });
    expect(classQuiz.weakestCriteria.map((criterion) => criterion.name).sort()).toEqual(["Evidence", "Thesis"]);
    expect(classQuiz.items.some((item) => item.source?.origin === "class")).toBe(true);
    // Anonymised: no student's name in anything the class will see.
    for (const name of names) expect(JSON.stringify([classQuiz.items, classDeck.items])).not.toContain(name);

    // The link never gives away the class list: a student writes a name, which must be on it, in any case or order.
    const shared = await owner.client.post(`/api/practice/${classQuiz.id}/share`);
    const student = anonymous();
    const opened = await student.get(tokenPath(shared.data.shareUrl));
    expect(opened.data.hasClassList).toBe(true);
    for (const name of names) expect(opened.text).not.toContain(name);
    const check = (studentName: string) => student.post(`${tokenPath(shared.data.shareUrl)}/name`, { studentName });
    expect((await check("park,  CHLOE")).data).toEqual({ studentName: "Chloe Park" });
    // A middle name on the list need not be typed when first and last name fit one student.
    expect((await check("Dev Shah")).data).toEqual({ studentName: "Dev Shah" });
    const stranger = await check("Zed Quill");
    expect(stranger.status).toBe(400);
    expect(stranger.data.error.fields).toEqual({ studentName: "That name is not on your teacher's class list. Check how you spelled your first and last name." });
    const refused = await student.post(`${tokenPath(shared.data.shareUrl)}/attempts`, { idempotencyKey: "attempt-stranger-1", studentName: "Zed Quill", answers: {} });
    expect(refused.status).toBe(400);
    const stored = await student.post(`${tokenPath(shared.data.shareUrl)}/attempts`, { idempotencyKey: "attempt-chloe-1", studentName: "chloe park", answers: {} });
    expect(stored.status, stored.text).toBe(201);
    expect(stored.data.studentName).toBe("Chloe Park");

    const other = await teacher("pry");
    expect((await other.client.post("/api/practice/from-class", { assignmentId: assignment.id })).status).toBe(404);
  });
});

describe(`the class-list name check, from one address (${testDatabaseKind})`, () => {
  let limited: TestServer;
  beforeAll(async () => {
    // A budget of 3 link guesses: 9 names may be got wrong before the check stops answering that address.
    limited = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "1" } });
  });
  afterAll(() => limited?.stop());

  it("lets a class get names wrong, but stops an address trying names to list the class", async () => {
    const owner = await createSignedInTeacher(limited.url, limited.deps.database.db, "namebudget");
    const assignment = await createActiveAssignment(owner.client, owner.id, { title: "Uniforms, period 6" });
    const names = ["Ana Ortiz", "Ben Cole", "Chloe Park", "Dev Shah"];
    await owner.client.put(`/api/assignments/${assignment.id}/roster`, { text: `Name,ID\n${names.map((name, index) => `${name},${index + 1}`).join("\n")}` });
    await owner.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, index) => textFile(`${name}.txt`, studentEssay(index + 60, name)))) });
    await waitForGrading(owner.client, assignment.id);
    await gradeByHand(owner.client, assignment.id, { "Ana Ortiz": [9, 8], "Ben Cole": [3, 2], "Chloe Park": [7, 7], "Dev Shah": [2, 4] });
    const made = await owner.client.post("/api/practice/from-class", { assignmentId: assignment.id });
    expect(made.status, made.text).toBe(201);
    const shared = await owner.client.post(`/api/practice/${made.data.quiz.id}/share`);
    const path = `/api/shared-practice/${new URL(shared.data.shareUrl).pathname.split("/").pop()}/name`;
    const student = new TestClient(limited.url);
    for (let attempt = 0; attempt < 9; attempt++) expect((await student.post(path, { studentName: `Guess Name${attempt}` })).status).toBe(400);
    const stopped = await student.post(path, { studentName: "Chloe Park" });
    expect(stopped.status).toBe(429);
    expect(stopped.data.error.message).toMatch(/^Too many names were tried from this address\. Try again in /);
  });
});

describe(`what a shared quiz keeps, whoever has its link (${testDatabaseKind})`, () => {
  async function sharedQuiz(client: TestClient) {
    const made = await makeQuiz(client, { count: 4 });
    const shared = await client.post(`/api/practice/${made.id}/share`);
    expect(shared.status, shared.text).toBe(200);
    return { quiz: made, attempts: `${tokenPath(shared.data.shareUrl)}/attempts` };
  }
  const storedFor = (quizId: string) => db().select().from(practiceAttempts).where(eq(practiceAttempts.practiceSetId, quizId));

  it("keeps one answer per question, and refuses a post with more answers than a quiz can have", async () => {
    const owner = await teacher("prkeep");
    const { quiz, attempts } = await sharedQuiz(owner.client);
    const student = anonymous();
    const padded = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`padding-${index}`, "x".repeat(2000)]));
    const refused = await student.post(attempts, { idempotencyKey: "attempt-pad-0001", studentName: "Ana Ortiz", answers: padded });
    expect(refused.status).toBe(400);
    expect(refused.data.error.fields.answers).toBe("Send at most 100 answers, one per question");
    expect(await storedFor(quiz.id)).toHaveLength(0);

    // An answer to a question the quiz does not have (deleted since, or made up) is dropped, not kept.
    const answers = { ...Object.fromEntries(quiz.items.map((item) => [item.id, rightAnswer(item)])), "no-such-question": "y".repeat(2000) };
    const stored = await student.post(attempts, { idempotencyKey: "attempt-ana-keep1", studentName: "Ana Ortiz", answers });
    expect(stored.status, stored.text).toBe(201);
    expect(stored.data.score).toBe(quiz.items.length);
    const [row] = await storedFor(quiz.id);
    expect(Object.keys(row!.answers).sort()).toEqual(quiz.items.map((item) => item.id).sort());
  });

  it("refuses an answer over 2,000 characters, naming its question, and keeps nothing", async () => {
    const owner = await teacher("prlong");
    const { quiz, attempts } = await sharedQuiz(owner.client);
    const [first, ...rest] = quiz.items;
    const answers = { ...Object.fromEntries(rest.map((item) => [item.id, rightAnswer(item)])), [first!.id]: "a".repeat(2001) };
    const refused = await anonymous().post(attempts, { idempotencyKey: "attempt-long-0001", studentName: "Ana Ortiz", answers });
    expect(refused.status).toBe(400);
    expect(refused.data.error.fields).toEqual({ [`answers.${first!.id}`]: "Keep each answer within 2000 characters" });
    expect(await storedFor(quiz.id)).toHaveLength(0);
  });

  it("refuses answers too long to send without reading them, and keeps nothing", async () => {
    const owner = await teacher("prhuge");
    const { quiz, attempts } = await sharedQuiz(owner.client);
    // Every answer within 2,000 characters, but 100 of them in a script of three bytes a letter: about 600 KB.
    const filler = Array.from({ length: 100 - quiz.items.length }, (_, index) => [`made-up-${index}`, "\u3042".repeat(2000)]);
    const answers = { ...Object.fromEntries(quiz.items.map((item) => [item.id, rightAnswer(item)])), ...Object.fromEntries(filler) };
    const refused = await anonymous().post(attempts, { idempotencyKey: "attempt-huge-0001", studentName: "Ana Ortiz", answers });
    expect(refused.status).toBe(413);
    expect(refused.data.error.message).toBe("Your answers are too long to send. Shorten the longest ones and press Submit again.");
    expect(await storedFor(quiz.id)).toHaveLength(0);
  });

  it("keeps at most 1,000 attempts per quiz, saying so to the student", async () => {
    const owner = await teacher("prfull");
    const { quiz, attempts } = await sharedQuiz(owner.client);
    // 999 attempts already kept, as if five schools' classes had used the link.
    const kept = Array.from({ length: 999 }, (_, index) => ({
      practiceSetId: quiz.id,
      idempotencyKey: `kept-${index}`,
      studentName: `Student ${index}`,
      studentKey: `student ${index}`,
      answers: {},
      itemScores: [],
      score: 0,
      maxScore: quiz.items.length,
      attemptNumber: 1,
    }));
    await db().insert(practiceAttempts).values(kept);
    const student = anonymous();
    const last = await student.post(attempts, { idempotencyKey: "attempt-last-0001", studentName: "Ben Cole", answers: {} });
    expect(last.status, last.text).toBe(201);
    const full = await student.post(attempts, { idempotencyKey: "attempt-full-0001", studentName: "Chloe Park", answers: {} });
    expect(full.status).toBe(409);
    expect(full.data.error.message).toBe("This quiz cannot take more answers: it has kept 1,000 already. Tell your teacher.");
    expect(await storedFor(quiz.id)).toHaveLength(1000);
  });

  it("lets the teacher give a student's attempts back (a classmate used them under the student's name), and no other teacher", async () => {
    const owner = await teacher("prreset");
    const { quiz, attempts } = await sharedQuiz(owner.client);
    const student = anonymous();
    const answers = Object.fromEntries(quiz.items.map((item) => [item.id, wrongAnswer(item)]));
    // A classmate writes Ana's name first and uses her one attempt; Ben answers under his own.
    expect((await student.post(attempts, { idempotencyKey: "attempt-as-ana-01", studentName: "Ana Ortiz", answers })).status).toBe(201);
    expect((await student.post(attempts, { idempotencyKey: "attempt-ben-0001", studentName: "Ben Cole", answers })).status).toBe(201);
    const blocked = await student.post(attempts, { idempotencyKey: "attempt-real-ana", studentName: "ana ortiz", answers });
    expect(blocked.status).toBe(409);
    const reset = (client: TestClient, id: string, studentName: string) => client.delete(`/api/practice/${id}/attempts?studentName=${encodeURIComponent(studentName)}`);

    const other = await teacher("prresetx");
    const refused = await reset(other.client, quiz.id, "Ana Ortiz");
    expect(refused.status).toBe(404);
    expect(await storedFor(quiz.id)).toHaveLength(2);
    expect((await reset(anonymous(), quiz.id, "Ana Ortiz")).status).toBe(401);
    const unnamed = await owner.client.delete(`/api/practice/${quiz.id}/attempts`);
    expect(unnamed.status).toBe(400);
    expect(unnamed.data.error.fields.studentName).toBe("Name the student whose attempts to reset");
    const nobody = await reset(owner.client, quiz.id, "Zed Quill");
    expect(nobody.status).toBe(404);
    expect(nobody.data.error.message).toBe("Zed Quill has no attempts at this quiz to reset. Use the name as the results show it.");

    const done = await reset(owner.client, quiz.id, "Ana Ortiz");
    expect(done.status, done.text).toBe(200);
    expect(done.data).toEqual({ studentName: "Ana Ortiz", deletedAttempts: 1 });
    expect((await owner.client.get(`/api/practice/${quiz.id}/results`)).data.attempts.map((a: { studentName: string }) => a.studentName)).toEqual(["Ben Cole"]);
    const again = await student.post(attempts, { idempotencyKey: "attempt-real-ana", studentName: "Ana Ortiz", answers: Object.fromEntries(quiz.items.map((item) => [item.id, rightAnswer(item)])) });
    expect(again.status, again.text).toBe(201);
    expect(again.data).toMatchObject({ studentName: "Ana Ortiz", attemptNumber: 1, score: quiz.items.length });
  });
});

describe(`new quiz attempts from one address (${testDatabaseKind})`, () => {
  let limited: TestServer;
  beforeAll(async () => {
    // One sign-in attempt per window: 10 new quiz attempts per address.
    limited = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "1" } });
  });
  afterAll(() => limited?.stop());

  it("takes a class's attempts up to the link's budget from one address, then refuses new ones but still answers a retry of a stored one", async () => {
    const owner = await createSignedInTeacher(limited.url, limited.deps.database.db, "prbudget");
    const sharedLink = async () => {
      const made = await makeQuiz(owner.client, { count: 3 });
      const shared = await owner.client.post(`/api/practice/${made.id}/share`);
      return { made, attempts: `${tokenPath(shared.data.shareUrl)}/attempts` };
    };
    const { made, attempts } = await sharedLink();
    const student = new TestClient(limited.url);
    const attempt = (index: number) => ({ idempotencyKey: `attempt-class-${index}`, studentName: `Student Number${index}`, answers: {} });
    for (let index = 0; index < 9; index++) expect((await student.post(attempts, attempt(index))).status).toBe(201);
    // A retry of a stored attempt (a dropped answer, a double tap) is answered without spending the budget.
    expect((await student.post(attempts, attempt(3))).status).toBe(200);
    expect((await student.post(attempts, attempt(9))).status).toBe(201);
    const refused = await student.post(attempts, attempt(10));
    expect(refused.status).toBe(429);
    expect(refused.data.error.message).toMatch(/^Too many attempts at this quiz were sent from this network\. Keep this page open and press Submit again in \d+ minutes?\.$/);
    const retried = await student.post(attempts, attempt(3));
    expect(retried.status).toBe(200);
    expect(retried.data.studentName).toBe("Student Number3");
    const rows = await limited.deps.database.db.select().from(practiceAttempts).where(eq(practiceAttempts.practiceSetId, made.id));
    expect(rows).toHaveLength(10);

    // Another class of the same school, behind the same address, takes its own quiz meanwhile.
    const other = await sharedLink();
    const next = await student.post(other.attempts, { idempotencyKey: "attempt-other-class-1", studentName: "Ana Ortiz", answers: {} });
    expect(next.status, next.text).toBe(201);
  });
});
