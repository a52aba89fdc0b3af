import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { forgetUnsavedGrades } from "../submissions/review/unsaved-grades";
import { requestSignOut, sessionQueryKey, type SessionUser } from "./api";
import { forgetSession, reloadSession, useSessionSnapshot } from "./session-store";

export type SessionStatus = "loading" | "signed-in" | "signed-out";

export type SessionContextValue = {
  status: SessionStatus;
  user?: SessionUser;
  /** Asks the server again, e.g. after signing in. */
  refresh: () => Promise<void>;
  /** Signs out on the server and clears the local session; throws when the server refuses for another reason. */
  signOut: () => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * The one place the signed-in app learns who is signed in. Pages read it through useSession() and never call the
 * auth endpoints themselves. The answer itself lives in session-store, which the landing page reads without this
 * provider (and without TanStack Query).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const snapshot = useSessionSnapshot();

  const refresh = useCallback(async () => {
    // Queries under the session's key (the user id, say) follow the session.
    await Promise.all([reloadSession(), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]);
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await requestSignOut();
    forgetSession();
    // Sign out asks first while grade edits are kept (use-sign-out-question.tsx); signed out, they are the next
    // person's to find in this tab, so they go.
    forgetUnsavedGrades();
  }, []);

  const value = useMemo<SessionContextValue>(() => ({ ...snapshot, refresh, signOut }), [snapshot, refresh, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
