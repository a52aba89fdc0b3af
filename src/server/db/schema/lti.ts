import { doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { JWK } from "jose";
import { assignments } from "./assignments";
import { users } from "./auth";
import { rosterStudents, submissions } from "./submissions";

/**
 * A learning platform (Canvas, Moodle, Schoology, Brightspace) registered by an installation admin: what Markwise needs
 * to trust its launches (issuer, client id, deployments, keyset) and to call its services (token URL).
 */
export const ltiPlatforms = pgTable(
  "lti_platforms",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    issuer: text().notNull(),
    clientId: text().notNull(),
    deploymentIds: jsonb().$type<string[]>().notNull().default([]),
    authLoginUrl: text().notNull(),
    tokenUrl: text().notNull(),
    keysetUrl: text().notNull(),
    /** The admin who registered it (kept when they leave: the platform stays registered). */
    addedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex().on(table.issuer, table.clientId)],
);

/**
 * The tool's own RSA signing keys. The private key is encrypted with a key derived from the auth secret; the newest
 * key signs, and a replaced one stays published in the JWKS until `publishedUntil` so tokens it signed still verify.
 */
export const ltiToolKeys = pgTable("lti_tool_keys", {
  kid: text().primaryKey(),
  publicJwk: jsonb().$type<JWK>().notNull(),
  privateKeyEncrypted: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set when a newer key replaced this one. */
  replacedAt: timestamp({ withTimezone: true }),
  publishedUntil: timestamp({ withTimezone: true }),
});

/** An OIDC login in progress: the state (stored hashed) and the nonce the launch's id_token must carry. */
export const ltiLoginStates = pgTable(
  "lti_login_states",
  {
    stateHash: text().primaryKey(),
    platformId: uuid()
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    nonce: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.expiresAt)],
);

/** Every nonce a launch used, until its token could no longer be valid: a replayed id_token is refused. */
export const ltiUsedNonces = pgTable(
  "lti_used_nonces",
  {
    platformId: uuid()
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    nonce: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.platformId, table.nonce] }), index().on(table.expiresAt)],
);

/** A platform user (the id_token's `sub`) who is a Markwise teacher: linked on their first instructor launch. */
export const ltiUsers = pgTable(
  "lti_users",
  {
    platformId: uuid()
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    subject: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.platformId, table.subject] }), index().on(table.userId)],
);

/** A platform's resource link (a course's activity) opening one Markwise assignment, with the services it offers. */
export const ltiResourceLinks = pgTable(
  "lti_resource_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    platformId: uuid()
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    deploymentId: text().notNull(),
    resourceLinkId: text().notNull(),
    contextId: text(),
    contextTitle: text(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Assignment and Grade Services: the line item scores go to, and the course's list of line items. */
    lineItemUrl: text(),
    lineItemsUrl: text(),
    agsScopes: jsonb().$type<string[]>().notNull().default([]),
    /** Names and Role Provisioning: the course's membership. */
    membershipsUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex().on(table.platformId, table.resourceLinkId), index().on(table.assignmentId)],
);

/**
 * An instructor launch waiting for the teacher to choose an assignment: a Deep Linking request (answered with a signed
 * response to `returnUrl`) or a resource link that opens no assignment yet.
 */
export const ltiPendingPicks = pgTable("lti_pending_picks", {
  id: uuid().primaryKey().defaultRandom(),
  kind: text().$type<"deep_link" | "resource_link">().notNull(),
  platformId: uuid()
    .notNull()
    .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
  teacherId: text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  deploymentId: text().notNull(),
  /** deep_link: the platform's deep_link_return_url and opaque data to echo. */
  returnUrl: text(),
  data: text(),
  /** resource_link: the link and its services, stored once the teacher picks. */
  resourceLink: jsonb().$type<{ resourceLinkId: string; contextId: string | null; contextTitle: string | null; lineItemUrl: string | null; lineItemsUrl: string | null; agsScopes: string[]; membershipsUrl: string | null }>(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A roster student imported from the platform's membership: who they are there (their `sub`). */
export const ltiRosterMembers = pgTable(
  "lti_roster_members",
  {
    resourceLinkId: uuid()
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: "cascade" }),
    subject: text().notNull(),
    rosterStudentId: uuid()
      .notNull()
      .references(() => rosterStudents.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.resourceLinkId, table.subject] }), index().on(table.rosterStudentId)],
);

/** The last score sent to the platform per submission: sending again posts only what changed. */
export const ltiScorePosts = pgTable(
  "lti_score_posts",
  {
    resourceLinkId: uuid()
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: "cascade" }),
    submissionId: uuid()
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    subject: text().notNull(),
    scoreGiven: doublePrecision().notNull(),
    scoreMaximum: doublePrecision().notNull(),
    comment: text(),
    postedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.resourceLinkId, table.submissionId] })],
);

/**
 * A one-time link an admin creates for LTI Dynamic Registration: whoever opens it with a platform's configuration
 * registers that platform, so it is the admin's consent, spent by its first registration and short-lived (decision
 * record 021, addendum). Only a hash of the secret in the URL is kept.
 */
export const ltiRegistrationLinks = pgTable(
  "lti_registration_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    createdBy: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set while a registration runs and kept once it succeeded; cleared again when the registration failed. */
    usedAt: timestamp({ withTimezone: true }),
    platformId: uuid().references(() => ltiPlatforms.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.expiresAt)],
);
