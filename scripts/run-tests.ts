/**
 * `npm test`: every suite, in order, with a summary. Fails when any suite fails or could not run.
 *   unit          vitest project "unit"
 *   api:pglite    API tests over HTTP on the embedded database
 *   api:postgres  the same on PostgreSQL (TEST_DATABASE_URL; required when set, else tried at 127.0.0.1:5432)
 *   e2e           browser tests in Debian's Chromium against the built client (SKIP_E2E=1 skips)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";

interface Outcome {
  suite: string;
  result: "passed" | "failed" | "skipped";
  note?: string;
}

const outcomes: Outcome[] = [];
const defaultPostgresUrl = "postgres://postgres@127.0.0.1:5432/test";
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(suite: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${suite}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const passed = result.status === 0;
  outcomes.push({ suite, result: passed ? "passed" : "failed", note: passed ? undefined : `exit ${result.status ?? result.signal}` });
  return passed;
}

async function canReach(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const vitest = ["vitest", "run", "--project"];

run("unit", "npx", [...vitest, "unit"]);
run("api:pglite", "npx", [...vitest, "api"], { TEST_DB: "pglite" });

const requiredPostgresUrl = process.env.TEST_DATABASE_URL;
const postgresUrl = requiredPostgresUrl ?? defaultPostgresUrl;
const unreachable = await canReach(postgresUrl);
if (!unreachable) {
  run("api:postgres", "npx", [...vitest, "api"], { TEST_DB: "postgres", TEST_DATABASE_URL: postgresUrl });
} else if (requiredPostgresUrl) {
  console.error(`\nTEST_DATABASE_URL is set but PostgreSQL does not answer at ${postgresUrl}: ${unreachable}`);
  outcomes.push({ suite: "api:postgres", result: "failed", note: "PostgreSQL unreachable" });
} else {
  outcomes.push({ suite: "api:postgres", result: "skipped", note: `no PostgreSQL at ${defaultPostgresUrl}; set TEST_DATABASE_URL to require it` });
}

if (process.env.SKIP_E2E === "1") {
  outcomes.push({ suite: "e2e", result: "skipped", note: "SKIP_E2E=1" });
} else if (!existsSync(chromiumPath)) {
  console.error(`\nBrowser tests need Chromium at ${chromiumPath}. Install it with:\n  apt-get install -y chromium\n(or set CHROMIUM_PATH, or SKIP_E2E=1 to skip these tests)`);
  outcomes.push({ suite: "e2e", result: "failed", note: "Chromium missing: apt-get install -y chromium" });
} else if (run("build client", "npx", ["vite", "build", "--logLevel", "warn"])) {
  run("e2e", "npx", [...vitest, "e2e"]);
}

console.log("\nTest summary");
for (const outcome of outcomes) {
  console.log(`  ${outcome.result.padEnd(8)} ${outcome.suite}${outcome.note ? `  (${outcome.note})` : ""}`);
}
process.exit(outcomes.some((outcome) => outcome.result === "failed") ? 1 : 0);
