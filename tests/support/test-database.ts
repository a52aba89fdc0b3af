import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../src/server/db/client";

/** Which database the API suites run on: TEST_DB=postgres uses TEST_DATABASE_URL, anything else PGlite. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export interface TestDatabase {
  database: Database;
  /** The postgres:// URL of this test's own database (PostgreSQL only), for a second server process. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === "pglite") {
    const tarball = await readFile(inject("pgliteTemplatePath"));
    const database = await openDatabase({ dataDir: "memory://", loadDataDir: new Blob([new Uint8Array(tarball)]), migrate: false });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)");
  const name = `markwise_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
