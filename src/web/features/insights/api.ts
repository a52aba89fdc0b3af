import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnalyticsView, NotificationList } from "../../../contracts/insights";
import type { NotificationView } from "../../../contracts/submissions";
import { apiRequest } from "../../lib/api";

/** Keys are the URLs, so the default query function loads them. */
export const notificationsQueryKey = ["/api/notifications"] as const;
export const analyticsQueryKey = ["/api/analytics"] as const;

/**
 * The sidebar's badge and the notifications page share this query. Grading finishes in the background, so the
 * page asks again each time it opens (staleTime 0) rather than trusting the app-wide "never stale" default.
 */
export function useNotifications(options: { isFresh?: boolean } = {}) {
  return useQuery<NotificationList>({ queryKey: notificationsQueryKey, ...(options.isFresh ? { staleTime: 0 } : {}) });
}

export function useAnalytics() {
  return useQuery<AnalyticsView>({ queryKey: analyticsQueryKey, staleTime: 0 });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await (await apiRequest("POST", `/api/notifications/${encodeURIComponent(id)}/read`)).json()) as NotificationView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/notifications/read-all");
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** Where a notice leads: the review queue when grades wait there, else the assignment itself. */
export function notificationLink(notice: Pick<NotificationView, "kind" | "assignmentId">): string | null {
  if (!notice.assignmentId) return null;
  const base = `/assignments/${encodeURIComponent(notice.assignmentId)}`;
  return notice.kind === "review_waiting" ? `${base}/review` : base;
}
