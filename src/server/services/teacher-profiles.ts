import { eq } from "drizzle-orm";
import type { TeacherProfile, TeacherProfileInput } from "../../contracts/teacher-profile";
import type { Db } from "../db/client";
import { teacherProfiles } from "../db/schema";

type ProfileRow = typeof teacherProfiles.$inferSelect;
/** A database handle or an open transaction: both have the same query API. */
export type Queryable = Pick<Db, "select" | "insert" | "update" | "delete">;

export function toTeacherProfile(row: ProfileRow): TeacherProfile {
  const { extra: _extra, createdAt, updatedAt, ...fields } = row;
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  return {
    ...present,
    id: row.id,
    calibrated: row.calibrated,
    calibrationFit: row.calibrationFit ?? null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  } as TeacherProfile;
}

export async function findTeacherProfile(db: Queryable, teacherId: string): Promise<TeacherProfile | null> {
  const [row] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row ? toTeacherProfile(row) : null;
}

/** Creates the profile or updates the fields given; fields left out keep their stored values. */
export async function upsertTeacherProfile(
  db: Queryable,
  teacherId: string,
  input: TeacherProfileInput,
  flags: { calibrated?: boolean; calibrationFit?: unknown } = {},
): Promise<TeacherProfile> {
  const values = { ...input, ...flags, updatedAt: new Date() };
  const [row] = await db
    .insert(teacherProfiles)
    .values({ id: teacherId, ...values })
    .onConflictDoUpdate({ target: teacherProfiles.id, set: values })
    .returning();
  return toTeacherProfile(row!);
}

export async function setCalibrated(db: Queryable, teacherId: string, calibrated: boolean): Promise<TeacherProfile | null> {
  const [row] = await db.update(teacherProfiles).set({ calibrated, updatedAt: new Date() }).where(eq(teacherProfiles.id, teacherId)).returning();
  return row ? toTeacherProfile(row) : null;
}
