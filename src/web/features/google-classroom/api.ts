import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  classroomScopes,
  type AssignmentClassroomView,
  type ClassroomConnectionView,
  type ClassroomCourseWorkListView,
  type ClassroomCoursesView,
  type ClassroomGradesResult,
  type ClassroomRosterResult,
  type ClassroomSubmissionsResult,
  type LinkClassroomInput,
} from "../../../contracts/google-classroom";
import { apiRequest, getJson, postJson } from "../../lib/api";

const connectionKey = ["google-classroom", "connection"] as const;
const assignmentKey = (assignmentId: string) => ["submissions", assignmentId, "google-classroom"] as const;

export const useClassroomConnection = () => useQuery({ queryKey: connectionKey, queryFn: () => getJson<ClassroomConnectionView>("/api/google-classroom/connection") });

/**
 * Asks better-auth to link Google with the Classroom scopes added (incremental authorization: Google shows only the
 * new permissions); resolves with the consent page's address. Google sends the teacher back to Settings.
 */
export async function startClassroomConnect(): Promise<string> {
  const response = await postJson("/api/auth/link-social", { provider: "google", scopes: [...classroomScopes], callbackURL: "/app/settings", errorCallbackURL: "/app/settings" });
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  if (typeof body?.url !== "string") throw new Error("Google did not return an address to connect to");
  return body.url;
}

export function useDisconnectClassroom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest("DELETE", "/api/google-classroom/connection")).json()) as ClassroomConnectionView,
    onSuccess: (view) => client.setQueryData(connectionKey, view),
  });
}

export const useClassroomCourses = (isEnabled: boolean) =>
  useQuery({ queryKey: ["google-classroom", "courses"], queryFn: () => getJson<ClassroomCoursesView>("/api/google-classroom/courses"), enabled: isEnabled, retry: false });

export const useClassroomCourseWork = (courseId: string | undefined) =>
  useQuery({
    queryKey: ["google-classroom", "coursework", courseId],
    queryFn: () => getJson<ClassroomCourseWorkListView>(`/api/google-classroom/courses/${encodeURIComponent(courseId!)}/coursework`),
    enabled: Boolean(courseId),
    retry: false,
  });

export const useAssignmentClassroom = (assignmentId: string, isEnabled: boolean) =>
  useQuery({ queryKey: assignmentKey(assignmentId), queryFn: () => getJson<AssignmentClassroomView>(`/api/assignments/${encodeURIComponent(assignmentId)}/google-classroom`), enabled: isEnabled });

/** Imports refresh the assignment's roster and submissions (under the same "submissions" key as the link). */
export function useClassroomActions(assignmentId: string) {
  const client = useQueryClient();
  const base = `/api/assignments/${encodeURIComponent(assignmentId)}/google-classroom`;
  const setLink = (view: AssignmentClassroomView) => client.setQueryData(assignmentKey(assignmentId), view);
  const refreshWork = () => client.invalidateQueries({ queryKey: ["submissions", assignmentId] });
  return {
    link: useMutation({
      mutationFn: async ({ input, isPublishing }: { input: LinkClassroomInput; isPublishing: boolean }) => {
        const linked = (await (await apiRequest("PUT", base, input)).json()) as AssignmentClassroomView;
        if (!isPublishing) return linked;
        setLink(linked);
        return (await (await apiRequest("POST", `${base}/publish`)).json()) as AssignmentClassroomView;
      },
      onSuccess: setLink,
    }),
    unlink: useMutation({ mutationFn: async () => (await (await apiRequest("DELETE", base)).json()) as AssignmentClassroomView, onSuccess: setLink }),
    importRoster: useMutation({ mutationFn: async () => (await (await apiRequest("POST", `${base}/roster`)).json()) as ClassroomRosterResult, onSuccess: refreshWork }),
    importSubmissions: useMutation({
      mutationFn: async () => (await (await apiRequest("POST", `${base}/submissions`, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })).json()) as ClassroomSubmissionsResult,
      onSuccess: refreshWork,
    }),
    sendGrades: useMutation({
      mutationFn: async (returnToStudents: boolean) => (await (await apiRequest("POST", `${base}/grades`, { returnToStudents })).json()) as ClassroomGradesResult,
    }),
  };
}
