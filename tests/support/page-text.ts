import type { Locator, Page } from "playwright-core";

/** What the browser specs read off a page, in one place: each spec had its own copy of these. */

/** The element's text as the DOM holds it, trimmed, once it is on the page. */
export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return ((await locator.textContent()) ?? "").trim();
}

/** The element's text as a reader sees it (hidden parts left out, CSS text-transform applied), spaces collapsed. */
export async function renderedTextOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.innerText()).replace(/\s+/g, " ").trim();
}

/** The toast on screen holding `text` (its title or its message). */
export function toastWith(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /Notification/ }).getByRole("listitem").filter({ hasText: text });
}
