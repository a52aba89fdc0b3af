import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { fetchSession, requestSignOut, sessionQueryKey, type SessionUser } from "./api";

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
 * The one place that knows who is signed in. Pages read it through useSession() and never call the auth
 * endpoints themselves, so the accounts work can swap this implementation (for better-auth's client, say)
 * without touching them.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const sessionQuery = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
  });

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await requestSignOut();
    queryClient.setQueryData(sessionQueryKey, null);
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(() => {
    if (sessionQuery.isPending) return { status: "loading", refresh, signOut };
    const user = sessionQuery.data ?? undefined;
    return user ? { status: "signed-in", user, refresh, signOut } : { status: "signed-out", refresh, signOut };
  }, [sessionQuery.isPending, sessionQuery.data, refresh, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
