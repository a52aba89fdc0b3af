import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, studentEssay } from "../support/submissions";

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/submissions";
const students = ["Maya Chen", "Jordan Lee", "Priya Patel", "Samuel Okafor", "Lena Novak"];

let app: E2eApp;
let essaysDir: string;

beforeAll(async () => {
  app = await startE2eApp();
  essaysDir = mkdtempSync(path.join(os.tmpdir(), "markwise-essays-"));
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await app?.stop();
  if (essaysDir) rmSync(essaysDir, { recursive: true, force: true });
});

async function signedInPage(viewport = desktop) {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "sub");
  const saved = await teacher.client.put("/api/teacher-profile", { name: "Ms. Rivera", school: "Lincoln High", course: "English 10", tone: "direct", strictness: 70, feedbackLength: "detailed" });
  expect(saved.status).toBe(200);
  return { page, teacher };
}

/** One essay file per student, named after the student as teachers' downloads usually are. */
function writeEssays(): string[] {
  return students.map((name, index) => {
    const file = path.join(essaysDir, `${name}.txt`);
    writeFileSync(file, studentEssay(index + 1, name));
    return file;
  });
}

/** RFC 4180 rows: quoted cells may hold commas, quotes and line breaks (the feedback column does). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let isQuoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("student submissions", () => {
  it("uploads a class set, shows grading progress live, and exports the gradebook as CSV", { timeout: 120_000 }, async () => {
    const { page, teacher } = await signedInPage();
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const files = writeEssays();

    await page.goto(`${app.url}/assignments/${assignment.id}`);
    const panel = page.getByRole("region", { name: "Student submissions" });
    await panel.getByText("No submissions yet.", { exact: false }).waitFor();
    // A page that reloaded would lose this mark: the progress must arrive without one.
    await page.evaluate(() => Object.assign(window, { keptWithoutReload: true }));

    await panel.getByLabel("Choose files").setInputFiles(files);
    const picked = panel.getByRole("list", { name: "Files to upload" }).getByRole("listitem");
    expect(await picked.count()).toBe(5);
    const nameField = panel.getByLabel("Student for Maya Chen.txt");
    expect(await nameField.inputValue()).toBe("");
    expect(await nameField.getAttribute("placeholder")).toBe("From file name");
    expect(await panel.getByLabel("Submitted time for Maya Chen.txt (for work collected on paper)").inputValue()).toBe("");
    await page.screenshot({ path: `${shots}/picked-1280.png`, fullPage: true });

    await panel.getByRole("button", { name: "Upload 5 files" }).click();
    const results = panel.getByRole("region", { name: "Upload results" });
    await results.getByText("5 submissions added and queued for grading.", { exact: true }).waitFor();

    await panel.getByText("5 of 5 done", { exact: true }).waitFor({ timeout: 60_000 });
    const bar = panel.getByRole("progressbar", { name: "Grading progress" });
    expect(await bar.getAttribute("aria-valuenow")).toBe("5");
    expect(await bar.getAttribute("aria-valuemax")).toBe("5");
    const counts = (await panel.getByRole("region", { name: "Grading" }).innerText()).replace(/\s+/g, " ");
    expect(counts).toMatch(/Queued 0 Grading 0 Graded 5 Needs review \d Accepted \d/);
    expect(await page.evaluate(() => "keptWithoutReload" in window)).toBe(true);

    const rows = panel.getByRole("list", { name: "Submissions" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(5);
    for (const name of students) {
      const row = panel.getByRole("listitem", { name, exact: true });
      expect(await row.getByText(/^(Needs review|Auto-accepted)$/).count()).toBe(1);
      expect(await row.getByText(/^\d+(\.\d+)? \/ 20$/).count()).toBe(1);
      expect(await row.getByRole("link", { name: `Review ${name}` }).getAttribute("href")).toMatch(new RegExp(`^/assignments/${assignment.id}/review\\?submission=.+`));
    }
    const reviewCount = await teacher.client.get(`/api/assignments/${assignment.id}/grading-progress`);
    expect(await panel.getByRole("link", { name: `Review queue (${reviewCount.data.needsReview})` }).getAttribute("href")).toBe(`/assignments/${assignment.id}/review`);

    // The result stays until dismissed.
    await results.waitFor();
    await page.screenshot({ path: `${shots}/detail-1280.png`, fullPage: true });
    await results.getByRole("button", { name: "Dismiss" }).click();
    await results.waitFor({ state: "detached" });

    await page.setViewportSize(phone);
    await panel.getByRole("link", { name: "Review Maya Chen" }).waitFor();
    await expectNoSideScroll(page);
    await page.screenshot({ path: `${shots}/detail-360.png`, fullPage: true });
    await page.setViewportSize(desktop);

    await panel.getByRole("link", { name: "Gradebook" }).click();
    await page.getByText("Gradebook", { exact: true }).waitFor();
    const table = page.getByRole("table");
    await table.waitFor();
    // Header, five students, and the class average.
    expect(await table.getByRole("row").count()).toBe(7);
    await table.getByRole("rowheader", { name: "Class average" }).waitFor();
    const studentHeader = table.getByRole("columnheader", { name: "Student" });
    expect(await studentHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(await table.locator("tbody").getByRole("rowheader").allInnerTexts()).toEqual([...students].sort());
    await studentHeader.getByRole("button").click();
    expect(await studentHeader.getAttribute("aria-sort")).toBe("descending");
    expect(await table.locator("tbody").getByRole("rowheader").allInnerTexts()).toEqual([...students].sort().reverse());
    const finalHeader = table.getByRole("columnheader", { name: "Final" });
    await finalHeader.getByRole("button").click();
    expect(await finalHeader.getAttribute("aria-sort")).toBe("descending");
    expect(await studentHeader.getAttribute("aria-sort")).toBe("none");

    const thesisBars = page.getByRole("img", { name: /^Thesis: \d+ students? scored \d+$/ });
    expect(await thesisBars.count()).toBe(11);
    const thesisTotal = (await thesisBars.evaluateAll((bars) => bars.map((bar) => bar.getAttribute("aria-label") ?? ""))).reduce((sum, label) => sum + Number(/: (\d+) student/.exec(label)?.[1] ?? 0), 0);
    expect(thesisTotal).toBe(5);
    await page.getByText(/^Mean [\d.]+ · Median [\d.]+ · 5 grades$/).first().waitFor();
    await page.screenshot({ path: `${shots}/gradebook-1280.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    // The server starts the file with a byte-order mark so spreadsheet programs read it as UTF-8.
    const csv = parseCsv(readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "")).filter((row) => row.some((cell) => cell !== ""));
    expect(csv[0]?.slice(0, 5)).toEqual(["Student", "Student ID", "Status", "Thesis (/10)", "Evidence (/10)"]);
    expect(csv).toHaveLength(6);
    expect(csv.slice(1).map((row) => row[0]).sort()).toEqual([...students].sort());

    await page.setViewportSize(phone);
    await expectNoSideScroll(page);
    await page.screenshot({ path: `${shots}/gradebook-360.png`, fullPage: true });
    await page.setViewportSize(desktop);

    await page.getByRole("link", { name: "Printable feedback" }).click();
    await page.getByRole("heading", { level: 1, name: "Printable feedback" }).waitFor();
    // Nobody has reviewed these grades: they are left out until the teacher asks for them marked as drafts.
    await page.getByText("5 grades not yet reviewed are left out. Review them first, or include them marked as drafts.", { exact: true }).waitFor();
    const sheets = page.getByRole("article");
    expect(await sheets.count()).toBe(0);
    await page.getByRole("switch", { name: "Include grades not yet reviewed, marked as drafts" }).click();
    await expect.poll(() => sheets.count()).toBe(5);
    for (const name of students) {
      const sheet = page.getByRole("article", { name });
      await sheet.getByText(/^Overall score$/).waitFor();
      await sheet.getByText("Draft, not reviewed", { exact: true }).waitFor();
    }
    // The passages the grader quotes are on each sheet: in its feedback, or else under "From your essay:" in quotation
    // marks (a passage the feedback quotes already is not printed twice).
    const flat = (text: string) => text.replace(/\s+/g, " ").trim();
    const listed: { id: string; studentName: string }[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
    let quoted = 0;
    for (const { id, studentName } of listed) {
      // Nobody reviewed these: the grader's grade is the one on the sheet.
      const detail = (await teacher.client.get(`/api/submissions/${id}`)).data as { engineGrade: { criterionScores: { quotes: string[] }[] } | null };
      const sheetText = flat(await page.getByRole("article", { name: studentName }).innerText());
      for (const quote of (detail.engineGrade?.criterionScores ?? []).flatMap((criterion) => criterion.quotes)) {
        expect(sheetText, studentName).toContain(flat(quote));
        quoted++;
      }
    }
    expect(quoted).toBeGreaterThan(0);
    for (const block of await page.locator("blockquote").allInnerTexts()) expect(block).toMatch(/^“.+”$/);
    await page.screenshot({ path: `${shots}/feedback-1280.png`, fullPage: true });
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    // Printed, each student's sheet is a page of its own.
    const pdf = await page.pdf({ format: "Letter", path: `${shots}/feedback.pdf` });
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)).toHaveLength(5);
    await page.emulateMedia({ media: "screen" });

    app.assertNoConsoleErrors(page);
  });

  it("adds pasted work, names missing students from the roster, and corrects a submission", { timeout: 90_000 }, async () => {
    const { page, teacher } = await signedInPage(phone);
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Roster check" });
    await page.goto(`${app.url}/assignments/${assignment.id}`);
    const panel = page.getByRole("region", { name: "Student submissions" });

    await panel.getByRole("button", { name: "Class roster" }).click();
    const rosterDialog = page.getByRole("dialog", { name: "Class roster" });
    await rosterDialog.getByLabel("Class list").fill("Maya Chen, 10231\nJordan Lee\nPriya Patel");
    await rosterDialog.getByRole("button", { name: "Save roster" }).click();
    await rosterDialog.waitFor({ state: "detached" });
    await panel.getByRole("heading", { name: "Missing work: 3 students" }).waitFor();

    await panel.getByRole("button", { name: "Paste text" }).click();
    const pasteDialog = page.getByRole("dialog", { name: "Paste student work" });
    await pasteDialog.getByLabel("Student name").fill("Jordan Lee");
    await pasteDialog.getByLabel("Student's work").fill(studentEssay(7, "Jordan Lee"));
    await page.screenshot({ path: `${shots}/paste-360.png` });
    await pasteDialog.getByRole("button", { name: "Add submission" }).click();
    await pasteDialog.waitFor({ state: "detached" });
    await panel.getByRole("listitem", { name: "Jordan Lee", exact: true }).waitFor();
    await panel.getByRole("heading", { name: "Missing work: 2 students" }).waitFor();
    expect((await panel.getByRole("list", { name: "Students with no submission" }).getByRole("listitem").allInnerTexts()).sort()).toEqual(["Maya Chen", "Priya Patel"]);

    await panel.getByRole("button", { name: "More actions for Jordan Lee" }).click();
    await page.getByRole("menuitem", { name: "Rename or change time" }).click();
    const editDialog = page.getByRole("dialog", { name: "Change submission details" });
    await editDialog.getByLabel("Student name").fill("Priya Patel");
    await editDialog.getByRole("button", { name: "Save" }).click();
    await editDialog.waitFor({ state: "detached" });
    await panel.getByRole("listitem", { name: "Priya Patel", exact: true }).waitFor();
    await panel.getByRole("heading", { name: "Missing work: 2 students" }).waitFor();
    expect((await panel.getByRole("list", { name: "Students with no submission" }).getByRole("listitem").allInnerTexts()).sort()).toEqual(["Jordan Lee", "Maya Chen"]);

    await panel.getByRole("button", { name: "More actions for Priya Patel" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Priya Patel's submission?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    await panel.getByRole("heading", { name: "Missing work: 3 students" }).waitFor();
    await panel.getByText("No submissions yet.", { exact: false }).waitFor();
    app.assertNoConsoleErrors(page);
  });

  it("asks to activate a draft before work can be added", async () => {
    const { page, teacher } = await signedInPage();
    const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
    expect(created.status).toBe(201);
    await page.goto(`${app.url}/assignments/${created.data.id}`);
    const panel = page.getByRole("region", { name: "Student submissions" });
    await panel.getByText("Activate this assignment to add submissions.", { exact: true }).waitFor();
    expect(await panel.getByRole("link", { name: "Edit and activate" }).getAttribute("href")).toBe(`/assignments/${created.data.id}/edit`);
    expect(await panel.getByLabel("Choose files").count()).toBe(0);
    app.assertNoConsoleErrors(page);
  });
});
