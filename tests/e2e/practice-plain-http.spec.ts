import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { practiceLesson } from "../support/practice";

/** This machine's own address on its network (what `hostname -I` prints first), not a loopback one. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

/** A port free on that address, so the server's public address is known before it starts. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let app: E2eApp;
let base: string;
beforeAll(async () => {
  if (!networkAddress) return;
  const port = await freePort(networkAddress);
  base = `http://${networkAddress}:${port}`;
  // Bound to the network address only, as a school's server answers its classrooms: http:// and not localhost.
  app = await startE2eApp({ env: { HOST: networkAddress, PORT: String(port), PUBLIC_URL: base } });
});
afterAll(() => app?.stop());

type Item = { id: string };

describe.skipIf(!networkAddress)("a shared quiz served over plain HTTP on a school's network", () => {
  it("opens and takes a student's answers on a page the browser does not count as secure, and says which answer is too long", async () => {
    const teacher = await createSignedInTeacher(base, app.server.deps.database.db, "prhttp");
    const made = await teacher.client.post("/api/practice", { kind: "quiz", source: { kind: "text", text: practiceLesson } });
    expect(made.status, made.text).toBe(201);
    // The generator picks question kinds by a random seed, so a quiz may hold only multiple choice: the teacher adds
    // a blank to fill by hand (as the quiz editor allows), and the student has one question answered in words.
    const written = { kind: "cloze", sentence: "The green pigment in chloroplasts is _____.", answer: "chlorophyll" };
    const saved = await teacher.client.put(`/api/practice/${made.data.id}/items`, { items: [...made.data.items, written] });
    expect(saved.status, saved.text).toBe(200);
    const items: Item[] = saved.data.items;
    const number = items.length;
    const shared = await teacher.client.post(`/api/practice/${made.data.id}/share`);
    const link: string = shared.data.shareUrl;
    expect(link.startsWith(`${base}/practice/`)).toBe(true);

    const student = await app.newPage({ width: 360, height: 740 });
    student.setDefaultTimeout(20_000);
    await student.goto(link);
    // The condition itself, not a stand-in for it: such a page has no crypto.randomUUID.
    expect(await student.evaluate(() => ({ isSecure: window.isSecureContext, hasRandomUuid: "randomUUID" in crypto }))).toEqual({ isSecure: false, hasRandomUuid: false });
    await student.getByLabel("Your name").fill("Ana Ortiz");
    await student.getByRole("button", { name: "Start quiz" }).click();

    // The blank, answered in words, where a student can write too much.
    const answer = student.getByRole("listitem", { name: `Question ${number}`, exact: true }).getByRole("textbox");
    await answer.fill("a".repeat(2001));
    const submit = async () => {
      await student.getByRole("button", { name: "Submit answers" }).click();
      await student.getByRole("button", { name: "Submit anyway" }).click();
    };
    await submit();
    await student.getByRole("alert").getByText(`Question ${number}: Keep each answer within 2000 characters.`).waitFor();

    await answer.fill("chlorophyll");
    await submit();
    await student.getByRole("heading", { name: new RegExp(`^Your score: \\d+ / ${items.length}$`) }).waitFor();
    const results = await teacher.client.get(`/api/practice/${made.data.id}/results`);
    expect(results.data.attempts.map((attempt: { studentName: string }) => attempt.studentName)).toEqual(["Ana Ortiz"]);
    // Chromium logs the refused answer's 400, and that it ignores the Cross-Origin-Opener-Policy header on a plain
    // HTTP page (it is for HTTPS ones); anything else, such as a crash, fails the test.
    const expected = ["status of 400", "Cross-Origin-Opener-Policy header has been ignored"];
    expect(app.consoleErrors(student).filter((line) => !expected.some((text) => line.includes(text)))).toEqual([]);
  });
});
