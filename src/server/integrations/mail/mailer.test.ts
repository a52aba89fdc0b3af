import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { logCapture } from "../../log-capture";
import type { Db } from "../../db/client";
import { createLogger } from "../../logger";
import { createMailer } from "./mailer";

const folder = mkdtempSync(path.join(os.tmpdir(), "markwise-mailer-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function capture() {
  const { destination, lines } = logCapture();
  return { logger: createLogger("info", destination), lines };
}

const mail = { to: ["ana@school.test"], subject: "Reset your Markwise password", text: "Choose a new password here: http://localhost/api/auth/reset-password/SECRET-TOKEN" };
const keptRows: unknown[] = [];
const db = { insert: () => ({ values: async (row: unknown) => void keptRows.push(row) }) } as unknown as Db;

// Audit F, finding 2: on a full disk the outbox file was left empty and only better-auth's "Failed to run background
// task" said anything; `npm run outbox` showed a message with nothing in it.
describe("mail whose outbox file cannot be written", () => {
  it("logs an error naming the recipient (never the link), leaves no empty file, and keeps the mail in the table", async () => {
    const { logger, lines } = capture();
    const outboxDir = path.join(folder, "outbox");
    const mailer = createMailer({ from: "Markwise <m@school.test>", db, logger, outboxDir, writeFile: async (file) => {
      // As on a full disk: the file is created, nothing goes in it.
      const { writeFile } = await import("node:fs/promises");
      await writeFile(file as string, "");
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    } });
    await mailer.send(mail);

    expect(keptRows).toHaveLength(1);
    expect(readdirSync(outboxDir)).toEqual([]);
    const log = lines.join("");
    const entry = JSON.parse(lines.find((line) => line.includes('"level":50'))!);
    expect(entry.to).toEqual(["ana@school.test"]);
    expect(entry.msg).toBe(`mail kept in the outbox table but not written to ${outboxDir}, so \`npm run outbox\` does not show it (the disk is full)`);
    expect(log).not.toContain("SECRET-TOKEN");
  });
});

describe("mail the SMTP server does not take", () => {
  it("logs an error naming the recipient and SMTP_URL, and the send fails", async () => {
    const { logger, lines } = capture();
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "Markwise <m@school.test>", db, logger, outboxDir: folder });
    await expect(mailer.send(mail)).rejects.toThrow();
    const entry = JSON.parse(lines.find((line) => line.includes('"level":50'))!);
    expect(entry.to).toEqual(["ana@school.test"]);
    expect(entry.msg).toBe("mail could not be sent through SMTP_URL; the recipient did not get it");
    expect(lines.join("")).not.toContain("SECRET-TOKEN");
  });
});
