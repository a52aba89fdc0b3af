import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Mail that was not sent over SMTP (none configured): kept here so nothing is lost and tests can read it. */
export const outbox = pgTable("outbox", {
  id: uuid().primaryKey().defaultRandom(),
  to: text().array().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
