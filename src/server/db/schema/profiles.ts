import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The teacher's free-text profile (spec: table profiles with user_id and bio). */
export const profiles = pgTable("profiles", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bio: text().notNull().default(""),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Avatar images uploaded on the Profile page, served only to their owner. */
export const avatars = pgTable("avatars", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mimeType: text().notNull(),
  bytes: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
