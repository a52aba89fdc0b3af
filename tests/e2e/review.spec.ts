import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { renderedTextOf, toastWith } from "../support/page-text";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/review";
type Teacher = Awaited<ReturnType<typeof signInAsNewTeacher>>;
type Summary = { id: string; studentName: string; confidence: number; overallScore: number; topSimilarity: number | null };

/** A signed-in teacher with an active two-criterion assignment (Thesis, Evidence; 10 points each) and graded work. */
async function gradedClass(viewport: { width: number; height: number }, names: string[], settings: Record<string, unknown> = {}): Promise<{ page: Page; teacher: Teacher; assignmentId: string; queue: Summary[] }> {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "rvw");
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 4", settings: { holisticVsPoints: "points", ...settings } });
  const files = names.map((name, seed) => textFile(`${name}.txt`, studentEssay(seed + 20, name)));
  const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
  expect(upload.status, upload.text).toBe(200);
  expect(upload.data.created).toHaveLength(names.length);
  await waitForGrading(teacher.client, assignment.id);
  if (settings.plagiarismCheck) await waitForOverlap(teacher, assignment.id);
  const queue = await teacher.client.get(`/api/assignments/${assignment.id}/submissions?order=review&status=needs_review`);
  expect(queue.data).toHaveLength(names.length);
  return { page, teacher, assignmentId: assignment.id, queue: queue.data };
}

