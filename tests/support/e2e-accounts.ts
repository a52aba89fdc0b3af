import type { Page } from "playwright-core";
import { createSignedInTeacher } from "./accounts";
import type { E2eApp } from "./e2e";

/**
 * A confirmed teacher created through the real API (sign-up, outbox link), whose session cookie is handed to
 * the page's browser context: for browser tests of pages behind sign-in that are not about signing in.
 */
export async function signInAsNewTeacher(app: E2eApp, page: Page, prefix = "e2e") {
  const teacher = await createSignedInTeacher(app.url, app.server.deps.database.db, prefix);
  const { hostname } = new URL(app.url);
  await page.context().addCookies(teacher.client.cookieList().map((cookie) => ({ ...cookie, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" as const })));
  return teacher;
}
