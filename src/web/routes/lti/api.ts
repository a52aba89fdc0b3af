import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AssignmentLtiView, GradeSyncResult, LtiPlatformInput, LtiPlatformView, LtiPlatformsView, LtiRegistrationLinkView, RosterImportResult } from "../../../contracts/lti";
import { apiRequest, getJson } from "../../lib/api";

const platformsKey = ["lti", "platforms"] as const;
const assignmentKey = (assignmentId: string) => ["submissions", assignmentId, "lti"] as const;

export const usePlatforms = () => useQuery({ queryKey: platformsKey, queryFn: () => getJson<LtiPlatformsView>("/api/lti/platforms") });

export function usePlatformActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: platformsKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, input }: { id?: string; input: LtiPlatformInput }) =>
        (await (await apiRequest(id ? "PUT" : "POST", id ? `/api/lti/platforms/${encodeURIComponent(id)}` : "/api/lti/platforms", input)).json()) as LtiPlatformView,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await apiRequest("DELETE", `/api/lti/platforms/${encodeURIComponent(id)}`);
      },
      onSuccess: refresh,
    }),
  };
}

export const useAssignmentLti = (assignmentId: string) =>
  useQuery({ queryKey: assignmentKey(assignmentId), queryFn: () => getJson<AssignmentLtiView>(`/api/assignments/${encodeURIComponent(assignmentId)}/lti`) });

/** Roster import refreshes the assignment's roster and submissions (they are under the same "submissions" key). */
export function useLtiActions(assignmentId: string) {
  const client = useQueryClient();
  const base = `/api/assignments/${encodeURIComponent(assignmentId)}/lti`;
  return {
    importRoster: useMutation({
      mutationFn: async (linkId: string) => (await (await apiRequest("POST", `${base}/roster`, { linkId })).json()) as RosterImportResult,
      onSuccess: () => client.invalidateQueries({ queryKey: ["submissions", assignmentId] }),
    }),
    sendGrades: useMutation({
      mutationFn: async (linkId: string) => (await (await apiRequest("POST", `${base}/grades`, { linkId })).json()) as GradeSyncResult,
    }),
  };
}

/** A new one-time Dynamic Registration link (admins only); nothing to refresh until the platform uses it. */
export const useCreateRegistrationLink = () =>
  useMutation({ mutationFn: async () => (await (await apiRequest("POST", "/api/lti/registration-links")).json()) as LtiRegistrationLinkView });
