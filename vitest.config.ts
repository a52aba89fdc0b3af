import { defineConfig } from "vitest/config";

// Two projects: pure unit tests beside the code, and API tests that start the real server over HTTP.
// The API project runs once per database (TEST_DB=pglite|postgres), driven by scripts/run-tests.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
          // Setting up an embedded database took over the default 10 s once, on a machine busy with other runs.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          environment: "node",
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
