import { desc, eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { outbox, users } from "../../src/server/db/schema";
import { TestClient } from "./http";

/** The newest mail sent to `email` (from the outbox), and the first link in it. */
export async function latestMailTo(db: Db, email: string): Promise<{ subject: string; text: string; link: string | undefined }> {
  const mails = await db.select().from(outbox).orderBy(desc(outbox.createdAt));
  const mail = mails.find((candidate) => candidate.to.includes(email));
  if (!mail) throw new Error(`No mail to ${email} in the outbox`);
  return { subject: mail.subject, text: mail.text, link: mail.text.match(/https?:\/\/\S+/)?.[0] };
}

let counter = 0;
export function uniqueTeacher(prefix = "teacher") {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id.slice(0, 30), email: `${id}@school.test`, password: "correct horse battery" };
}

/** Signs up through the API, follows the confirmation link from the outbox, and returns a signed-in client. */
export async function createSignedInTeacher(baseUrl: string, db: Db, prefix?: string) {
  const teacher = uniqueTeacher(prefix);
  const client = new TestClient(baseUrl);
  const signUp = await client.post("/api/auth/sign-up/email", { ...teacher, name: teacher.username, callbackURL: "/auth/confirmed" });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const { link } = await latestMailTo(db, teacher.email);
  const confirm = await client.get(new URL(link!).pathname + new URL(link!).search);
  if (confirm.status !== 302) throw new Error(`confirmation failed: ${confirm.status} ${confirm.text}`);
  const [user] = await db.select().from(users).where(eq(users.email, teacher.email));
  return { ...teacher, id: user!.id, client };
}
