import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithEmail } from "../helpers/lti-accounts";
import { LtiPlatformSimulator } from "../../scripts/playground/lti-platform";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;
let platform: LtiPlatformSimulator;
let admin: TestClient;
const adminEmail = `lti-e2e-admin-${Date.now().toString(36)}@school.test`;
const shots = "test-results/lti";
/** A district's name for its Moodle, as long as real ones run: the panel's buttons name it and must wrap on a phone. */
const platformName = "Springfield Unified School District Moodle";

beforeAll(async () => {
  app = await startE2eApp({ env: { ADMIN_EMAILS: adminEmail } });
  platform = await new LtiPlatformSimulator(app.url).start();
  admin = await signUpWithEmail(app.url, app.server.deps.database.db, adminEmail);
});
afterAll(async () => {
  await platform?.stop();
  await app?.stop();
});

const hasNoSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function signInWith(page: Page, client: TestClient) {
  const { hostname } = new URL(app.url);
  await page.context().addCookies(client.cookieList().map((cookie) => ({ ...cookie, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" as const })));
}

describe("learning platforms (LTI)", () => {
  it("lets an admin register a platform, showing the URLs to paste into it, at desktop and phone widths", async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(15_000);
    await signInWith(page, admin);
    await page.goto(`${app.url}/app/lti`);
    await page.getByRole("heading", { name: "Learning platforms", level: 1 }).waitFor();
    const urls = page.getByRole("region", { name: "Markwise's addresses for the platform" });
    await urls.getByText(`${app.url}/api/lti/login`).waitFor();
    await urls.getByText(`${app.url}/.well-known/jwks.json`).waitFor();
    await page.getByText("No platform is registered yet.").waitFor();

    await page.getByRole("button", { name: "Add a platform" }).click();
    const form = page.getByRole("region", { name: "Add a platform" });
    await form.getByRole("button", { name: "Register platform" }).click();
    await form.getByText("Give the platform a name, like School Canvas").waitFor();
    await form.getByText("Give at least one deployment id").waitFor();

    const registration = platform.registration(platformName);
    await form.getByLabel("Name").fill(registration.name);
    await form.getByLabel("Issuer (platform ID)").fill(registration.issuer);
    await form.getByLabel("Client ID").fill(registration.clientId);
    await form.getByLabel("Authentication request URL").fill(registration.authLoginUrl);
    await form.getByLabel("Access token URL").fill(registration.tokenUrl);
    await form.getByLabel("Public keyset URL").fill(registration.keysetUrl);
    await form.getByLabel("Deployment IDs").fill(registration.deploymentIds.join("\n"));
    await form.getByRole("button", { name: "Register platform" }).click();
    const registered = page.getByRole("region", { name: "Registered platforms" });
    await registered.getByRole("heading", { name: platformName }).waitFor();
    await registered.getByText(`Client id ${registration.clientId} · deployment ${registration.deploymentIds[0]}`).waitFor();
    await page.screenshot({ path: `${shots}/platforms-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 360, height: 740 });
    await registered.getByRole("heading", { name: platformName }).waitFor();
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${shots}/platforms-360.png`, fullPage: true });
    app.assertNoConsoleErrors(page);
  });

  it("shows a teacher the platforms read-only, and on a linked assignment imports the roster and sends grades", async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "ltie2e");
    await page.goto(`${app.url}/app/lti`);
    await page.getByText("Only an administrator of this Markwise installation can add or change platforms (their e-mail is in ADMIN_EMAILS).").waitFor();
    expect(await page.getByRole("button", { name: "Add a platform" }).count()).toBe(0);

    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Linked essay" });
    platform.members.push({ user_id: "e2e-student", name: "Ana Ortiz", email: "ana@pupils.test", roles: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"] });
    const launch = await platform.launch(new TestClient(app.url), { user: { sub: "e2e-teacher", name: "Pat", email: teacher.email, role: "instructor" }, resourceLinkId: "e2e-link", custom: { markwise_assignment_id: assignment.id } });
    expect(launch.launch.status).toBe(303);

    await page.goto(`${app.url}/assignments/${assignment.id}`);
    const panel = page.getByRole("region", { name: "Learning platform" });
    await panel.getByText(platformName, { exact: true }).waitFor();
    await panel.getByRole("button", { name: `Import roster from ${platformName}` }).click();
    await page.getByText(`Roster imported from ${platformName}: 1 student added, 0 updated.`).first().waitFor();
    // A reviewed paper by a student who is not in the course: the roster was imported, so importing it is no advice.
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("Dana Smith.txt", studentEssay(71, "Dana Smith"))]) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const [dana] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data as { id: string }[];
    expect((await teacher.client.post(`/api/submissions/${dana!.id}/accept`)).status).toBe(200);
    await panel.getByRole("button", { name: `Send grades to ${platformName}` }).click();
    // The summary and what was not sent stay in the panel together (a toast each hid the summary).
    const report = panel.getByRole("status").filter({ hasText: `${platformName}: 0 grades sent.` });
    await report.waitFor();
    expect(await report.textContent()).toContain(`Dana Smith is not in the course on ${platformName}: add them there, or check the name on the submission.`);
    expect(await page.getByText("Import the roster first").count()).toBe(0);
    await page.screenshot({ path: `${shots}/assignment-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/assignment-360.png` });
    // The buttons name the platform: a long name wraps inside them, and neither the panel nor the page scrolls sideways.
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await panel.evaluate((element) => element.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    app.assertNoConsoleErrors(page);
  });

  it("lets an admin create a registration link that a platform opens in its frame, registering that platform", async () => {
    // A platform of its own: the one above is registered by hand already, with the same client id.
    const dynamic = await new LtiPlatformSimulator(app.url).start();
    try {
      const page = await app.newPage({ width: 1280, height: 900 });
      page.setDefaultTimeout(15_000);
      await signInWith(page, admin);
      await page.goto(`${app.url}/app/lti`);
      const panel = page.getByRole("region", { name: "Register by link (Moodle, Canvas)" });
      await panel.getByRole("button", { name: "Create a registration link" }).click();
      const link = panel.getByText(`${app.url}/api/lti/register/`);
      await link.waitFor();
      await panel.getByText(/^Works once, until/).waitFor();
      await page.screenshot({ path: `${shots}/registration-link-1280.png`, fullPage: true });

      // The platform's admin page frames the link; Markwise registers and tells the frame's parent to close.
      const platformPage = await app.newPage({ width: 900, height: 600 });
      await platformPage.goto(`${dynamic.url}/registration-host?${new URLSearchParams({ link: (await link.textContent())!.trim() })}`);
      await platformPage.waitForFunction(() => document.title.startsWith("Received"), undefined, { timeout: 15_000 });
      expect(await platformPage.title()).toBe('Received {"subject":"org.imsglobal.lti.close"}');
      await platformPage.frameLocator("iframe").getByRole("heading", { name: "Markwise is registered" }).waitFor();
      await platformPage.screenshot({ path: `${shots}/registration-framed.png` });
      expect(dynamic.registrations).toHaveLength(1);

      await page.reload();
      await page.getByRole("region", { name: "Registered platforms" }).getByRole("heading", { name: `Moodle (${new URL(dynamic.url).host})` }).waitFor();
      app.assertNoConsoleErrors(page);
    } finally {
      await dynamic.stop();
    }
  });
});
