import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { avatars, profiles, users } from "../db/schema";

export async function findProfileText(db: Db, userId: string): Promise<{ bio: string }> {
  const [row] = await db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.userId, userId));
  return { bio: row?.bio ?? "" };
}

/** Updates the bio, or inserts the row when the teacher has none yet (spec: update, else insert). */
export async function saveProfileText(db: Db, userId: string, bio: string): Promise<{ bio: string }> {
  const [row] = await db
    .insert(profiles)
    .values({ userId, bio })
    .onConflictDoUpdate({ target: profiles.userId, set: { bio, updatedAt: new Date() } })
    .returning({ bio: profiles.bio });
  return { bio: row!.bio };
}

/** Stores the avatar and points the user's image at it; both writes or neither. */
export async function saveAvatar(db: Db, userId: string, mimeType: string, bytes: Uint8Array): Promise<{ image: string }> {
  const image = `/api/profile/avatar/${userId}?v=${Date.now()}`;
  await db.transaction(async (tx) => {
    const encoded = Buffer.from(bytes).toString("base64");
    await tx
      .insert(avatars)
      .values({ userId, mimeType, bytes: encoded })
      .onConflictDoUpdate({ target: avatars.userId, set: { mimeType, bytes: encoded, updatedAt: new Date() } });
    await tx.update(users).set({ image, updatedAt: new Date() }).where(eq(users.id, userId));
  });
  return { image };
}

export async function findAvatar(db: Db, userId: string): Promise<{ mimeType: string; bytes: Buffer } | undefined> {
  const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId));
  return row ? { mimeType: row.mimeType, bytes: Buffer.from(row.bytes, "base64") } : undefined;
}

export async function deleteAvatar(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.userId, userId));
    await tx.update(users).set({ image: null, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}
