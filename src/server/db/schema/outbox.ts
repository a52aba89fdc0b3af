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

/** Settings the app generates once and every process shares (e.g. the session-signing secret). */
export const appSettings = pgTable("app_settings", {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
