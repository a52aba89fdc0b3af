/**
 * `npm run build:server`: the server as compiled JavaScript in build/server/, so production runs plain `node`
 * (no TypeScript tooling at run time). Our own code is bundled into one file per entry; packages stay in
 * node_modules. The database migrations travel beside the bundle, where the code looks for them.
 */
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

const outdir = "build/server";

export async function buildServer() {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { index: "src/server/index.ts", supervisor: "src/server/supervisor.ts", outbox: "scripts/outbox.ts" },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  await cp("src/server/db/migrations", `${outdir}/migrations`, { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
