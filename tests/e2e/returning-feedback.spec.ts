import { AxeBuilder } from "@axe-core/playwright";
import { extractText, getDocumentProxy } from "unpdf";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/returning-feedback";

async function hasNoSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe("returning feedback to students", () => {
  it("returns reviewed grades as links a student opens without an account, until the teacher revokes them", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "rtn");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 2", settings: { holisticVsPoints: "points" } });
    await teacher.client.put(`/api/assignments/${assignment.id}/roster`, { text: "Name,ID,Email\nAna Ortiz,1,ana@pupils.test\nBen Cole,2,\nChloe Park,3,chloe@pupils.test" });
    const names = ["Ana Ortiz", "Ben Cole", "Chloe Park"];
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, seed) => textFile(`${name}.txt`, studentEssay(seed + 60, name)))) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const list: { id: string; studentName: string }[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
    for (const name of ["Ana Ortiz", "Ben Cole"]) expect((await teacher.client.post(`/api/submissions/${list.find((item) => item.studentName === name)!.id}/accept`)).status).toBe(200);

    // Until the server has said whether it has a mail server, the panel offers no e-mail and gives no note either.
    let answerSystem!: () => void;
    const systemHeld = new Promise<void>((resolve) => (answerSystem = resolve));
    await page.route("**/api/system", async (route) => {
      await systemHeld;
      await route.continue();
    });
    await page.goto(`${app.url}/assignments/${assignment.id}`);
    const panel = page.getByRole("region", { name: "Return to students" });
    await panel.getByText("2 reviewed grades ready to return").waitFor();
    const emailBox = panel.getByRole("checkbox", { name: "E-mail each link to students with an address on the class roster" });
    const noMailNote = panel.getByText("Links are not e-mailed: this server has no mail server set up. Copy each link below or download them all as a CSV, and send them yourself.");
    expect([await emailBox.count(), await noMailNote.count()]).toEqual([0, 0]);
    answerSystem();
    await noMailNote.waitFor();
    await page.unroute("**/api/system");
    await panel.getByText("1 grade waiting for review stays back until you review it.").waitFor();
    await panel.getByLabel("Links work for (days)").fill("30");
    await panel.getByRole("button", { name: "Return to students" }).click();

    const returned = panel.getByRole("list", { name: "Returned students" });
    const ana = returned.getByRole("listitem", { name: "Ana Ortiz" });
    // This server has no mail server: the panel said so before returning, and no link claims to have been e-mailed.
    await noMailNote.waitFor();
    expect(await emailBox.count()).toBe(0);
    await ana.getByText("Not e-mailed").waitFor();
    expect(await panel.getByText(/E-mailed to/).count()).toBe(0);
    await returned.getByRole("listitem", { name: "Ben Cole" }).getByText("No e-mail on the roster").waitFor();
    expect(await returned.getByRole("listitem").count()).toBe(2);
    await panel.getByText("No e-mail on the roster: Ben Cole.").waitFor();
    const url = (await ana.locator("code").innerText()).trim();
    expect(url).toMatch(new RegExp(`^${app.url}/feedback/[A-Za-z0-9_-]{43}$`));
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${shots}/return-panel-1280.png` });

    // The student: a fresh browser with no session, on a phone.
    const student = await app.newPage(phone);
    const response = await student.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    await student.getByRole("heading", { level: 1, name: "Uniforms, period 2" }).waitFor();
    await student.getByText("Feedback for Ana Ortiz").waitFor();
    await student.getByRole("heading", { name: "Your score" }).waitFor();
    await student.getByRole("heading", { name: "Scores by criterion" }).waitFor();
    await student.getByText("Clear, arguable claim").waitFor();
    const work = student.getByRole("region", { name: "Your work" });
    expect(await work.innerText()).toContain("This essay was written by Ana Ortiz");
    // The passages the scores refer to, highlighted in the student's own text.
    expect(await work.locator("mark").count()).toBeGreaterThan(0);
    expect(await student.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await student.content()).not.toContain("Ben Cole");
    expect(await hasNoSidewaysScroll(student)).toBe(true);
    await student.screenshot({ path: `${shots}/student-page-360.png`, fullPage: true });
    const { violations } = await new AxeBuilder({ page: student }).analyze();
    expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
    app.assertNoConsoleErrors(student);

    const wide = await app.newPage(desktop);
    await wide.goto(url);
    await wide.getByText("Feedback for Ana Ortiz").waitFor();
    await wide.screenshot({ path: `${shots}/student-page-1280.png`, fullPage: true });

    // The teacher sees who opened their feedback.
    await page.reload();
    await page.getByRole("list", { name: "Returned students" }).getByRole("listitem", { name: "Ana Ortiz" }).getByText("Opened 2 times").waitFor();

    // Editing a returned grade says the student sees the change.
    const anaId = list.find((item) => item.studentName === "Ana Ortiz")!.id;
    await page.goto(`${app.url}/assignments/${assignment.id}/review?submission=${anaId}`);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByText("This grade was returned to Ana Ortiz: once saved, your changes are what their feedback link shows.").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.goto(`${app.url}/assignments/${assignment.id}`);

    // A lost link: the teacher makes a new one for that student, shown to copy.
    const ben = page.getByRole("list", { name: "Returned students" }).getByRole("listitem", { name: "Ben Cole" });
    expect(await ben.locator("code").count()).toBe(0);
    await ben.getByRole("button", { name: "New link for Ben Cole" }).click();
    await page.getByRole("alertdialog", { name: "Make a new link for Ben Cole?" }).getByRole("button", { name: "Make a new link" }).click();
    await ben.getByRole("button", { name: "Copy Ben Cole's link" }).waitFor();
    expect((await ben.locator("code").innerText()).trim()).toMatch(new RegExp(`^${app.url}/feedback/[A-Za-z0-9_-]{43}$`));

    await page.setViewportSize(phone);
    await page.getByRole("region", { name: "Return to students" }).scrollIntoViewIfNeeded();
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    await page.getByRole("region", { name: "Return to students" }).screenshot({ path: `${shots}/return-panel-360.png` });
    await page.setViewportSize(desktop);

    // Archiving hides the assignment from the teacher, not from students: the question says their links stay open.
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    const archiving = page.getByRole("alertdialog", { name: "Archive Uniforms, period 2?" });
    await archiving.getByText("2 students' feedback links made from it keep working for students; revoke or close them first if they should stop.", { exact: false }).waitFor();
    await archiving.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Revoke all links" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke all links?" });
    await dialog.getByText("The 2 students' links stop working at once", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Revoke all links" }).click();
    await page.getByRole("list", { name: "Returned students" }).waitFor({ state: "detached" });
    await page.getByRole("region", { name: "Return to students" }).getByText("2 reviewed grades ready to return").waitFor();
    app.assertNoConsoleErrors(page);

    const afterRevoke = await student.reload();
    expect(afterRevoke?.status()).toBe(410);
    await student.getByRole("heading", { name: "This link is no longer active" }).waitFor();
    expect(await student.content()).not.toContain("Ana Ortiz");
    await student.screenshot({ path: `${shots}/inactive-360.png` });

    // The last review done, the review page leads back here to return the rest.
    expect((await teacher.client.post(`/api/submissions/${list.find((item) => item.studentName === "Chloe Park")!.id}/accept`)).status).toBe(200);
    await page.goto(`${app.url}/assignments/${assignment.id}/review`);
    await page.getByText("Nothing waits for review.", { exact: true }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Return to students" }).click();
    await page.getByRole("region", { name: "Return to students" }).getByText("3 reviewed grades ready to return").waitFor();
    app.assertNoConsoleErrors(page);
  });

  it("prints each student's sheet with their name and the title on every page, and each comment once", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "prt");
    const title = "Uniforms, period 4";
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title, settings: { holisticVsPoints: "points" } });
    const names = ["Ana Ortiz", "Ben Cole", "Chloe Park"];
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, seed) => textFile(`${name}.txt`, studentEssay(seed + 80, name)))) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const list: { id: string; studentName: string }[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
    const idOf = (name: string) => list.find((item) => item.studentName === name)!.id;
    for (const name of ["Ana Ortiz", "Chloe Park"]) expect((await teacher.client.post(`/api/submissions/${idOf(name)}/accept`)).status).toBe(200);
    // Ben's teacher wrote at length: his sheet runs onto further pages, which must say whose they are.
    const ben = (await teacher.client.get(`/api/submissions/${idOf("Ben Cole")}`)).data;
    const long = Array.from({ length: 60 }, (_, i) => `Point ${i + 1}: look again at paragraph ${(i % 5) + 1} and add one detail that shows your reason.`).join("\n\n");
    expect((await teacher.client.put(`/api/submissions/${idOf("Ben Cole")}/grade`, { criteriaScores: ben.criteriaScores, feedback: long })).status).toBe(200);
    const ana = (await teacher.client.get(`/api/submissions/${idOf("Ana Ortiz")}`)).data;

    await page.goto(`${app.url}/assignments/${assignment.id}/feedback`);
    await page.getByRole("heading", { name: "Printable feedback" }).waitFor();
    const anaSheet = page.getByRole("article", { name: "Ana Ortiz" });
    const anaText = await anaSheet.innerText();
    // The grader's comment per criterion is in the feedback, not said again under the scores.
    for (const score of ana.engineGrade.criterionScores as { rationale: string }[]) {
      const comment = score.rationale.replace(/^[^:]*\(\d+(?:\.\d+)?\/\d+\): /, "").slice(0, 60);
      expect(anaText.split(comment).length - 1, comment).toBe(1);
    }
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
    app.assertNoConsoleErrors(page);

    const pdf = await page.pdf({ format: "A4" });
    const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    const whose = pages.map((text) => names.filter((name) => text.includes(name)));
    expect(whose.filter((found) => found.includes("Ben Cole")).length).toBeGreaterThanOrEqual(2);
    for (const [index, text] of pages.entries()) {
      expect(whose[index], `page ${index + 1}`).toHaveLength(1);
      expect(text, `page ${index + 1}`).toContain(title);
    }
    // One page each for the short sheets: a sheet starts on a new page and is not padded onto a second.
    expect(whose.filter((found) => found.includes("Ana Ortiz"))).toHaveLength(1);
    expect(whose.filter((found) => found.includes("Chloe Park"))).toHaveLength(1);
  });
});
