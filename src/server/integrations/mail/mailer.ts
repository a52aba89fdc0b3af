import type { writeFile } from "node:fs/promises";
import type { Logger } from "pino";
import type { Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { outbox } from "../../db/schema";
import { isDiskFull } from "../files/disk-full";
import { removeOutboxFilesTo, writeOutboxFile } from "./outbox-files";

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** "smtp" sends for real; "outbox" keeps the message in the outbox table and logs one line. */
  readonly transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  /** Removes what is kept of mail to this address alone (the outbox's files); sent mail is out of reach. */
  forgetMailTo(address: string): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  logger: Logger;
  /** Without SMTP each message is also written here, readable by this account only, for `npm run outbox`. */
  outboxDir: string;
  /** The outbox file's write (tests put a failing one here, as a full disk would). */
  writeFile?: typeof writeFile;
}

/** One mail service for the whole app: SMTP when SMTP_URL is set, otherwise the outbox table. */
export function createMailer({ smtpUrl, from, db, logger, outboxDir, writeFile: write }: MailerOptions): Mailer {
  // A mail that is not delivered must be an error in the log, naming whom it was for (never its text: links in it sign
  // people in): before, a full disk or a bad SMTP server left only better-auth's "Failed to run background task".
  const failed = (message: MailMessage, error: unknown, what: string) =>
    logger.error({ to: message.to, subject: message.subject, err: error }, what);
  if (smtpUrl) {
    // nodemailer is loaded with the first mail: an idle server need not hold it (issue 16).
    let transporter: Promise<Transporter> | undefined;
    return {
      transport: "smtp",
      async send(message) {
        transporter ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        try {
          await (await transporter).sendMail({ from, ...message, to: message.to.join(", ") });
        } catch (error) {
          failed(message, error, "mail could not be sent through SMTP_URL; the recipient did not get it");
          throw error;
        }
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
      forgetMailTo: async () => undefined,
    };
  }
  return {
    transport: "outbox",
    async send(message) {
      try {
        await db.insert(outbox).values(message);
      } catch (error) {
        failed(message, error, "mail could not be kept in the outbox (the database refused it); it is lost");
        throw error;
      }
      try {
        await writeOutboxFile(outboxDir, message, write);
      } catch (error) {
        // Kept in the table, so not lost, but `npm run outbox` reads the folder: whoever runs Markwise must know.
        failed(message, error, `mail kept in the outbox table but not written to ${outboxDir}, so \`npm run outbox\` does not show it${isDiskFull(error) ? " (the disk is full)" : ""}`);
        return;
      }
      // Links in these mails sign people in or reset passwords: the log, which many can read, never holds them.
      logger.info({ to: message.to, subject: message.subject }, "mail kept in the outbox; read it with `npm run outbox`");
    },
    forgetMailTo: (address) => removeOutboxFilesTo(outboxDir, address),
  };
}
