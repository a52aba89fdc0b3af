import type { SetupChatResponse, SetupImageTextResponse, SetupUploadResponse } from "../../../contracts/assistant";
import type { SetupProgress } from "../../../contracts/setup-progress";
import { apiRequest, getJson, throwIfNotOk } from "../../lib/api";
import type { ChatAttachment } from "./types";

/** Spec section 8. */
export const setupFailureMessage = "Sorry, I had trouble processing that. Could you try again?";
export const uploadFailedMessage = "Upload failed";

/** What the server accepts (contracts/assistant imageLimits), checked here first to save a doomed upload. */
export const acceptedImageTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const maxImageBytes = 10 * 1024 * 1024;

export interface SetupChatRequestBody {
  message: string;
  setupState: unknown;
  conversationHistory: { role: "user" | "assistant"; content: string }[];
  attachments: (ChatAttachment & { filename: string })[];
}

/** `onSent` runs when the server has answered at all (the message reached it), before the answer is read. */
export async function sendSetupChatMessage(body: SetupChatRequestBody, onSent?: () => void): Promise<SetupChatResponse> {
  const response = await fetch("/api/setup-wizard/chat", {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  onSent?.();
  await throwIfNotOk(response);
  const answer = (await response.json()) as Partial<SetupChatResponse>;
  if (typeof answer.reply !== "string" || typeof answer.checklist !== "object" || answer.checklist === null) throw new Error("Failed to get response");
  return {
    reply: answer.reply,
    extractedData: answer.extractedData ?? {},
    nextStep: answer.nextStep ?? "welcome",
    quickActions: Array.isArray(answer.quickActions) ? answer.quickActions.filter((action): action is string => typeof action === "string") : [],
    profileText: typeof answer.profileText === "string" ? answer.profileText : "",
    problems: Array.isArray(answer.problems) ? answer.problems : [],
    ...(typeof answer.askedField === "string" ? { askedField: answer.askedField } : {}),
    checklist: answer.checklist,
    state: answer.state,
  };
}

/** The setup as saved on the server (by the chat or the form), as the chat shows it. */
export function fetchSetupProgress(): Promise<SetupProgress> {
  return getJson<SetupProgress>("/api/setup-wizard/progress");
}

/** The reason a file cannot be uploaded before trying, in words; undefined when it may go. */
export function describeImageProblem(file: File): string | undefined {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return `${file.name} is not an image. Choose a PNG, JPEG, WebP or GIF.`;
  if (file.size > maxImageBytes) return `${file.name} is larger than 10 MB.`;
  return undefined;
}

/** Uploads one image (multipart field `image`); the answer carries the text OCR read from it. */
export async function uploadSetupImage(file: File): Promise<SetupUploadResponse> {
  const form = new FormData();
  form.append("image", file, file.name);
  const response = await fetch("/api/setup-wizard/upload", { method: "POST", credentials: "include", headers: { Accept: "application/json" }, body: form });
  await throwIfNotOk(response);
  return (await response.json()) as SetupUploadResponse;
}

/** Keeps the teacher's confirmed text of an uploaded photo (the upload's URL ends in its id). */
export async function confirmSetupImageText(uploadUrl: string, text: string): Promise<SetupImageTextResponse> {
  const id = uploadUrl.split("/").pop() ?? "";
  const response = await apiRequest("PUT", `/api/setup-wizard/uploads/${encodeURIComponent(id)}/text`, { text });
  return (await response.json()) as SetupImageTextResponse;
}
