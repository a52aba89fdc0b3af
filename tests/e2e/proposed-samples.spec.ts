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

const shots = "test-results/proposed-samples";
const names = ["Ada Park", "Ben Okafor", "Cleo Novak", "Dev Shah", "Eli Brooks", "Fay Lund", "Gus Moreno", "Hana Ito", "Ivo Petrov", "Jia Wen", "Kofi Mensah", "Lena Vogel"];
type Summary = { id: string; studentName: string; status: string };

/** A teacher whose class of twelve is graded, three of them reviewed (the grader's grade accepted). */
async function classWithThreeReviews(viewport: { width: number; height: number }) {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "prop");
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 2", settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
  const files = names.map((name, seed) => textFile(`${name}.txt`, studentEssay(seed + 40, name)));
  const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
  expect(upload.status, upload.text).toBe(200);
  await waitForGrading(teacher.client, assignment.id);
  const list: Summary[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
  for (const item of list.filter((row) => row.status === "needs_review").slice(0, 3)) {
    const accepted = await teacher.client.post(`/api/submissions/${item.id}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
  }
  const proposed = (await teacher.client.get(`/api/assignments/${assignment.id}/proposed-samples`)).data as { proposals: { submissionId: string; studentName: string; reason: string }[] };
  // Up to the 7 the calibration still wants (10 less the 3 reviews); texts too short or too unlike the class to teach
  // it are left out, so the chooser may propose fewer.
  expect(proposed.proposals.length).toBeGreaterThan(0);
  expect(proposed.proposals.length).toBeLessThanOrEqual(7);
  return { page, assignmentId: assignment.id, proposals: proposed.proposals };
}

async function hasNoSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe("assignment page: grade these first, and agreement so far", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 740 },
  ]) {
    it(`lists the essays to grade first with why, each opening its review, and the agreement so far (${viewport.width} px)`, async () => {
      const { page, assignmentId, proposals } = await classWithThreeReviews(viewport);
      await page.goto(`${app.url}/assignments/${assignmentId}`);
      const section = page.getByRole("region", { name: "Grade these first" });
      await section.waitFor();
      await section.getByText("It has 3 graded essays of the 10 it wants; these teach it the most.", { exact: false }).waitFor();
      const items = section.getByRole("list", { name: "Essays to grade first" }).getByRole("listitem");
      expect(await items.count()).toBe(proposals.length);
      for (const [index, proposal] of proposals.entries()) {
        const link = items.nth(index).getByRole("link", { name: proposal.studentName, exact: true });
        expect(await link.getAttribute("href")).toBe(`/assignments/${assignmentId}/review?submission=${proposal.submissionId}`);
        await items.nth(index).getByText(proposal.reason, { exact: true }).waitFor();
      }
      // The three reviews accepted the grader's grade: all three within tolerance.
      await page.getByText("Agreement so far: 3 of 3 within 2 points of your grade.", { exact: true }).waitFor();
      expect(await hasNoSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: `${shots}/assignment-${viewport.width}.png`, fullPage: true });
      await section.screenshot({ path: `${shots}/grade-first-${viewport.width}.png` });
      await page.getByRole("region", { name: "Grading", exact: true }).screenshot({ path: `${shots}/grading-${viewport.width}.png` });

      await items.first().getByRole("link").click();
      await page.getByRole("heading", { level: 1, name: "Review grades" }).waitFor();
      await page.getByRole("heading", { level: 2, name: proposals[0]!.studentName, exact: true }).waitFor();
      expect(app.consoleErrors(page)).toEqual([]);
    });
  }

  it("orders the review queue by what teaches the grader most when asked, lowest confidence first by default", async () => {
    const { page, assignmentId } = await classWithThreeReviews({ width: 1280, height: 900 });
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await page.getByRole("heading", { level: 1, name: "Review grades" }).waitFor();
    const order = page.getByRole("combobox", { name: "Order" });
    expect((await order.innerText()).trim()).toBe("Lowest confidence first");
    const queue = page.getByRole("list", { name: "Review queue" });
    await queue.getByRole("listitem").first().waitFor();

    await order.click();
    await page.getByRole("option", { name: "Teaches the grader most first" }).click();
    expect((await order.innerText()).trim()).toBe("Teaches the grader most first");
    // The queue follows the server's learning order.
    const expected = await page.evaluate(async (id) => {
      const answer = await fetch(`/api/assignments/${id}/submissions?order=learning`);
      return ((await answer.json()) as { studentName: string; status: string }[]).filter((item) => item.status === "needs_review").map((item) => item.studentName);
    }, assignmentId);
    const byReview = await page.evaluate(async (id) => {
      const answer = await fetch(`/api/assignments/${id}/submissions?order=review&status=needs_review`);
      return ((await answer.json()) as { studentName: string }[]).map((item) => item.studentName);
    }, assignmentId);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected).not.toEqual(byReview);
    const shown = async () => (await queue.getByRole("listitem").allInnerTexts()).map((row) => names.find((name) => row.startsWith(name)));
    const deadline = Date.now() + 10_000;
    while (JSON.stringify(await shown()) !== JSON.stringify(expected) && Date.now() < deadline) await page.waitForTimeout(200);
    expect(await shown()).toEqual(expected);
    await page.screenshot({ path: `${shots}/review-learning-order-1280.png`, fullPage: true });
    expect(app.consoleErrors(page)).toEqual([]);
  });
});
