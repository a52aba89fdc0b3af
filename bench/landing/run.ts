/**
 * Landing page weight (issue 16): the JavaScript and CSS a first visit to `/` transfers, against the target of
 * 100 KB compressed. Builds nothing: it starts the built app (build/server/index.js serving dist/, as `npm start`
 * does, on a fresh embedded database), opens `/` in Debian's Chromium with a fresh cache and
 * `Accept-Encoding: br, gzip` (`--encoding gzip`: as a client without brotli), waits for network idle, and prints
 * every script and stylesheet with the bytes that crossed the network (the encoded body). Then it opens `/` again
 * with the session check held and says whether the page's content painted before the check answered.
 *
 * npm run build && npm run bench:landing [-- --encoding gzip --out bench/results/landing.json]
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Response } from "playwright-core";
import { option, writeReport } from "../cli";
import { startServerProcess } from "../../tests/support/server-process";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const out = resolve(option("out", "bench/results/landing.json"));
/** What the browser says it accepts: "br, gzip" (Chromium takes brotli), or "gzip" for a client without brotli. */
const acceptEncoding = option("encoding", "br, gzip");
/** The target, read strictly: 1 KB = 1,000 bytes. */
const targetBytes = 100_000;
const heroHeading = "AI Teaching Assistant";

interface Asset {
  path: string;
  kind: "js" | "css";
  encoding: string;
  transferredBytes: number;
  decodedBytes: number;
}

for (const [file, hint] of [["dist/index.html", "the client"], ["build/server/index.js", "the server"]] as const) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: build ${hint} first (npm run build).`);
    process.exit(1);
  }
}
if (!existsSync(chromiumPath)) {
  console.error(`Chromium is not installed at ${chromiumPath}. Install it with: apt-get install -y chromium`);
  process.exit(1);
}

function kindOf(response: Response): Asset["kind"] | undefined {
  const type = response.headers()["content-type"] ?? "";
  if (type.includes("javascript")) return "js";
  if (type.includes("text/css")) return "css";
  return undefined;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const dataDir = mkdtempSync(join(tmpdir(), "markwise-bench-landing-"));
const app = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { "Accept-Encoding": acceptEncoding } });
  const page = await context.newPage();
  const finished: Promise<Asset | undefined>[] = [];
  page.on("requestfinished", (request) => {
    finished.push(
      (async () => {
        const response = await request.response();
        const kind = response && kindOf(response);
        if (!response || !kind) return undefined;
        const sizes = await request.sizes();
        return {
          path: new URL(request.url()).pathname,
          kind,
          encoding: response.headers()["content-encoding"] ?? "none",
          transferredBytes: sizes.responseBodySize,
          decodedBytes: (await response.body()).length,
        };
      })(),
    );
  });
  await page.goto(`${app.url}/`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1, name: heroHeading }).waitFor();
  const assets = (await Promise.all(finished)).filter((asset): asset is Asset => asset !== undefined);
  const paints = await page.evaluate(() => performance.getEntriesByType("paint").map((entry) => ({ name: entry.name, ms: Math.round(entry.startTime) })));
  await context.close();

  // The same visit with the session check held: the hero must paint while nobody knows yet who is signed in.
  const heldContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const heldPage = await heldContext.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolveRelease) => (release = resolveRelease));
  await heldPage.route("**/api/auth/get-session", async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  await heldPage.goto(`${app.url}/`);
  const paintsWhileHeld = await heldPage
    .getByRole("heading", { level: 1, name: heroHeading })
    .waitFor({ timeout: 10_000 })
    .then(() => true, () => false);
  release();
  await heldContext.close();

  const total = assets.reduce((sum, asset) => sum + asset.transferredBytes, 0);
  const decoded = assets.reduce((sum, asset) => sum + asset.decodedBytes, 0);
  const rows = assets
    .sort((a, b) => b.transferredBytes - a.transferredBytes)
    .map((asset) => [asset.path, asset.encoding, String(asset.transferredBytes), String(asset.decodedBytes)]);
  rows.push([`total (${assets.length} files)`, "", String(total), String(decoded)]);
  const header = ["script or stylesheet", "encoding", "transferred bytes", "decoded bytes"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");

  console.log(`Landing page weight: ${app.url}/ in Chromium (${(await browser.version()) || "?"}), fresh cache, Accept-Encoding: ${acceptEncoding}, until network idle`);
  console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), Node ${process.version}`);
  console.log("");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const [index, row] of rows.entries()) {
    if (index === rows.length - 1) console.log(widths.map((w) => "-".repeat(w)).join("  "));
    console.log(line(row));
  }
  console.log("");
  console.log(`Paint: ${paints.map((paint) => `${paint.name} ${paint.ms} ms`).join(", ") || "none recorded"}`);
  const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
  console.log(`  ${pass(total <= targetBytes)}  JavaScript and CSS transferred <= ${kb(targetBytes)}: ${kb(total)} (${total} bytes)`);
  console.log(`  ${pass(paintsWhileHeld)}  the hero ("${heroHeading}") paints while the session check is unanswered`);
  writeReport(out, { url: `${app.url}/`, acceptEncoding, targetBytes, totalTransferredBytes: total, totalDecodedBytes: decoded, assets, paints, paintsWhileSessionCheckHeld: paintsWhileHeld });
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
