import { expect } from "vitest";
import type { Db } from "../../src/server/db/client";
import { latestMailTo } from "../support/accounts";
import { TestClient } from "../support/http";

/** A confirmed account with a given address (an admin named in ADMIN_EMAILS before the server started). */
export async function signUpWithEmail(baseUrl: string, db: Db, email: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const username = email.split("@")[0]!.replace(/[^a-z0-9]/g, "").slice(0, 30);
  const signUp = await client.post("/api/auth/sign-up/email", { email, username, name: username, password: "correct horse battery", callbackURL: "/auth/confirmed" });
  expect(signUp.status, signUp.text).toBe(200);
  const { link } = await latestMailTo(db, email);
  expect((await client.get(new URL(link!).pathname + new URL(link!).search)).status).toBe(302);
  return client;
}
