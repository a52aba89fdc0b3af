import { and, eq } from "drizzle-orm";
import type { PracticeView } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { practiceSets, retiredPracticeTokens } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { newShareToken, viewOf } from "./edit-practice";
import { findPracticeRow } from "./records";

/**
 * Replaces a set's link with a new one, for a link that got out of the class: the old one answers "no longer active"
 * at once, attempts so far are kept, and the new link is shown to copy. Open or closed stays as it was.
 */
export async function replaceShareLink(db: Db, publicUrl: string, teacherId: string, id: string): Promise<PracticeView> {
  const row = await findPracticeRow(db, teacherId, id);
  const oldToken = row.shareToken;
  if (!oldToken) throw new AppError("conflict", `This ${row.kind === "quiz" ? "quiz" : "deck"} has no link yet: share it first.`);
  return db.transaction(async (tx) => {
    // Claimed by the token it had: of two replacements at once, one changes it and the other finds it changed and
    // shows the link the first one made (the teacher asked for a new link, and has one).
    const [updated] = await tx
      .update(practiceSets)
      .set({ shareToken: newShareToken(), updatedAt: new Date() })
      .where(and(eq(practiceSets.id, row.id), eq(practiceSets.teacherId, teacherId), eq(practiceSets.shareToken, oldToken)))
      .returning();
    if (!updated) return viewOf(tx, await findPracticeRow(tx, teacherId, id), publicUrl);
    await tx.insert(retiredPracticeTokens).values({ token: oldToken, practiceSetId: row.id });
    return viewOf(tx, updated, publicUrl);
  });
}
