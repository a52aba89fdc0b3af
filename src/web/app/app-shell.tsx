import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { Toaster } from "../components/ui/toast";
import { SessionProvider } from "../features/auth/session";
import { createQueryClient } from "../lib/query-client";
import { SkipToContent, useFocusOnRouteChange } from "./route-focus";
import "../app.css";

// One cache for the whole visit: the shell unmounts on the landing page, and coming back should not refetch.
const queryClient = createQueryClient();

/** What every page but the landing page needs: the query cache, the session with its actions, and the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** The layout route around every page but the landing page; loaded with the first of them (see router.tsx). */
export function AppShell() {
  useFocusOnRouteChange();
  return (
    <AppProviders>
      <SkipToContent />
      <Outlet />
    </AppProviders>
  );
}