/** The similarity check runs as its own job after grading; waits until it has flagged some overlap. */
async function waitForOverlap(teacher: Teacher, assignmentId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await teacher.client.get(`/api/assignments/${assignmentId}/submissions`);
    if (list.data.some((item: Summary) => item.topSimilarity !== null)) return;
    if (Date.now() > deadline) throw new Error("The similarity check found no overlap in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const studentHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name, exact: true });

/** Console errors other than the failed-request lines of answers the test provokes on purpose. */
function assertOnlyExpectedErrors(page: Page, statuses: number[]) {
  const other = app.consoleErrors(page).filter((line) => !(line.startsWith("Failed to load resource") && statuses.some((status) => line.includes(`status of ${status}`))));
  expect(other).toEqual([]);
}

describe("review page", () => {
  it("goes through the queue by keyboard: accept, edit and save, with the edit in the history", async () => {
    // The essays share some stock sentences, which the similarity check (on, with a low threshold) reports as overlap.
    const { page, teacher, assignmentId, queue } = await gradedClass(desktop, ["Ada Park", "Ben Okafor", "Cleo Novak", "Dev Shah", "Eli Brooks"], { plagiarismCheck: true, plagiarismThreshold: 10 });
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await page.getByRole("heading", { level: 1, name: "Review grades" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to the assignment" }).first().getAttribute("href")).toBe(`/assignments/${assignmentId}`);
    await page.getByText("Shortcuts", { exact: true }).waitFor();

    const queueList = page.getByRole("list", { name: "Review queue" });
    await queueList.getByRole("listitem").first().waitFor();
    const rows = (await queueList.getByRole("listitem").allInnerTexts()).map((row) => row.replace(/\s+/g, " "));
    expect(rows).toHaveLength(5);
    const shown = rows.map((row) => Number(/(\d+)% confident/.exec(row)?.[1]));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    const lowest = [...queue].sort((a, b) => a.confidence - b.confidence)[0]!;
    expect(rows[0]).toContain(lowest.studentName);
    expect(shown[0]).toBe(Math.round(lowest.confidence));

    // The lowest-confidence submission opens first, its text marked with the grader's evidence.
    await studentHeading(page, lowest.studentName).waitFor();
    const first = (await teacher.client.get(`/api/submissions/${lowest.id}`)).data;
    const quoted = first.engineGrade.criterionScores.flatMap((score: { quotes: string[] }) => score.quotes);
    expect(quoted.length).toBeGreaterThan(0);
    expect(await page.getByTitle(/^Evidence for /).count()).toBeGreaterThan(0);
    await page.getByRole("article").getByText(first.reviewReason, { exact: true }).waitFor();
    const thesis = page.getByRole("button", { name: /Thesis/, pressed: false });
    await thesis.click();
    await page.getByRole("button", { name: /Thesis/, pressed: true }).waitFor();
    await page.getByRole("region", { name: "Grader agreement with your reviews" }).waitFor();
    await page.screenshot({ path: `${shots}/review-1280.png`, fullPage: true });

    // The shortcuts help opens with ? and closes with Escape.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Accept the grade", { exact: true }).waitFor();
    await help.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await page.screenshot({ path: `${shots}/shortcuts-1280.png` });
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });

    // A accepts; the submission leaves the queue and the next lowest opens, and the queue's count follows, no reload.
    const queueCount = page.locator("#queue-heading span");
    expect(await queueCount.innerText()).toBe("5");
    await page.keyboard.press("a");
    await toastWith(page, `Accepted ${lowest.studentName}'s grade.`).waitFor();
    await queueList.getByRole("link", { name: new RegExp(lowest.studentName) }).waitFor({ state: "detached" });
    expect(await queueList.getByRole("listitem").count()).toBe(4);
    expect(await queueCount.innerText()).toBe("4");
    const second = queue.find((item) => rows[1]!.includes(item.studentName))!;
    await studentHeading(page, second.studentName).waitFor();
    expect((await teacher.client.get(`/api/submissions/${lowest.id}`)).data).toMatchObject({ status: "accepted", gradeSource: "reviewed" });

    // E opens the form with the first score focused; a score out of range is refused in the form, nothing is sent.
    await page.keyboard.press("e");
    const thesisScore = page.getByLabel("Thesis", { exact: true });
    await thesisScore.waitFor();
    expect(await thesisScore.evaluate((element) => element === document.activeElement)).toBe(true);
    await thesisScore.fill("12");
    const gradeRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(`/api/submissions/${second.id}/grade`)) gradeRequests.push(request.method());
    });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").getByText("The grade was not saved. Fix the fields marked below.", { exact: true }).waitFor();
    await page.getByText("Score Thesis from 0 to 10", { exact: true }).waitFor();
    expect(await thesisScore.getAttribute("aria-invalid")).toBe("true");
    expect(gradeRequests).toEqual([]);

    const before = second.overallScore;
    const [thesisPoints, evidencePoints] = before === 7 ? [2, 6] : [3, 4];
    const feedback = "Clear claim. Cite the parent survey you mention and explain why it matters.";
    await thesisScore.fill(String(thesisPoints));
    await page.getByLabel("Evidence", { exact: true }).fill(String(evidencePoints));
    await page.getByLabel("Feedback", { exact: true }).fill(feedback);
    await page.screenshot({ path: `${shots}/edit-1280.png`, fullPage: true });
    await page.keyboard.press("Control+Enter");
    await toastWith(page, `Saved ${second.studentName}'s grade.`).waitFor();
    await queueList.getByRole("link", { name: new RegExp(second.studentName) }).waitFor({ state: "detached" });
    await studentHeading(page, queue.find((item) => rows[2]!.includes(item.studentName))!.studentName).waitFor();

    const stored = await teacher.client.get(`/api/submissions/${second.id}`);
    expect(stored.status).toBe(200);
    expect(stored.data).toMatchObject({ status: "accepted", gradeSource: "reviewed", feedback, overallScore: thesisPoints + evidencePoints, criteriaScores: { "criterion-1": thesisPoints, "criterion-2": evidencePoints } });
    const edited = stored.data.history.find((event: { kind: string }) => event.kind === "edited");
    expect(edited).toMatchObject({ isAutomatic: false, after: { overallScore: thesisPoints + evidencePoints, feedback } });
    expect(edited.before.overallScore).toBe(before);
    expect(edited.before.overallScore).not.toBe(edited.after.overallScore);
    expect(edited.before.feedback).not.toBe(edited.after.feedback);

    // The agreement figures count both reviews.
    await page.getByRole("region", { name: "Grader agreement with your reviews" }).getByText(/^2( of \d+ needed)?$/).waitFor();

    // Every graded submission, reviewed ones included; the edited one shows its edit in the history.
    await page.getByRole("switch", { name: "Show all graded" }).click();
    const allList = page.getByRole("list", { name: "Graded submissions" });
    await allList.getByRole("link", { name: new RegExp(second.studentName) }).click();
    await studentHeading(page, second.studentName).waitFor();
    await page.getByRole("button", { name: "Add to samples" }).waitFor();
    // A reviewed grade teaches the grader by default; the teacher can take it out, and put it back.
    const teaches = page.getByRole("switch", { name: "Teaches the grader" });
    expect(await teaches.getAttribute("aria-checked")).toBe("true");
    await teaches.click();
    await expect.poll(async () => (await teacher.client.get(`/api/submissions/${second.id}`)).data.teachesGrader).toBe(false);
    // The switch follows the saved answer, which reaches the page a moment after the server has stored it.
    await expect.poll(() => teaches.getAttribute("aria-checked")).toBe("false");
    await teaches.click();
    await expect.poll(async () => (await teacher.client.get(`/api/submissions/${second.id}`)).data.teachesGrader).toBe(true);
    await page.getByRole("button", { name: /^History/ }).click();
    const editEvent = page.getByRole("list", { name: "History" }).getByRole("listitem").filter({ hasText: "Edited" });
    const editText = await renderedTextOf(editEvent);
    expect(editText).toContain(`Score ${before} → ${thesisPoints + evidencePoints}`);
    expect(editText).toContain("Feedback changed");
    expect(editText).toContain(`by ${edited.actorName}`);
    await page.getByRole("list", { name: "History" }).getByRole("listitem").filter({ hasText: "Graded" }).getByText("automatic", { exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/history-1280.png`, fullPage: true });

    // R on an edited grade asks first; Cancel keeps the edit, Regrade replaces it, and Undo brings it back.
    await page.keyboard.press("r");
    const confirmRegrade = page.getByRole("alertdialog", { name: `Regrade ${second.studentName}'s work?` });
    await confirmRegrade.getByText(/Your version stays in the history, and Undo restores it\./).waitFor();
    await page.screenshot({ path: `${shots}/regrade-confirm-1280.png` });
    await confirmRegrade.getByRole("button", { name: "Cancel" }).click();
    await confirmRegrade.waitFor({ state: "detached" });
    expect((await teacher.client.get(`/api/submissions/${second.id}`)).data).toMatchObject({ status: "accepted", gradeSource: "reviewed", feedback });
    await page.keyboard.press("r");
    await confirmRegrade.getByRole("button", { name: "Regrade" }).click();
    const undoToast = toastWith(page, `Grading ${second.studentName}'s work again. Your reviewed grade is kept in the history.`);
    await undoToast.getByRole("button", { name: "Undo" }).click();
    await toastWith(page, `Restored your grade for ${second.studentName}.`).waitFor();
    const restored = (await teacher.client.get(`/api/submissions/${second.id}`)).data;
    expect(restored).toMatchObject({ status: "accepted", gradeSource: "reviewed", feedback, overallScore: thesisPoints + evidencePoints });
    expect(restored.history.map((event: { kind: string }) => event.kind)).toContain("regrade_requested");
    expect(restored.history.at(-1).kind).toBe("review_restored");

    // Overlap is shown as evidence to look at, passage beside passage, with the share found.
    const overlapping = queue.find((item) => item.topSimilarity !== null)!;
    expect(overlapping).toBeDefined();
    await allList.getByRole("link", { name: new RegExp(overlapping.studentName) }).click();
    const overlap = page.getByRole("region", { name: "Overlap with other work" });
    const overlapText = await renderedTextOf(overlap);
    expect(overlapText).toContain("not an accusation");
    expect(overlapText).toMatch(/\d+% similar to /);
    await overlap.getByText(`${overlapping.studentName} (this submission)`, { exact: true }).first().waitFor();
    await page.screenshot({ path: `${shots}/overlap-1280.png`, fullPage: true });
    await page.setViewportSize(phone);
    await overlap.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: `${shots}/overlap-360.png`, fullPage: true });
    assertOnlyExpectedErrors(page, [400]);
  });

  it("works at phone width: queue above the work, regrade returns the item, and an empty queue says so", async () => {
    // A long name is truncated in the queue, whose marks stay in view, and never widens the page.
    const { page, assignmentId, queue } = await gradedClass(phone, ["Fay Lin", "Alexandria Montgomery-Featherstone"]);
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    const queueList = page.getByRole("list", { name: "Review queue" });
    await queueList.getByRole("listitem").nth(1).waitFor();
    const [firstName, secondName] = (await queueList.getByRole("listitem").allInnerTexts()).map((row) => queue.find((item) => row.includes(item.studentName))!.studentName);
    await studentHeading(page, firstName!).waitFor();
    const queueBox = (await queueList.boundingBox())!;
    const workBox = (await page.getByRole("heading", { name: "Student's work" }).boundingBox())!;
    expect(queueBox.y + queueBox.height).toBeLessThanOrEqual(workBox.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: `${shots}/review-360.png`, fullPage: true });
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      const longRow = queueList.getByRole("listitem").filter({ hasText: "Alexandria" });
      const rowBox = (await longRow.boundingBox())!;
      const confidenceBox = (await longRow.getByText(/% confident$/).boundingBox())!;
      expect(confidenceBox.x + confidenceBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }

    // Regrade sends the work back to the grader; it leaves the queue and returns once graded. The buttons sit at the
    // bottom of the screen, where the toast would go: it goes to the top instead and covers neither Accept nor Save.
    const accept = page.getByRole("button", { name: "Accept" });
    await page.getByRole("button", { name: "Regrade" }).click();
    const regradeToast = toastWith(page, `Grading ${firstName}'s work again`);
    await regradeToast.waitFor();
    await studentHeading(page, secondName!).waitFor();
    // A shorter screen puts Accept where the toast is: the toast moves to the top of the screen.
    await page.setViewportSize({ width: phone.width, height: Math.round((await accept.boundingBox())!.y + 60) });
    await expect.poll(async () => overlaps((await regradeToast.boundingBox())!, (await accept.boundingBox())!)).toBe(false);
    expect((await regradeToast.boundingBox())!.y).toBeLessThan(100);
    await page.screenshot({ path: `${shots}/toast-clear-of-accept-360.png` });
    await page.setViewportSize(phone);
    await queueList.getByRole("link", { name: new RegExp(firstName!) }).waitFor();

    for (const name of [secondName!, firstName!]) {
      await studentHeading(page, name).waitFor();
      await page.getByRole("button", { name: "Accept" }).click();
      await toastWith(page, `Accepted ${name}'s grade.`).waitFor();
    }
    await page.getByText("Nothing waits for review.", { exact: true }).waitFor();
    const back = page.getByRole("main").getByRole("link", { name: "Back to the assignment" });
    expect(await back.count()).toBe(2);
    expect(await back.last().getAttribute("href")).toBe(`/assignments/${assignmentId}`);
    await page.screenshot({ path: `${shots}/empty-360.png`, fullPage: true });
    app.assertNoConsoleErrors(page);
  });

  it("marks an answer to another assignment in the list, the queue and the review page, at phone and desktop widths", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "chk");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 6" });
    const desertRide =
      "The cyclist set out across the desert on a hot morning with two bottles of water. The road was long and the old map showed a town that had closed years ago. Snakes crossed the cracked pavement, the hills were steep and the sun was beginning to beat down on his back. By noon his water was gone and his legs were shaking as he pushed on toward a distant building.";
    const files = [...["Ada Moss", "Ben Cruz", "Cy Hart", "Dee Park", "Eli Rowe", "Flo Tan"].map((name, seed) => textFile(`${name}.txt`, studentEssay(seed + 30, name))), textFile("Gil Ames.txt", desertRide)];
    expect((await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) })).status).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const concern = "It shares few words with the rest of the class: it may answer another assignment.";

    await page.goto(`${app.url}/assignments/${assignment.id}`);
    const row = page.getByRole("listitem", { name: "Gil Ames" });
    await row.getByText("Check the text", { exact: true }).waitFor();
    expect(await row.getByText("Check the text", { exact: true }).getAttribute("title")).toBe(concern);
    expect(await page.getByText("Check the text", { exact: true }).count()).toBe(1);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/text-check-list-1280.png` });

    const list = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data as Summary[];
    const gil = list.find((item) => item.studentName === "Gil Ames")!;
    // Even odds at best: the grade of an answer to another prompt is a guess.
    expect(gil.confidence).toBeLessThanOrEqual(50);
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.url}/assignments/${assignment.id}/review?submission=${gil.id}`);
      const queueList = page.getByRole("list", { name: "Review queue" });
      const queued = queueList.getByRole("listitem").filter({ hasText: "Gil Ames" });
      expect(await renderedTextOf(queued)).toMatch(/^Gil Ames Check the text \d+% confident$/);
      expect(await queueList.getByText("Check the text").count()).toBe(1);
      await studentHeading(page, "Gil Ames").waitFor();
      const notice = page.getByRole("region", { name: "Check the text" });
      expect(await renderedTextOf(notice)).toBe(`Check the text ${concern}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/text-check-review-${viewport.width}.png`, fullPage: viewport === phone });
    }
    app.assertNoConsoleErrors(page);
  });
  it("says a review the changed rubric cannot hold does not teach the grader, until it is edited onto the rubric", async () => {
    const { page, teacher, assignmentId, queue } = await gradedClass(desktop, ["Ivy Lane", "Jon Reyes"]);
    const reviewed = queue[0]!;
    const assignment = (await teacher.client.get(`/api/assignments/${assignmentId}`)).data;
    const [thesis, evidence] = assignment.rubric.criteria as { id: string; maxPoints: number }[];
    const edit = await teacher.client.put(`/api/submissions/${reviewed.id}/grade`, { criteriaScores: { [thesis!.id]: 9, [evidence!.id]: 8 }, feedback: "A clear thesis." });
    expect(edit.status, edit.text).toBe(200);
    // The teacher halves Thesis afterwards: the reviewed 9 no longer fits, so the grader leaves the review out.
    const criteria = assignment.rubric.criteria.map((item: { id: string }) => (item.id === thesis!.id ? { ...item, maxPoints: 5 } : item));
    const changed = await teacher.client.put(`/api/assignments/${assignmentId}`, { ...assignment, rubric: { ...assignment.rubric, criteria, totalPoints: 15 } });
    expect(changed.status, changed.text).toBe(200);

    await page.goto(`${app.url}/assignments/${assignmentId}/review?submission=${reviewed.id}`);
    await studentHeading(page, reviewed.studentName).waitFor();
    const teaches = page.getByRole("switch", { name: "Teaches the grader" });
    await teaches.waitFor();
    expect(await teaches.getAttribute("aria-checked")).toBe("false");
    expect(await teaches.isDisabled()).toBe(true);
    // The grader's words beside the teacher's own scores say whose reading they are.
    expect(await page.getByText("The grader's reading, before your edit:").count()).toBe(2);
    await page.getByText("Scored 17, above this rubric's total of 15 points. It was scored on an earlier rubric, so it does not calibrate the grades that follow until you edit it.").waitFor();
    await page.screenshot({ path: `${shots}/rubric-changed-1280.png` });

    // Edited onto the new rubric, it teaches again.
    expect((await teacher.client.put(`/api/submissions/${reviewed.id}/grade`, { criteriaScores: { [thesis!.id]: 4, [evidence!.id]: 8 }, feedback: "A clear thesis." })).status).toBe(200);
    await page.reload();
    await teaches.waitFor();
    expect(await teaches.getAttribute("aria-checked")).toBe("true");
    expect(await teaches.isDisabled()).toBe(false);
    app.assertNoConsoleErrors(page);
  });
  it("keeps an unsaved edit across students and a reload, asks before discarding it, and never overwrites a grade changed in another tab", async () => {
    const { page, teacher, assignmentId, queue } = await gradedClass(desktop, ["Ann Lee", "Bo Chan"]);
    const [first, second] = queue as [Summary, Summary];
    await page.goto(`${app.url}/assignments/${assignmentId}/review?submission=${first.id}`);
    await studentHeading(page, first.studentName).waitFor();
    await page.keyboard.press("e");
    const thesisScore = page.getByLabel("Thesis", { exact: true });
    const feedbackBox = page.getByLabel("Feedback", { exact: true });
    await thesisScore.fill("4");
    await feedbackBox.fill("Kept edit: name the survey you cite.");

    // Moving on keeps the edit, and says so; coming back opens it again.
    await page.locator("h1").click();
    await page.keyboard.press("j");
    await toastWith(page, `Your changes to ${first.studentName}'s grade are kept, not saved: they come back when you return to ${first.studentName}.`).waitFor();
    await studentHeading(page, second.studentName).waitFor();
    await page.keyboard.press("k");
    await studentHeading(page, first.studentName).waitFor();
    await page.getByText("Your unsaved changes to this grade are back. Save them, or Cancel to discard them.").waitFor();
    expect(await thesisScore.inputValue()).toBe("4");
    await page.reload();
    await studentHeading(page, first.studentName).waitFor();
    expect(await feedbackBox.inputValue()).toBe("Kept edit: name the survey you cite.");

    // Escape asks before anything is thrown away; Keep editing keeps it.
    await feedbackBox.press("Escape");
    const discard = page.getByRole("alertdialog", { name: `Discard your changes to ${first.studentName}'s grade?` });
    await discard.waitFor();
    await page.screenshot({ path: `${shots}/discard-1280.png` });
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await discard.waitFor({ state: "detached" });
    expect(await thesisScore.inputValue()).toBe("4");

    // Meanwhile the grade is saved from another tab: this save is refused, says why, and loses neither version.
    const opened = (await teacher.client.get(`/api/submissions/${first.id}`)).data;
    const [thesisId, evidenceId] = Object.keys(opened.engineGrade.criterionScores.reduce((all: Record<string, 1>, c: { criterionId: string }) => ({ ...all, [c.criterionId]: 1 }), {}));
    const other = await teacher.client.put(`/api/submissions/${first.id}/grade`, { criteriaScores: { [thesisId!]: 9, [evidenceId!]: 9 }, feedback: "OTHER TAB", basedOn: opened.history.at(-1).id });
    expect(other.status, other.text).toBe(200);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The grade now: 18 points").waitFor();
    const conflict = page.getByRole("alert").filter({ hasText: "This grade changed after you opened it" });
    expect(await renderedTextOf(conflict)).toMatch(/^This grade changed after you opened it: .+ saved other scores or feedback\. Your changes are not saved yet: Save again to replace that version with yours, or Cancel to keep it\. The grade now: 18 points, with the feedback “OTHER TAB”\.$/);
    await page.screenshot({ path: `${shots}/conflict-1280.png`, fullPage: true });
    expect((await teacher.client.get(`/api/submissions/${first.id}`)).data.feedback).toBe("OTHER TAB");
    expect(await feedbackBox.inputValue()).toBe("Kept edit: name the survey you cite.");
    // Told, the teacher saves again.
    // The page has read the grade as it now is: its history counts the other tab's edit.
    await page.getByRole("button", { name: `History (${other.data.history.length})` }).waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, `Saved ${first.studentName}'s grade.`).waitFor();
    expect((await teacher.client.get(`/api/submissions/${first.id}`)).data).toMatchObject({ feedback: "Kept edit: name the survey you cite.", criteriaScores: { [thesisId!]: 4 } });

    // Discarding is the teacher's choice: the edit is gone, after a reload too.
    await page.goto(`${app.url}/assignments/${assignmentId}/review?submission=${second.id}`);
    await studentHeading(page, second.studentName).waitFor();
    await page.getByRole("button", { name: "Edit" }).click();
    await feedbackBox.fill("Not wanted.");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: `Discard your changes to ${second.studentName}'s grade?` }).getByRole("button", { name: "Discard changes" }).click();
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await page.reload();
    await studentHeading(page, second.studentName).waitFor();
    await page.getByRole("button", { name: "Edit" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Feedback" }).count()).toBe(0);

    // Scores without comments are allowed, but the first Save says what the student will see.
    await page.getByRole("button", { name: "Edit" }).click();
    await feedbackBox.fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The feedback is empty: the student will see scores without comments. Save again to save it this way.").waitFor();
    expect((await teacher.client.get(`/api/submissions/${second.id}`)).data.gradeSource).toBe("automatic");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, `Saved ${second.studentName}'s grade.`).waitFor();
    expect((await teacher.client.get(`/api/submissions/${second.id}`)).data).toMatchObject({ gradeSource: "reviewed", feedback: "" });
    // The refused save is the one failed request the browser reports.
    expect(app.consoleErrors(page)).toEqual(["Failed to load resource: the server responded with a status of 409 (Conflict)"]);
  });
});
