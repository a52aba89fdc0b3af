import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageFallback } from "../../app/page-fallback";
import { useSession } from "./session";

/** Pages that need a session: Loading... while it is being determined, /auth when there is none. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === "loading") return <PageFallback />;
  if (status === "signed-out") return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** Pages a signed-in visitor should not see (landing, /auth): they go to /app. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === "loading") return <PageFallback />;
  if (status === "signed-in") return <Navigate to="/app" replace />;
  return <>{children}</>;
}
