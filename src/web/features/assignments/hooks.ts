import { useQuery } from "@tanstack/react-query";
import type { Assignment, AssignmentStatus } from "../../../contracts/assignments";
import { sessionQueryKey } from "../auth/api";
import { assignmentListQueryKey, assignmentQueryKey } from "./api";

/**
 * The signed-in user's id, which the assignment calls put in their paths. The session context only exposes what
 * screens show (no id), so this reads GET /api/auth/get-session under a key beside the session's own: refreshing
 * the session (invalidating sessionQueryKey) refreshes this too.
 */
export function useSessionUserId(): { userId: string | undefined; isPending: boolean; isError: boolean } {
  const query = useQuery({
    queryKey: [...sessionQueryKey, "user-id"],
    queryFn: async ({ signal }) => {
      const response = await fetch("/api/auth/get-session", { credentials: "include", headers: { Accept: "application/json" }, signal });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const answer = (await response.json()) as { user?: { id?: unknown } } | null;
      const id = answer?.user?.id;
      if (typeof id !== "string" || !id) throw new Error("The session has no user id");
      return id;
    },
  });
  return { userId: query.data, isPending: query.isPending, isError: query.isError };
}

export function useAssignment(id: string | undefined) {
  return useQuery<Assignment>({ queryKey: assignmentQueryKey(id ?? ""), enabled: Boolean(id) });
}

export function useAssignmentList(teacherId: string | undefined, status: AssignmentStatus) {
  return useQuery<Assignment[]>({ queryKey: assignmentListQueryKey(teacherId ?? "", status), enabled: Boolean(teacherId) });
}
