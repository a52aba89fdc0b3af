import { formatDistanceToNow } from "date-fns";
import { Bell, CheckCheck, CircleAlert, CircleCheck, ClipboardList, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { NotificationView } from "../../../contracts/submissions";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { notificationLink, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "../../features/insights/api";
import { describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { EmptyPage } from "./empty-page";
import { PageBody, PageHeader } from "./page-header";

const kindIcons: Record<NotificationView["kind"], { icon: LucideIcon; className: string }> = {
  grading_finished: { icon: CircleCheck, className: "bg-accent-soft text-primary" },
  review_waiting: { icon: ClipboardList, className: "bg-amber-50 text-amber-800" },
  grading_failed: { icon: CircleAlert, className: "bg-destructive-soft text-destructive" },
};

const description = "What happened to your students' work while you were away.";

export function NotificationsPage() {
  useDocumentTitle("Notifications");
  const notifications = useNotifications({ isFresh: true });
  const markAll = useMarkAllNotificationsRead();

  if (notifications.data && notifications.data.notifications.length === 0) {
    return (
      <EmptyPage
        title="Notifications"
        description={description}
        icon={Bell}
        heading="No notifications yet"
        body="Once submissions are graded, Markwise tells you here when each grading run finishes: how many grades were accepted automatically, how many wait for your review, and any work that could not be graded."
      />
    );
  }

  const unreadCount = notifications.data?.unreadCount ?? 0;
  return (
    <PageBody>
      <PageHeader title="Notifications" description={description}>
        {notifications.data ? (
          <Button
            variant="outline"
            size="sm"
            disabled={unreadCount === 0 || markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onError: (error) => toast({ variant: "destructive", title: "Could not mark them read", description: describeError(error, "Please check your connection and try again.") }),
              })
            }
          >
            <CheckCheck aria-hidden />
            Mark all as read
          </Button>
        ) : null}
      </PageHeader>
      {notifications.isPending ? (
        <Spinner className="mt-10" label="Loading notifications..." />
      ) : notifications.isError ? (
        <p role="alert" className="mt-8 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
          Your notifications could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
            {unreadCount === 0 ? "All caught up: nothing unread." : `${unreadCount} unread`}
          </p>
          <ul aria-label="Notifications" className="mt-3 grid max-w-3xl gap-2">
            {notifications.data.notifications.map((notice) => (
              <NotificationItem key={notice.id} notice={notice} />
            ))}
          </ul>
        </>
      )}
    </PageBody>
  );
}

function NotificationItem({ notice }: { notice: NotificationView }) {
  const markRead = useMarkNotificationRead();
  const href = notificationLink(notice);
  const { icon: Icon, className } = kindIcons[notice.kind];
  const created = new Date(notice.createdAt);
  const title = (
    <>
      {notice.isRead ? null : <span className="sr-only">Unread: </span>}
      {notice.title}
    </>
  );

  return (
    <li className={cn("flex gap-3 rounded-2xl border p-4 sm:p-5", notice.isRead ? "border-border bg-surface" : "border-primary/25 bg-accent-soft/40")}>
      <span className={cn("grid size-10 shrink-0 place-items-center rounded-xl", className)}>
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 font-semibold wrap-anywhere">
            {href ? (
              <Link
                to={href}
                // Following a notice is reading it; the request outlives the page change.
                onClick={() => (notice.isRead ? undefined : markRead.mutate(notice.id))}
                className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </h2>
          {notice.isRead ? null : <span aria-hidden className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" />}
        </div>
        <p className="mt-1 text-sm leading-relaxed wrap-anywhere text-muted-foreground">{notice.body}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          <time dateTime={notice.createdAt} title={created.toLocaleString()} className="text-xs text-muted-foreground">
            {formatDistanceToNow(created, { addSuffix: true })}
          </time>
          {notice.isRead ? null : (
            <button
              type="button"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(notice.id)}
              aria-label={`Mark as read: ${notice.title}`}
              className="rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-55"
            >
              Mark as read
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
