import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AttemptStart,
  AttemptResult,
  CreatePracticeInput,
  PracticeKind,
  PracticeResults,
  PracticeSummary,
  PracticeView,
  QuizSettings,
  ResetAllAttemptsResult,
  ResetAttemptsResult,
  SharedPractice,
  SubmitAttemptInput,
} from "../../../contracts/practice";
import { apiRequest, getJson, throwIfNotOk } from "../../lib/api";

const base = "/api/practice";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const practiceKeys = {
  lists: ["practice", "list"] as const,
  list: (kind: PracticeKind) => [...practiceKeys.lists, kind] as const,
  one: (id: string) => ["practice", id] as const,
  results: (id: string) => ["practice", id, "results"] as const,
  shared: (token: string) => ["shared-practice", token] as const,
};

/** The page for a set: quizzes and decks live under their own tiles' addresses. */
export const practicePath = (set: { kind: PracticeKind; id: string }) => `/${set.kind === "quiz" ? "quizzes" : "flashcards"}/${set.id}`;

const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

/** A kind's list as the practice pages read it; other screens counting sets share its cache through this. */
export const practiceListQuery = (kind: PracticeKind) => ({
  queryKey: practiceKeys.list(kind),
  queryFn: () => getJson<PracticeSummary[]>(`${base}?kind=${kind}`),
});

export function usePracticeList(kind: PracticeKind) {
  return useQuery(practiceListQuery(kind));
}

export function usePractice(id: string) {
  return useQuery({ queryKey: practiceKeys.one(id), queryFn: () => getJson<PracticeView>(one(id)) });
}

export function usePracticeResults(id: string, enabled: boolean) {
  return useQuery({ queryKey: practiceKeys.results(id), queryFn: () => getJson<PracticeResults>(`${one(id)}/results`), enabled });
}

const createPractice = (input: CreatePracticeInput) => json<PracticeView>(apiRequest("POST", base, input));
const createClassPractice = (assignmentId: string) => json<{ quiz: PracticeView; deck: PracticeView }>(apiRequest("POST", `${base}/from-class`, { assignmentId }));

/** Making a set changes the lists: a teacher going back to them sees it without a reload. */
export function useCreatePractice() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: practiceKeys.lists });
  return {
    fromSource: useMutation({ mutationFn: createPractice, onSuccess }),
    fromClass: useMutation({ mutationFn: createClassPractice, onSuccess }),
  };
}

/** Uploads a document with the readers rubrics and submissions use; its text stays on the server under fileId. */
export async function uploadDocument(file: File): Promise<{ fileId: string; fileName: string }> {
  const form = new FormData();
  form.append("file", file);
  const response = await throwIfNotOk(await fetch("/api/documents", { method: "POST", body: form, credentials: "include" }));
  return (await response.json()) as { fileId: string; fileName: string };
}

/** Every change to a set answers the set as saved: the page shows exactly what the server kept. */
export function usePracticeActions(id: string) {
  const queryClient = useQueryClient();
  const keep = (view: PracticeView) => {
    queryClient.setQueryData(practiceKeys.one(id), view);
    void queryClient.invalidateQueries({ queryKey: practiceKeys.lists });
  };
  return {
    saveItems: useMutation({ mutationFn: (items: unknown[]) => json<PracticeView>(apiRequest("PUT", `${one(id)}/items`, { items })), onSuccess: keep }),
    update: useMutation({ mutationFn: (input: { title?: string; settings?: QuizSettings; isOpen?: boolean }) => json<PracticeView>(apiRequest("PATCH", one(id), input)), onSuccess: keep }),
    share: useMutation({ mutationFn: () => json<PracticeView>(apiRequest("POST", `${one(id)}/share`)), onSuccess: keep }),
    newLink: useMutation({ mutationFn: () => json<PracticeView>(apiRequest("POST", `${one(id)}/share/new-link`)), onSuccess: keep }),
    remove: useMutation({
      mutationFn: async () => void (await apiRequest("DELETE", one(id))),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.lists }),
    }),
  };
}

/**
 * One student's attempts given back (studentName), or every student's (null); the results and the lists' attempt
 * counts are read again.
 */
export function useResetAttempts(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentName: string | null) =>
      studentName === null
        ? json<ResetAllAttemptsResult>(apiRequest("DELETE", `${one(id)}/attempts/all`))
        : json<ResetAttemptsResult>(apiRequest("DELETE", `${one(id)}/attempts?studentName=${encodeURIComponent(studentName)}`)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: practiceKeys.results(id) });
      void queryClient.invalidateQueries({ queryKey: practiceKeys.lists });
    },
  });
}

export const exportUrl = (id: string, format: string) => `${one(id)}/export?format=${format}`;
export const resultsCsvUrl = (id: string) => `${one(id)}/results.csv`;

const shared = (token: string) => `/api/shared-practice/${encodeURIComponent(token)}`;

export function useSharedPractice(token: string) {
  return useQuery({ queryKey: practiceKeys.shared(token), queryFn: () => getJson<SharedPractice>(shared(token)), retry: false, staleTime: Infinity });
}

/** Opens the student's next attempt: the server's start of its clock, found again by a reload or another device. */
export const startAttempt = (token: string, studentName: string) => json<AttemptStart>(apiRequest("POST", `${shared(token)}/start`, { studentName }));

export const submitAttempt = (token: string, input: SubmitAttemptInput) => json<AttemptResult>(apiRequest("POST", `${shared(token)}/attempts`, input));

/** The class list's spelling of the name, or an error saying what to write. */
export const checkStudentName = (token: string, studentName: string) => json<{ studentName: string }>(apiRequest("POST", `${shared(token)}/name`, { studentName }));
