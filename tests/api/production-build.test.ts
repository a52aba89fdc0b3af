import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { testDatabaseKind } from "../support/test-database";

// The global setup has built build/server/ with scripts/build-server.mjs, as `npm run build` does.
const bundles = readdirSync("build/server").filter((name) => name.endsWith(".js"));
const packageOf = (specifier: string) => specifier.match(/^(@[^/]+\/[^/]+|[^/]+)/)![1]!;

describe.runIf(testDatabaseKind === "pglite")("the production build", () => {
  it("is plain JavaScript whose every package is a production dependency", () => {
    expect(bundles.sort()).toEqual(["index.js", "outbox.js", "supervisor.js"]);
    const imported = new Set<string>();
    for (const bundle of bundles) {
      const code = readFileSync(`build/server/${bundle}`, "utf8");
      for (const [, specifier] of code.matchAll(/(?:^import\s[^;]*?from\s*|\bimport\(\s*)"([^"]+)"/gm)) {
        if (!specifier!.startsWith("node:") && !specifier!.startsWith(".")) imported.add(packageOf(specifier!));
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    const production = Object.keys(packageJson.dependencies);
    expect([...imported].filter((name) => !production.includes(name))).toEqual([]);
  });

  it("keeps development tools out of the production dependencies", () => {
    const tools = Object.keys(packageJson.dependencies).filter((name) => /^(tsx|esbuild|vite|vitest|typescript|eslint|drizzle-kit)$|^@types\//.test(name));
    expect(tools).toEqual([]);
  });
});
