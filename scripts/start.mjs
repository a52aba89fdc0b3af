/**
 * `npm start`: builds the client and the server only when a source changed since the last build, then runs the
 * supervisor (build/server/supervisor.js), which keeps the compiled server up.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const outputs = ["dist/index.html", "build/server/index.js", "build/server/supervisor.js"];
const inputs = ["src", "index.html", "public", "package.json", "package-lock.json", "vite.config.ts", "scripts/build-server.mjs"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
if (builtAt < Math.max(...inputs.map(newestMtime))) {
  console.log("Building Markwise (the client and the server)...");
  const client = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (client.status !== 0) process.exit(client.status ?? 1);
  // Imported only here: a production install pruned of development tools never needs the bundler.
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
}
await import(path.resolve("build/server/supervisor.js"));
