import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startTestServer, type TestServer, type TestServerOptions } from "./test-server";

/**
 * Browser tests drive Debian's Chromium against the real server serving the built client (dist/),
 * over a database of the test file's own (so tests can read rows and the mail outbox directly).
 *
 *   const app = await startE2eApp();            // in beforeAll
 *   const page = await app.newPage({ width: 360, height: 740 });
 *   await page.goto(app.url + "/");
 *   ...
 *   app.assertNoConsoleErrors(page);             // a console.error in the page fails the test
 *   await app.stop();                            // in afterAll
 *
 * The client must be built first (`npm test` runs `vite build` before this suite).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface E2eApp {
  url: string;
  server: TestServer;
  browser: Browser;
  /** A page in a fresh browser context (own cookies and storage); console errors are recorded. */
  newPage(viewport?: { width: number; height: number }, contextOptions?: Parameters<Browser["newContext"]>[0]): Promise<Page>;
  consoleErrors(page: Page): string[];
  assertNoConsoleErrors(page: Page): void;
  stop(): Promise<void>;
}

export async function startE2eApp(options: TestServerOptions = {}): Promise<E2eApp> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is not installed at ${chromiumPath}. Install it with: apt-get install -y chromium`);
  }
  const server = await startTestServer({ ...options, withClient: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const errorsByPage = new WeakMap<Page, string[]>();
  const contexts: BrowserContext[] = [];

  return {
    url: server.url,
    server,
    browser,
    async newPage(viewport = { width: 1280, height: 800 }, contextOptions = {}) {
      const context = await browser.newContext({ viewport, ...contextOptions });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      errorsByPage.set(page, errors);
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      return page;
    },
    consoleErrors: (page) => errorsByPage.get(page) ?? [],
    assertNoConsoleErrors(page) {
      const errors = errorsByPage.get(page) ?? [];
      if (errors.length) throw new Error(`The page logged console errors:\n${errors.join("\n")}`);
    },
    async stop() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.stop();
    },
  };
}
