import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailMessage } from "./mailer";

/**
 * The outbox folder (DATA_DIR/outbox): each mail kept instead of sent, one file readable by the server's account only,
 * for `npm run outbox` on a machine run without a mail server.
 */
export async function writeOutboxFile(dir: string, message: MailMessage, write: typeof writeFile = writeFile): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.txt`;
  const file = path.join(dir, name);
  try {
    await write(file, `To: ${message.to.join(", ")}\nSubject: ${message.subject}\n\n${message.text}\n`, { mode: 0o600 });
  } catch (error) {
    // A full disk leaves the file empty, which `npm run outbox` showed as a message with nothing in it.
    await rm(file, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Removes the kept mails whose whole text (headings included) passes `isToRemove`; answers how many went. */
export async function removeOutboxFilesWhere(dir: string, isToRemove: (text: string) => boolean): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const text = await readFile(file, "utf8").catch(() => "");
    if (!isToRemove(text)) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** A deleted account's kept mail goes with it: its reset and confirmation links stayed readable in DATA_DIR/outbox. */
export async function removeOutboxFilesTo(dir: string, address: string): Promise<void> {
  const heading = `To: ${address}\n`.toLowerCase();
  await removeOutboxFilesWhere(dir, (text) => text.toLowerCase().startsWith(heading));
}
