import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { assignmentMessages } from "../../src/contracts/assignments";
import { createActiveAssignment } from "../support/submissions";
import { fixturesDir } from "../support/uploads";

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const shots = "test-results/assignments";

async function openEdit(page: Page, id: string) {
  await page.goto(`${app.url}/assignments/${id}/edit`);
  await page.getByRole("heading", { level: 1, name: "Edit Assignment" }).waitFor();
  await page.getByText("Step 1 of 5", { exact: true }).waitFor();
}

describe("an assignment edited in two tabs", () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    it(`tells the second tab its save would undo the first, keeps its fields, and loads the saved version on request (${viewport.width}px)`, async () => {
      const tabOne = await app.newPage(viewport);
      tabOne.setDefaultTimeout(15_000);
      const teacher = await signInAsNewTeacher(app, tabOne, "asgconf");
      expect((await teacher.client.put("/api/teacher-profile", { name: "Ms. Rivera", school: "Lincoln High", course: "English 10" })).status).toBe(200);
      const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms essay" });
      const tabTwo = await tabOne.context().newPage();
      tabTwo.setDefaultTimeout(15_000);
      const tabTwoErrors: string[] = [];
      tabTwo.on("console", (message) => {
        if (message.type() === "error") tabTwoErrors.push(message.text());
      });
      await openEdit(tabOne, assignment.id);
      await openEdit(tabTwo, assignment.id);

      await tabOne.getByLabel("Title", { exact: true }).fill("Uniforms essay (revised)");
      await tabOne.getByRole("button", { name: "Next" }).click();
      await tabOne.getByText("Step 2 of 5", { exact: true }).waitFor();

      await tabTwo.getByLabel("Prompt", { exact: true }).fill("Should our school keep its uniform? Argue one side.");
      await tabTwo.getByRole("button", { name: "Next" }).click();
      const alert = tabTwo.getByRole("alert").filter({ hasText: "This assignment was changed in another tab or window after you opened it" });
      await alert.waitFor();
      const text = (await alert.innerText()).replace(/\s+/g, " ");
      expect(text).toContain("This assignment was changed in another tab or window after you opened it: the title and prompt saved there differ from yours.");
      expect(text).toContain("Saved in the other tab or window: Title Uniforms essay (revised) Prompt Should students wear school uniforms?");
      expect(text).toContain("Your changes are still on this page. Press Next to save them over that version, or load the saved version instead");
      // Still on step 1 with what the teacher typed; nothing of theirs was saved over the first tab's title.
      await tabTwo.getByText("Step 1 of 5", { exact: true }).waitFor();
      expect(await tabTwo.getByLabel("Prompt", { exact: true }).inputValue()).toBe("Should our school keep its uniform? Argue one side.");
      expect((await teacher.client.get(`/api/assignments/${assignment.id}`)).data).toMatchObject({ title: "Uniforms essay (revised)", prompt: expect.stringMatching(/^Should students wear/) });
      await tabTwo.screenshot({ path: `${shots}/wizard-conflict-${viewport.width}.png`, fullPage: true });
      expect(await tabTwo.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      if (viewport.width < 600) {
        // Loading the saved version shows the other tab's title and drops this tab's prompt, as the notice said.
        await tabTwo.getByRole("button", { name: "Load the saved version" }).click();
        await alert.waitFor({ state: "detached" });
        expect(await tabTwo.getByLabel("Title", { exact: true }).inputValue()).toBe("Uniforms essay (revised)");
        expect(await tabTwo.getByLabel("Prompt", { exact: true }).inputValue()).toMatch(/^Should students wear/);
        await tabTwo.getByRole("button", { name: "Next" }).click();
        await tabTwo.getByText("Step 2 of 5", { exact: true }).waitFor();
      } else {
        // Told, the teacher saves theirs over it: the whole page as it shows, their prompt and the title it holds.
        await tabTwo.getByRole("button", { name: "Next" }).click();
        await tabTwo.getByText("Step 2 of 5", { exact: true }).waitFor();
        expect((await teacher.client.get(`/api/assignments/${assignment.id}`)).data).toMatchObject({ title: "Uniforms essay", prompt: "Should our school keep its uniform? Argue one side." });
      }
      expect(await alert.count()).toBe(0);
      app.assertNoConsoleErrors(tabOne);
      expect(tabTwoErrors.filter((line) => !line.includes("the server responded with a status of 409"))).toEqual([]);
    });
  }
});

