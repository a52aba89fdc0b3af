import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { TestClient } from "../../tests/support/http.js";
import { rubricCriteria, studentEssay, textFile, uploadForm } from "../../tests/support/class-set.js";

/**
 * A teacher signed up and confirmed through the API (the link read from the outbox folder, as a laptop user would),
 * an active assignment and a class set of `students` essays graded by the queue. Returns the session cookie and ids.
 */
export async function seedClassSet(baseUrl: string, dataDir: string, students: number) {
  const client = new TestClient(baseUrl);
  const email = `bench${Date.now().toString(36)}@school.test`;
  const signUp = await client.post("/api/auth/sign-up/email", { username: email.split("@")[0], email, password: "correct horse battery", name: "Bench Teacher", callbackURL: "/auth/confirmed" });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const outbox = path.join(dataDir, "outbox");
  const mail = readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), "utf8")).find((text) => text.includes(email));
  const link = mail?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("No confirmation mail in the outbox");
  const confirmed = await client.get(new URL(link).pathname + new URL(link).search);
  if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status}`);
  const me = await client.get("/api/auth/get-session");
  const teacherId = me.data?.user?.id as string;
  const created = await client.post("/api/assignments", { teacherId });
  const assignment = created.data as { id: string; gradingSettings: Record<string, unknown> };
  const saved = await client.put(`/api/assignments/${assignment.id}`, {
    ...created.data,
    title: "Persuasive essay: school uniforms",
    type: "argumentative_essay",
    prompt: "Should students wear school uniforms? Take a position and support it with evidence.",
    rubric: { criteria: rubricCriteria },
    status: "active",
    autogradingEnabled: true,
    // Due three days before the class set is handed in, 10% off per late day: every summary goes through the late
    // policy's calendar, as a real class's late work does (a list without a due date skipped it).
    dueDate: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
    gradingSettings: { ...assignment.gradingSettings, latePolicyType: "percentage", latePenalty: 10 },
  });
  if (saved.status !== 200) throw new Error(`assignment not saved: ${saved.status} ${saved.text}`);
  const files = Array.from({ length: students }, (_, i) => textFile(`student-${i + 1}.txt`, studentEssay(i + 1, `Student ${i + 1}`)));
  // The upload route takes at most 25 files per request.
  for (let start = 0; start < files.length; start += 25) {
    const uploaded = await client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files.slice(start, start + 25)) });
    if (uploaded.status !== 200) throw new Error(`upload failed: ${uploaded.status} ${uploaded.text}`);
  }
  for (const deadline = Date.now() + 120_000; ; ) {
    const progress = await client.get(`/api/assignments/${assignment.id}/grading-progress`);
    if (progress.data.total > 0 && progress.data.queued === 0 && progress.data.grading === 0) break;
    if (Date.now() > deadline) throw new Error(`grading did not finish: ${progress.text}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const list = await client.get(`/api/assignments/${assignment.id}/submissions`);
  return { cookie: client.cookieHeader(), assignmentId: assignment.id, submissionId: list.data[0].id as string };
}
