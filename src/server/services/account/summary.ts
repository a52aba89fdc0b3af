import { count, eq } from "drizzle-orm";
import type { AccountSummary } from "../../../contracts/account";
import { passwordHashOf } from "../../auth/confirm-identity";
import type { Db } from "../../db/client";
import { assignments, chatMessages, storedFiles, submissions, teacherProfiles, users } from "../../db/schema";
import { notFound } from "../../http/app-error";

/** Counts what the teacher's account holds: the delete confirmation names it, the export holds it. */
export async function accountSummary(db: Db, userId: string): Promise<AccountSummary> {
  const [user] = await db.select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("That account");
  const countOf = async (table: typeof assignments | typeof submissions | typeof storedFiles | typeof chatMessages) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.teacherId, userId));
    return Number(row?.n ?? 0);
  };
  const [profile] = await db.select({ id: teacherProfiles.id }).from(teacherProfiles).where(eq(teacherProfiles.id, userId));
  return {
    email: user.email,
    assignments: await countOf(assignments),
    submissions: await countOf(submissions),
    files: await countOf(storedFiles),
    chatMessages: await countOf(chatMessages),
    hasTeacherProfile: Boolean(profile),
    hasPassword: (await passwordHashOf(db, userId)) !== null,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}
