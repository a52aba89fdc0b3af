import { Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { BrandMark } from "../../components/brand";
import { RequireSession } from "../../features/auth/require-session";
import { useSession } from "../../features/auth/session";
import { cn } from "../../lib/utils";
import { markSigningOut, SidebarContent, wasSignedOutHere } from "./sidebar";

/** Remembers whether the desktop sidebar is collapsed (spec: 256 px open, 64 px closed). */
export const sidebarStorageKey = "markwise.sidebar-collapsed";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(sidebarStorageKey) === "true";
  } catch {
    return false;
  }
}

export function DashboardLayout() {
  const { status } = useSession();
  if (status === "signed-out" && wasSignedOutHere()) return <SignedOutRedirect />;
  return (
    <RequireSession>
      <DashboardShell />
    </RequireSession>
  );
}

function SignedOutRedirect() {
  useEffect(() => () => markSigningOut(false), []);
  return <Navigate to="/" replace />;
}

function DashboardShell() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    try {
      window.localStorage.setItem(sidebarStorageKey, String(collapsed));
    } catch {
      // Not remembering the sidebar is harmless.
    }
  }, [collapsed]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="min-h-dvh md:flex">
      <aside
        aria-label="Sidebar"
        style={{ width: collapsed ? 64 : 256 }}
        className="hidden shrink-0 border-r border-border bg-surface transition-[width] duration-200 md:block"
      >
        <div className="sticky top-0 h-dvh">
          <SidebarContent collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
        </div>
      </aside>

      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/90 px-2 backdrop-blur md:hidden">
          <DialogPrimitive.Trigger
            aria-label="Open menu"
            className="inline-flex size-10 items-center justify-center rounded-lg text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Menu aria-hidden className="size-5" />
          </DialogPrimitive.Trigger>
          <span className="inline-flex items-center gap-2 font-display text-lg font-semibold tracking-tight">
            <BrandMark className="size-7" />
            Markwise
          </span>
        </header>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-[#1a1d1c]/40 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out md:hidden" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className={cn(
              "fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] border-r border-border bg-surface shadow-overlay focus:outline-none md:hidden",
              "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out",
            )}
          >
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <SidebarContent onNavigate={() => setDrawerOpen(false)} />
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="absolute top-3 right-2 inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X aria-hidden className="size-[18px]" />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>

      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
