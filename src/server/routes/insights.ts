import { errorBody } from "../../contracts/errors";
import { analyticsView, markAllReadResult, notificationList, notificationParams } from "../../contracts/insights";
import { notificationView } from "../../contracts/submissions";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { buildAnalytics } from "../services/analytics";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../services/notifications";

const unauthorized = { description: "Not signed in", schema: errorBody };
const missing = { description: "Not found for this teacher", schema: errorBody };

/** What grading runs produced, read back for the teacher: notifications and analytics. */
export function registerInsightRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;

  router.route(
    {
      method: "get",
      path: "/api/notifications",
      summary: "The newest 50 notifications (grading runs finished, reviews waiting, work that could not be graded), newest first, with the unread count",
      tag: "Notifications",
      access: "session",
      responses: { 200: { description: "Notifications", schema: notificationList }, 401: unauthorized },
    },
    async (c) => c.json(await listNotifications(db, requireUser(c).id)),
  );

  router.route(
    {
      method: "post",
      path: "/api/notifications/read-all",
      summary: "Mark every unread notification read",
      tag: "Notifications",
      access: "session",
      responses: { 200: { description: "How many were marked read", schema: markAllReadResult }, 401: unauthorized },
    },
    async (c) => c.json(await markAllNotificationsRead(db, requireUser(c).id)),
  );

  router.route(
    {
      method: "post",
      path: "/api/notifications/:id/read",
      summary: "Mark one notification read",
      tag: "Notifications",
      access: "session",
      params: notificationParams,
      responses: { 200: { description: "The notification, read", schema: notificationView }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await markNotificationRead(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "get",
      path: "/api/analytics",
      summary: "The teacher's own figures across all assignments (each field's description says what it counts) and a row per assignment with submissions",
      tag: "Analytics",
      access: "session",
      responses: { 200: { description: "Analytics", schema: analyticsView }, 401: unauthorized },
    },
    async (c) => c.json(await buildAnalytics(db, requireUser(c).id)),
  );
}
