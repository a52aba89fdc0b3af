import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { assignmentWithContradictorySamples } from "../support/submissions";

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const shots = "test-results/calibration-warning";

describe("assignment page: a calibration that disagrees with the teacher's samples", () => {
  it("names the samples, keeps auto-accept off, and lets the teacher turn it on knowingly", async () => {
    const page = await app.newPage({ width: 360, height: 740 });
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "calw");
    const assignment = await assignmentWithContradictorySamples(teacher.client, teacher.id);
    await page.goto(`${app.url}/assignments/${assignment.id}`);

    const warning = page.getByRole("region", { name: "The calibration disagrees with your samples" });
    await warning.getByText(/^Sample \d \(you gave/).waitFor();
    // Submissions come first on the page, under the warning.
    const warningBox = (await warning.boundingBox())!;
    const submissionsBox = (await page.getByRole("region", { name: "Student submissions" }).boundingBox())!;
    const detailsBox = (await page.getByRole("region", { name: "Details" }).boundingBox())!;
    expect(warningBox.y).toBeLessThan(submissionsBox.y);
    expect(submissionsBox.y).toBeLessThan(detailsBox.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${shots}/warning-360.png`, fullPage: true });

    await warning.getByRole("button", { name: "Turn on auto-accept anyway" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Turn on auto-accept anyway?" });
    await confirm.getByRole("button", { name: "Turn on anyway" }).click();
    await warning.getByText(/^You turned auto-accept on anyway on /).waitFor();
    expect((await teacher.client.get(`/api/assignments/${assignment.id}`)).data.autoAcceptOverriddenAt).toEqual(expect.any(String));

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${shots}/overridden-1280.png`, fullPage: true });
    await warning.getByRole("button", { name: "Wait for my review again" }).click();
    await warning.getByRole("button", { name: "Turn on auto-accept anyway" }).waitFor();
    expect((await teacher.client.get(`/api/assignments/${assignment.id}`)).data.autoAcceptOverriddenAt).toBeNull();
    app.assertNoConsoleErrors(page);
  });
});
