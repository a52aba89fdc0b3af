import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const fourCriteria = [
  { id: "claim", name: "Claim and focus", maxPoints: 10, descriptors: ["A clear, arguable claim"] },
  { id: "evidence", name: "Evidence and support", maxPoints: 10, descriptors: ["Relevant evidence"] },
  { id: "organization", name: "Organization", maxPoints: 10, descriptors: ["Logical order"] },
  { id: "conventions", name: "Language and conventions", maxPoints: 10, descriptors: ["Few errors"] },
];

describe("gradebook", () => {
  it("shows a class average row and fits a four-criterion rubric with the similarity column at 1280 px without scrolling sideways", async () => {
    const page = await app.newPage({ width: 1280, height: 800 });
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "gbk");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points", plagiarismCheck: true, plagiarismThreshold: 20 } });
    const current = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data;
    expect((await teacher.client.put(`/api/assignments/${assignment.id}`, { ...current, rubric: { criteria: fourCriteria } })).status).toBe(200);
    const names = ["Ana Diaz", "Bo Chen", "Cy Lake", "Alexandria Montgomery-Featherstone"];
    // The last copies most of the first: the Similarity column has a badge to show.
    const texts = names.map((name, n) => studentEssay(90 + n, name));
    texts[3] = `${texts[0]!.split("\n\n")[0]}\n\nI agree, and the families should vote on it together.`;
    await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, n) => textFile(`${name}.txt`, texts[n]!))) });
    await waitForGrading(teacher.client, assignment.id);
    await expect.poll(async () => (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook`)).data.rows.some((row: { topSimilarity: number | null }) => row.topSimilarity !== null), { timeout: 20_000 }).toBe(true);
    const book = (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook`)).data;

    await page.goto(`${app.url}/assignments/${assignment.id}/gradebook`);
    const table = page.getByRole("table");
    const average = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Class average" }) });
    await average.waitFor();
    const cells = await average.getByRole("cell").allInnerTexts();
    const mean = (values: number[]) => String(Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100);
    const expected = fourCriteria.map((criterion) => mean(book.rows.map((row: { criteriaScores: Record<string, number> }) => row.criteriaScores[criterion.id]!)));
    expect(cells.slice(0, 4)).toEqual(expected);
    expect(cells[4]).toBe(mean(book.rows.map((row: { rawScore: number }) => row.rawScore)));

    await page.screenshot({ path: "test-results/gradebook/four-criteria-1280.png", fullPage: true });
    const wrapper = table.locator("xpath=..");
    const [scrollWidth, clientWidth] = await wrapper.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: "test-results/gradebook/four-criteria-1280.png", fullPage: true });
    app.assertNoConsoleErrors(page);
  });
});
