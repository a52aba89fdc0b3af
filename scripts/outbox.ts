/**
 * `npm run outbox`: the mail Markwise kept instead of sending (no SMTP_URL), newest last, with its links: how someone
 * running Markwise on a laptop confirms a sign-up or resets a password. The server's log never holds these links.
 * Reads DATA_DIR/outbox (default ./data/outbox); `npm run outbox -- 3` shows the last three.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const dir = path.join(process.env.DATA_DIR ?? "./data", "outbox");
const count = Number(process.argv[2] ?? 10);
const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".txt")).sort();
if (!names.length) {
  console.log(`No mail in ${dir}. Mail is kept there when SMTP_URL is not set.`);
} else {
  for (const name of names.slice(-count)) {
    console.log(`--- ${name.replace(/\.txt$/, "")}\n${(await readFile(path.join(dir, name), "utf8")).trim()}\n`);
  }
}
