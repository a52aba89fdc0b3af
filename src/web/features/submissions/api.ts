import type {
  DraftHandling,
  AgreementGrowth,
  AgreementView,
  FeedbackReport,
  GradeEditInput,
  Gradebook,
  GradingProgress,
  ProposedSamples,
  RosterView,
  SubmissionDetail,
  SubmissionOrder,
  SubmissionStatus,
  SubmissionSummary,
  UploadOutcome,
} from "../../../contracts/submissions";
import { submissionLimits } from "../../../contracts/submissions";
import { apiRequest, getJson, throwIfNotOk } from "../../lib/api";

const base = (assignmentId: string) => `/api/assignments/${encodeURIComponent(assignmentId)}`;
const one = (submissionId: string) => `/api/submissions/${encodeURIComponent(submissionId)}`;

/** Query keys; every key under ["submissions", assignmentId] is refreshed together when grades change. */
export const submissionKeys = {
  all: (assignmentId: string) => ["submissions", assignmentId] as const,
  list: (assignmentId: string, order: SubmissionOrder, status?: SubmissionStatus) => ["submissions", assignmentId, "list", order, status ?? "all"] as const,
  progress: (assignmentId: string) => ["submissions", assignmentId, "progress"] as const,
  agreement: (assignmentId: string) => ["submissions", assignmentId, "agreement"] as const,
  agreementGrowth: (assignmentId: string) => ["submissions", assignmentId, "agreement-growth"] as const,
  proposedSamples: (assignmentId: string) => ["submissions", assignmentId, "proposed-samples"] as const,
  roster: (assignmentId: string) => ["submissions", assignmentId, "roster"] as const,
  gradebook: (assignmentId: string) => ["submissions", assignmentId, "gradebook"] as const,
  feedbackReport: (assignmentId: string, drafts: DraftHandling) => ["submissions", assignmentId, "feedback-report", drafts] as const,
  detail: (submissionId: string) => ["submission", submissionId] as const,
};

export const fetchSubmissions = (assignmentId: string, order: SubmissionOrder = "student", status?: SubmissionStatus) =>
  getJson<SubmissionSummary[]>(`${base(assignmentId)}/submissions?order=${order}${status ? `&status=${status}` : ""}`);
export const fetchProgress = (assignmentId: string) => getJson<GradingProgress>(`${base(assignmentId)}/grading-progress`);
export const fetchAgreement = (assignmentId: string) => getJson<AgreementView>(`${base(assignmentId)}/agreement`);
export const fetchAgreementGrowth = (assignmentId: string) => getJson<AgreementGrowth>(`${base(assignmentId)}/agreement-growth`);
export const fetchProposedSamples = (assignmentId: string) => getJson<ProposedSamples>(`${base(assignmentId)}/proposed-samples`);
export const fetchRoster = (assignmentId: string) => getJson<RosterView>(`${base(assignmentId)}/roster`);
export const fetchGradebook = (assignmentId: string) => getJson<Gradebook>(`${base(assignmentId)}/gradebook`);
export const fetchFeedbackReport = (assignmentId: string, drafts: DraftHandling) => getJson<FeedbackReport>(`${base(assignmentId)}/feedback-report?drafts=${drafts}`);
export const fetchSubmission = (submissionId: string) => getJson<SubmissionDetail>(one(submissionId));
export const gradebookCsvUrl = (assignmentId: string, drafts: DraftHandling) => `${base(assignmentId)}/gradebook.csv?drafts=${drafts}`;
export const originalFileUrl = (fileId: string) => `/api/documents/${encodeURIComponent(fileId)}`;

/** One file picked for upload, with the teacher's corrections (blank means: from the file name / now). */
export interface PendingFile {
  file: File;
  studentName?: string;
  /** ISO instant. */
  submittedAt?: string;
}

/**
 * Sends the files in requests of at most 25 files and about 40 MB, retrying a request that fails on the way
 * (a server restart, a dropped connection): a retried request's files that already arrived come back as duplicates,
 * so nothing is stored twice.
 */
