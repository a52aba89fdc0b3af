import { isUuid } from "../http/validation";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { notificationListLimit, type MarkAllReadResult, type NotificationList } from "../../contracts/insights";
import type { NotificationView } from "../../contracts/submissions";
import { notifications } from "../db/schema";
import { notFound } from "../http/app-error";
import type { Queryable } from "./teacher-profiles";

type NotificationRow = typeof notifications.$inferSelect;

function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    assignmentId: row.assignmentId,
    title: row.title,
    body: row.body,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function countUnread(db: Queryable, teacherId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.teacherId, teacherId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The newest notifications; the unread count covers older ones beyond the list too, so the badge never under-reports. */
export async function listNotifications(db: Queryable, teacherId: string): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.teacherId, teacherId))
    // Rows written in one transaction share a timestamp; the id keeps their order the same from one load to the next.
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(notificationListLimit);
  return { notifications: rows.map(toNotificationView), unreadCount: await countUnread(db, teacherId) };
}

/** Marks one of the teacher's notifications read; reading it again keeps the first time it was read. */
export async function markNotificationRead(db: Queryable, teacherId: string, id: string): Promise<NotificationView> {
  if (!isUuid(id)) throw notFound("That notification");
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.teacherId, teacherId)))
    .returning();
  if (!row) throw notFound("That notification");
  return toNotificationView(row);
}

export async function markAllNotificationsRead(db: Queryable, teacherId: string): Promise<MarkAllReadResult> {
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.teacherId, teacherId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { markedRead: marked.length };
}
