import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? args[index + 1]! : fallback;
}

/** Writes a benchmark's report as JSON (creating its folder) and says where. */
export function writeReport(path: string, report: unknown): void {
  const target = resolve(path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, JSON.stringify(report, null, 2) + "\n");
  console.log(`\nWrote ${target}`);
}

/** The --data folder of human-scored essays; without it the benchmark stops with a message saying what to pass. */
export function essayDataOption(): string {
  const dir = resolve(option("data", "../shared/data/essays"));
  if (!existsSync(resolve(dir, "asap.jsonl"))) {
    console.error(`No essay data at ${dir}. Pass --data <folder with asap.jsonl> (see ../shared/data/essays/README.md).`);
    process.exit(1);
  }
  return dir;
}
