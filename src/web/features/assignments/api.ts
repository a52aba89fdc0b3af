import type { RubricImportReport } from "../../../contracts/rubric-import";
import type { Assignment, AssignmentStatus, CalibrationPreview, GradingSettings, RubricChange, SavedAssignment, UpdateAssignmentInput, UploadedSample } from "../../../contracts/assignments";
import type { Criterion, TeacherProfile } from "../../../contracts/teacher-profile";
import { apiRequest, getJson, throwIfNotOk } from "../../lib/api";

/** The list filter of spec section 4, in the order of the tabs. */
export const listStatuses = ["active", "draft", "archived"] as const satisfies readonly AssignmentStatus[];

/**
 * Query keys whose joined segments are the URL, so the default data fetcher (spec section 7) can load them:
 * ["/api/assignments", id] -> GET /api/assignments/{id};
 * ["/api/assignments/teacher", "{teacherId}?status=active"] -> GET /api/assignments/teacher/{teacherId}?status=active.
 */
export const assignmentQueryKey = (id: string) => ["/api/assignments", id] as const;
export const assignmentListQueryKey = (teacherId: string, status: AssignmentStatus) => ["/api/assignments/teacher", `${encodeURIComponent(teacherId)}?status=${status}`] as const;
export const allAssignmentListsKey = ["/api/assignments/teacher"] as const;
export const teacherProfileQueryKey = ["/api/teacher-profile"] as const;

export type RubricUploadResult = { criteria: Criterion[]; totalPoints: number; import: RubricImportReport; version: number; rubricChange?: RubricChange };
export type PreviewSettings = Pick<GradingSettings, "strictness" | "tone" | "feedbackLength">;

export function fetchTeacherProfile(): Promise<TeacherProfile> {
  return getJson<TeacherProfile>("/api/teacher-profile");
}

export function fetchAssignment(id: string): Promise<Assignment> {
  return getJson<Assignment>(`/api/assignments/${encodeURIComponent(id)}`);
}

/** A new draft whose grading settings the server seeds from the teacher's profile. */
export async function createAssignment(teacherId: string): Promise<Assignment> {
  const response = await apiRequest("POST", "/api/assignments", { teacherId });
  return (await response.json()) as Assignment;
}

/**
 * Leaving the new-assignment wizard: the server deletes the draft only if nothing was ever saved into it. keepalive
 * lets the request outlive a closing tab.
 */
export function discardIfBlank(id: string): void {
  void fetch(`/api/assignments/${encodeURIComponent(id)}/discard-if-blank`, { method: "POST", credentials: "include", keepalive: true }).catch(() => undefined);
}

/**
 * The whole object as the wizard holds it. The server removes only the samples named in `removedSampleIds` (none
 * unless the patch names them), so a copy read before another tab uploaded a sample never deletes it.
 */
export function toUpdateInput(assignment: Assignment, patch: Partial<UpdateAssignmentInput> = {}): UpdateAssignmentInput {
  return {
    removedSampleIds: [],
    title: assignment.title,
    type: assignment.type,
    dueDate: assignment.dueDate,
    prompt: assignment.prompt,
    rubric: { criteria: assignment.rubric.criteria },
    sampleWork: assignment.sampleWork.map((sample) => ({ id: sample.id })),
    status: assignment.status,
    autogradingEnabled: assignment.autogradingEnabled,
    gradingSettings: assignment.gradingSettings,
    ...patch,
  };
}

export async function saveAssignment(id: string, input: UpdateAssignmentInput): Promise<SavedAssignment> {
  const response = await apiRequest("PUT", `/api/assignments/${encodeURIComponent(id)}`, input);
  return (await response.json()) as SavedAssignment;
}

async function postForm<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, { method: "POST", credentials: "include", headers: { Accept: "application/json" }, body: form });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/**
 * The document's criteria replace the assignment's rubric on the server; the answer is the new rubric. basedOnVersion
 * is the version the page holds: the server refuses (409) to replace a rubric saved since.
 */
export function uploadRubric(id: string, file: File, basedOnVersion: number): Promise<RubricUploadResult> {
  const form = new FormData();
  form.append("rubric", file);
  form.append("basedOnVersion", String(basedOnVersion));
  return postForm<RubricUploadResult>(`/api/assignments/${encodeURIComponent(id)}/rubric`, form);
}

export function uploadSample(id: string, sample: { file: File; score: number; feedback: string; criteriaScores: Record<string, number> }): Promise<UploadedSample> {
  const form = new FormData();
  form.append("sample", sample.file);
  form.append("score", String(sample.score));
  form.append("feedback", sample.feedback);
  form.append("criteriaScores", JSON.stringify(sample.criteriaScores));
  return postForm<UploadedSample>(`/api/assignments/${encodeURIComponent(id)}/samples`, form);
}

/** Grades the sample with the engine calibrated on the assignment's other samples; the server stores the result. */
export async function generateCalibrationPreview(id: string, sampleId: string, settings: PreviewSettings): Promise<CalibrationPreview> {
  const response = await apiRequest("POST", `/api/assignments/${encodeURIComponent(id)}/calibration-preview`, { sampleId, settings });
  return (await response.json()) as CalibrationPreview;
}

/** Auto-accept despite a calibration that disagrees with the samples (true), or back to waiting for review (false). */
export async function setAutoAcceptOverride(id: string, override: boolean): Promise<Assignment> {
  const response = await apiRequest("PUT", `/api/assignments/${encodeURIComponent(id)}/auto-accept-override`, { override });
  return (await response.json()) as Assignment;
}