export async function uploadSubmissions(assignmentId: string, pending: PendingFile[], onProgress?: (sent: number, total: number) => void): Promise<UploadOutcome> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const outcome: UploadOutcome = { created: [], duplicates: [], rejected: [] };
  const chunks: PendingFile[][] = [];
  let chunk: PendingFile[] = [];
  let bytes = 0;
  for (const item of pending) {
    if (chunk.length && (chunk.length >= submissionLimits.maxFilesPerRequest || bytes + item.file.size > 40 * 1024 * 1024)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += item.file.size;
  }
  if (chunk.length) chunks.push(chunk);

  let sent = 0;
  for (const part of chunks) {
    const result = await sendWithRetry(assignmentId, part, timeZone);
    outcome.created.push(...result.created);
    outcome.duplicates.push(...result.duplicates);
    outcome.rejected.push(...result.rejected);
    sent += part.length;
    onProgress?.(sent, pending.length);
  }
  return outcome;
}

/** Up to 8 tries over about 40 s: long enough to ride out a server restart (3-10 s seen) on the way. */
async function sendWithRetry(assignmentId: string, part: PendingFile[], timeZone: string, attempts = 8): Promise<UploadOutcome> {
  for (let attempt = 1; ; attempt++) {
    const form = new FormData();
    for (const item of part) form.append("files", item.file);
    form.append("details", JSON.stringify(part.map((item) => ({ ...(item.studentName?.trim() ? { studentName: item.studentName.trim() } : {}), ...(item.submittedAt ? { submittedAt: item.submittedAt } : {}) }))));
    form.append("timeZone", timeZone);
    try {
      const response = await fetch(`${base(assignmentId)}/submissions`, { method: "POST", body: form, credentials: "include", headers: { Accept: "application/json" } });
      // 5xx and 429 are worth another try; anything else the teacher must fix.
      if ((response.status >= 500 || response.status === 429) && attempt < attempts) throw new Error(`status ${response.status}`);
      await throwIfNotOk(response);
      return (await response.json()) as UploadOutcome;
    } catch (error) {
      if (attempt >= attempts || (error instanceof Error && error.name === "ApiError")) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 500 * 2 ** attempt)));
    }
  }
}

export async function addPastedSubmission(assignmentId: string, input: { studentName: string; text: string; submittedAt?: string }): Promise<UploadOutcome> {
  const response = await apiRequest("POST", `${base(assignmentId)}/submissions/text`, { ...input, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return (await response.json()) as UploadOutcome;
}

export async function saveRoster(assignmentId: string, text: string): Promise<RosterView> {
  return (await (await apiRequest("PUT", `${base(assignmentId)}/roster`, { text })).json()) as RosterView;
}

const detailFrom = async (response: Response) => (await response.json()) as SubmissionDetail;
/** `basedOn`: the grade's version the teacher read; a grade changed since is refused (409), not accepted unread. */
export const acceptGrade = async (submissionId: string, basedOn: string | undefined) => detailFrom(await apiRequest("POST", `${one(submissionId)}/accept`, basedOn ? { basedOn } : {}));
export const saveGrade = async (submissionId: string, edit: GradeEditInput) => detailFrom(await apiRequest("PUT", `${one(submissionId)}/grade`, edit));
export const regrade = async (submissionId: string, confirm: boolean) => detailFrom(await apiRequest("POST", `${one(submissionId)}/regrade`, { confirm }));
export const restoreReview = async (submissionId: string) => detailFrom(await apiRequest("POST", `${one(submissionId)}/restore-review`));
export const setTeachesGrader = async (submissionId: string, teachesGrader: boolean) => detailFrom(await apiRequest("PUT", `${one(submissionId)}/learning`, { teachesGrader }));
export const addToSamples = async (submissionId: string) => detailFrom(await apiRequest("POST", `${one(submissionId)}/add-to-samples`));
export const updateSubmission = async (submissionId: string, changes: { studentName?: string; submittedAt?: string }) => detailFrom(await apiRequest("PATCH", one(submissionId), changes));
export const deleteSubmission = async (submissionId: string) => {
  await apiRequest("DELETE", one(submissionId));
};
