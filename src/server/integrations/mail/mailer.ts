import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { outbox } from "../../db/schema";

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
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  logger: Logger;
}

/** One mail service for the whole app: SMTP when SMTP_URL is set, otherwise the outbox table. */
export function createMailer({ smtpUrl, from, db, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: "smtp",
      async send(message) {
        await transporter.sendMail({ from, ...message, to: message.to.join(", ") });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  return {
    transport: "outbox",
    async send(message) {
      await db.insert(outbox).values(message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      // One console line, so someone running on a laptop with no mail server can follow a link.
      logger.info({ to: message.to, subject: message.subject, links }, `mail kept in outbox${links.length ? `: ${links.join(" ")}` : ""}`);
    },
  };
}
