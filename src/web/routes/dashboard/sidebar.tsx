import {
  BarChart3,
  Bell,
  CircleCheck,
  House,
  LoaderCircle,
  LogOut,
  PanelLeftClose,
  PanelLeftOpen,
  Server,
  Settings,
  Sparkles,
  UserRound,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { BrandMark } from "../../components/brand";
import { Avatar, AvatarFallback, AvatarImage } from "../../components/ui/avatar";
import { toast } from "../../components/ui/toast";
import { initialsFromEmail } from "../../features/auth/api";
import { useSignOutQuestion } from "../../features/auth/components/use-sign-out-question";
import { useSession } from "../../features/auth/session";
import { useTeacherProfile } from "../../features/calibration/api";
import { useNotifications } from "../../features/insights/api";
import { cn } from "../../lib/utils";

const navItems: { to: string; label: string; icon: LucideIcon; end?: boolean; showsUnread?: boolean }[] = [
  { to: "/app/settings", label: "Settings", icon: Settings },
  { to: "/app", label: "Home", icon: House, end: true },
  { to: "/app/profile", label: "Profile", icon: UserRound },
  { to: "/app/notifications", label: "Notifications", icon: Bell, showsUnread: true },
  { to: "/app/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/app/system", label: "System", icon: Server },
];

const itemBase = cn(
  "flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-[18px] [&_svg]:shrink-0",
);

let isSigningOutHere = false;

/**
 * Set while Sign Out runs, so the dashboard's guard sends the teacher to the landing page (spec: Sign Out goes
 * to /) rather than to /auth when the session disappears.
 */
export function markSigningOut(value: boolean): void {
  isSigningOutHere = value;
}

export function wasSignedOutHere(): boolean {
  return isSigningOutHere;
}

/** The username, or the part of the e-mail before the @. */
export function sidebarName(user: { email: string; username?: string } | undefined): string {
  if (!user) return "";
  return user.username || user.email.split("@")[0] || user.email;
}

/**
 * The dashboard's navigation: the pages, the setup button (Set Up / Required until calibrated, then Setup
 * Complete), Sign Out and who is signed in. `collapsed` shows icons only (64 px); the labels stay as
 * accessible names.
 */
export function SidebarContent({
  collapsed = false,
  onToggle,
  onNavigate,
}: {
  collapsed?: boolean;
  /** Present on the desktop sidebar: the collapse/expand button. */
  onToggle?: () => void;
  /** Called after a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}) {
  const { user, signOut } = useSession();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const name = sidebarName(user);
  const unreadCount = useNotifications().data?.unreadCount ?? 0;

  async function handleSignOut() {
    setIsSigningOut(true);
    markSigningOut(true);
    try {
      // The dashboard's guard sees the session end and goes to / (see markSigningOut).
      await signOut();
    } catch {
      markSigningOut(false);
      toast({ variant: "destructive", title: "Sign out failed", description: "Please check your connection and try again." });
      setIsSigningOut(false);
    }
  }
  const signOutGuard = useSignOutQuestion(() => void handleSignOut());

  return (
    <div className="flex h-full flex-col gap-2 overflow-x-hidden overflow-y-auto p-2">
      <div className={cn("flex gap-2 pt-2 pb-3", collapsed ? "flex-col items-center" : "items-center justify-between pr-1 pl-2")}>
        <Link
          to="/app"
          onClick={onNavigate}
          aria-label={collapsed ? "Markwise home" : undefined}
          className="inline-flex items-center gap-2.5 rounded-lg font-display text-xl font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark />
          {collapsed ? null : "Markwise"}
        </Link>
        {onToggle ? (
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!collapsed}
            title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {collapsed ? <PanelLeftOpen aria-hidden className="size-[18px]" /> : <PanelLeftClose aria-hidden className="size-[18px]" />}
          </button>
        ) : null}
      </div>

      <nav aria-label="Dashboard">
        <ul className="grid gap-0.5">
          {navItems.map(({ to, label, icon: Icon, end, showsUnread }) => {
            const unread = showsUnread ? unreadCount : 0;
            const accessibleName = unread ? `${label}, ${unread} unread` : label;
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  onClick={onNavigate}
                  // Open, the visible text names the link (and the badge reads as "3 unread"); collapsed, only the label can.
                  aria-label={collapsed ? accessibleName : undefined}
                  title={collapsed ? accessibleName : undefined}
                  className={({ isActive }) =>
                    cn(itemBase, collapsed && "relative justify-center px-0", isActive ? "bg-accent-soft text-accent-strong" : "text-muted-foreground hover:bg-muted hover:text-foreground")
                  }
                >
                  <Icon aria-hidden />
                  {collapsed ? null : label}
                  {unread ? <UnreadBadge count={unread} collapsed={collapsed} /> : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <SetupButton collapsed={collapsed} onNavigate={onNavigate} />

      <div className="mt-auto grid gap-1 border-t border-border pt-2">
        <button
          type="button"
          onClick={signOutGuard.requestSignOut}
          disabled={isSigningOut}
          aria-label={collapsed ? (isSigningOut ? "Signing out..." : "Sign Out") : undefined}
          title={collapsed ? "Sign Out" : undefined}
          className={cn(itemBase, collapsed && "justify-center px-0", "text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-60")}
        >
          {isSigningOut ? <LoaderCircle aria-hidden className="animate-spin" /> : <LogOut aria-hidden />}
          {collapsed ? null : isSigningOut ? "Signing out..." : "Sign Out"}
        </button>
        {signOutGuard.question}
        {user ? (
          <div className={cn("flex items-center gap-3 rounded-lg py-2", collapsed ? "justify-center" : "px-2")} title={collapsed ? `${name} · Online` : undefined}>
            <span className="relative">
              <Avatar className="size-9">
                {user.image ? <AvatarImage src={user.image} alt="" /> : null}
                <AvatarFallback>{initialsFromEmail(user.email)}</AvatarFallback>
              </Avatar>
              <span aria-hidden className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface bg-emerald-500" />
            </span>
            <span className={cn("grid min-w-0", collapsed && "sr-only")}>
              <span className="truncate text-sm font-medium" title={name}>
                {name}
              </span>
              <span className="text-xs text-emerald-700">Online</span>
            </span>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The count is in the link's own name (the badge is only its picture). */
function UnreadBadge({ count, collapsed }: { count: number; collapsed: boolean }) {
  if (collapsed) return <span aria-hidden className="absolute top-1.5 right-2.5 size-2 rounded-full bg-primary" />;
  return (
    <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold text-primary-foreground tabular-nums">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function SetupButton({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { profile, isPending: isLoading, isError } = useTeacherProfile();
  const isPending = isLoading || isError;
  const calibrated = profile?.calibrated === true;
  const label = calibrated ? "Setup Complete" : "Set Up";

  return (
    <Link
      to="/setup"
      onClick={onNavigate}
      aria-label={collapsed ? (calibrated ? "Setup Complete" : isPending ? "Set Up" : "Set Up, Required") : undefined}
      title={collapsed ? label : undefined}
      className={cn(
        itemBase,
        "mt-2 border",
        collapsed && "relative justify-center px-0",
        calibrated ? "border-emerald-200 bg-emerald-50 text-emerald-800 hover:bg-emerald-100" : "border-primary/25 bg-accent-soft text-accent-strong hover:bg-[#d6e7de]",
      )}
    >
      {calibrated ? <CircleCheck aria-hidden className="text-emerald-600" /> : <Sparkles aria-hidden />}
      {collapsed ? (
        !calibrated && !isPending ? <span aria-hidden className="absolute top-1.5 right-2.5 size-2 rounded-full bg-amber-500" /> : null
      ) : (
        <>
          <span className="flex-1 text-left">{label}</span>
          {!calibrated && !isPending ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900">Required</span>
          ) : null}
        </>
      )}
    </Link>
  );
}