describe("a rubric uploaded in a tab that is behind", () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    it(`replaces nothing saved since, says what was, and uploads once told (${viewport.width}px)`, async () => {
      const page = await app.newPage(viewport);
      page.setDefaultTimeout(15_000);
      const teacher = await signInAsNewTeacher(app, page, "asgrubc");
      expect((await teacher.client.put("/api/teacher-profile", { name: "Ms. Rivera", school: "Lincoln High", course: "English 10" })).status).toBe(200);
      const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms essay" });
      const url = `/api/assignments/${assignment.id}`;
      await openEdit(page, assignment.id);
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Step 2 of 5", { exact: true }).waitFor();

      // Another tab renames the assignment and edits a criterion.
      const opened = (await teacher.client.get(url)).data;
      const [first, ...rest] = opened.rubric.criteria as { name: string; maxPoints: number }[];
      const otherCriteria = [{ ...first!, name: "Claim", maxPoints: 12 }, ...rest];
      const other = await teacher.client.put(url, { ...opened, title: "Uniforms essay (other tab)", rubric: { criteria: otherCriteria }, basedOnVersion: opened.version });
      expect(other.status, other.text).toBe(200);

      const file = page.getByLabel("Rubric document", { exact: true });
      await file.setInputFiles(path.join(fixturesDir, "rubrics/narrative-writing-list.txt"));
      await page.getByRole("button", { name: "Upload Rubric" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "This assignment was changed in another tab or window after you opened it" });
      const text = (await alert.innerText()).replace(/\s+/g, " ");
      expect(text).toContain("This assignment was changed in another tab or window after you opened it: its rubric there is now Claim (12)");
      expect(text).toContain("Saved in the other tab or window: Title Uniforms essay (other tab) Rubric Claim (12)");
      expect(text).toContain("Your changes are still on this page, and the rubric from your document is not saved. Upload it again to replace that version's rubric (Next would save this page's criteria over it), or load the saved version instead");
      expect((await teacher.client.get(url)).data.rubric.criteria).toEqual(otherCriteria);
      // Far below the upload on a phone, the notice is brought into view.
      expect(await alert.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight && element.getBoundingClientRect().bottom > 0)).toBe(true);
      await page.screenshot({ path: `${shots}/rubric-upload-conflict-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Told, the teacher uploads again: the rubric is theirs; the other tab's title still differs and is still shown.
      await page.getByRole("button", { name: "Upload Rubric" }).click();
      await page.getByRole("region", { name: /Notification/ }).getByText(assignmentMessages.rubricUploaded).waitFor();
      const stored = (await teacher.client.get(url)).data;
      expect(stored.rubric.criteria.map((item: { name: string }) => item.name)).toEqual(["Plot", "Characters", "Setting", "Dialogue", "Word Choice", "Reflection", "Conventions"]);
      const left = page.getByRole("alert").filter({ hasText: "Your rubric is uploaded over the one saved in the other tab or window" });
      const leftText = (await left.innerText()).replace(/\s+/g, " ");
      expect(leftText).toContain("Saved in the other tab or window: Title Uniforms essay (other tab)");
      expect(leftText).not.toContain("Rubric");
      expect(leftText).toContain("Press Next to save them over that version");

      // Loading the saved version keeps the upload (it is saved) and takes the other tab's title; Next then saves.
      await page.getByRole("button", { name: "Load the saved version" }).click();
      await left.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Remove Plot" }).waitFor();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Step 3 of 5", { exact: true }).waitFor();
      expect((await teacher.client.get(url)).data).toMatchObject({ title: "Uniforms essay (other tab)", version: stored.version + 1 });
      expect(app.consoleErrors(page).filter((line) => !line.includes("the server responded with a status of 409"))).toEqual([]);
    });
  }
});
