import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * Builds the server, and migrates one embedded database and saves it as a tarball; each test file starts from a copy of it,
 * since migrating a fresh PGlite takes seconds.
 */
export default async function setup(project: TestProject): Promise<void> {
  // Tests that start the server as a process run the compiled server, as production does.
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("The server build (scripts/build-server.mjs) failed");
  const database = await openDatabase({ dataDir: "memory://template" });
  const tarball = await database.pglite!.dumpDataDir("none");
  await database.close();
  const file = path.join(os.tmpdir(), `markwise-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide("pgliteTemplatePath", file);
}
