import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const leads = pgTable("leads", {
  id: uuid().primaryKey().defaultRandom(),
  type: text().notNull(),
  name: text().notNull(),
  email: text().notNull(),
  school: text().notNull(),
  position: text().notNull(),
  seats: text().notNull().default(""),
  submittedAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const videoRequests = pgTable("video_requests", {
  id: uuid().primaryKey().defaultRandom(),
  topic: text().notNull(),
  style: text().notNull(),
  duration: text().notNull(),
  voice: text().notNull(),
  notes: text().notNull().default(""),
  email: text().notNull(),
  submittedAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
