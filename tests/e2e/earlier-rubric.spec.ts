import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, rubricCriteria, studentEssay, waitForGrading } from "../support/submissions";

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const shots = "test-results/earlier-rubric";
const notice = "Given on the earlier rubric (Thesis 10, Evidence 10; out of 20): review it again to grade it on the current one.";

/** A teacher's reviewed 14/20, then the rubric's Evidence (10) replaced by Organisation (20): a total of 30. */
async function reviewedGradeThroughRubricChange(page: Page) {
  const teacher = await signInAsNewTeacher(app, page, "erub");
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 2", settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
  const created = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Noah Kim", text: studentEssay(3, "Noah") });
  const id = created.data.created[0].submissionId as string;
  await waitForGrading(teacher.client, assignment.id);
  expect((await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 8, "criterion-2": 6 }, feedback: "A clear thesis; more evidence next time." })).status).toBe(200);
  const opened = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data;
  const criteria = [rubricCriteria[0]!, { id: "criterion-3", name: "Organisation", maxPoints: 20, descriptors: ["Ideas in a clear order"] }];
  expect((await teacher.client.put(`/api/assignments/${assignment.id}`, { ...opened, rubric: { criteria } })).status).toBe(200);
  return { assignmentId: assignment.id, id };
}

describe("a reviewed grade given on an earlier rubric", () => {
  for (const [label, viewport] of [
    ["390", { width: 390, height: 844 }],
    ["1280", { width: 1280, height: 800 }],
  ] as const) {
    it(`is shown out of its own total and marked, in the list, the review page and the gradebook, at ${label} px`, async () => {
      const page = await app.newPage(viewport);
      page.setDefaultTimeout(15_000);
      const { assignmentId, id } = await reviewedGradeThroughRubricChange(page);

      await page.goto(`${app.url}/assignments/${assignmentId}`);
      const row = page.getByRole("listitem").filter({ hasText: "Noah Kim" });
      await row.getByText("14 / 20", { exact: true }).waitFor();
      await expect.poll(() => row.innerText()).not.toContain("/ 30");
      await row.getByText("Earlier rubric").waitFor();
      await row.getByText("Earlier rubric").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/list-${label}.png` });

      await page.goto(`${app.url}/assignments/${assignmentId}/review?submission=${id}`);
      await page.getByText(notice).waitFor();
      const criteria = page.getByRole("region", { name: "Criteria" });
      await expect.poll(() => criteria.innerText()).toContain("Evidence");
      expect(await criteria.innerText()).not.toContain("Organisation");
      await page.screenshot({ path: `${shots}/review-${label}.png`, fullPage: true });

      await page.goto(`${app.url}/assignments/${assignmentId}/gradebook`);
      const bookRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /Noah Kim/ }) });
      await bookRow.getByText("Earlier rubric").waitFor();
      expect(await bookRow.getByRole("cell").allInnerTexts()).toContain("14 / 20");
      await page.getByText("1 on the earlier rubric left out").waitFor();
      // The page never scrolls sideways: the table scrolls within its frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `${shots}/gradebook-${label}.png`, fullPage: true });
      app.assertNoConsoleErrors(page);
    });
  }
});
