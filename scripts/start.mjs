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
stopWithTheShellNpmStarted();
await import(path.resolve("build/server/supervisor.js"));

/**
 * `npm start` runs this through `sh -c`; npm passes a SIGTERM on to that shell, and Debian's sh (dash) dies of it
 * without passing it further, so the supervisor and its servers went on serving, orphaned, holding the port and the
 * data folder (a service manager signalling npm's pid then started a second copy). So, when npm started this, the
 * shell going away (this process's parent changes) counts as SIGTERM: in-flight requests finish and everything stops.
 * Run directly (`node scripts/start.mjs`, `node build/server/supervisor.js`) the signal arrives itself.
 */
function stopWithTheShellNpmStarted() {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, "SIGTERM");
  }, 250);
  watch.unref();
}
