import { throwIfNotOk } from "../../lib/api";

export type UploadedDocument = { fileId: string; fileName: string; kind: string; text: string };

export const acceptedDocumentTypes = ".txt,.doc,.docx,.pdf";
export const maxDocumentBytes = 10 * 1024 * 1024;

/** Uploads a .txt/.doc/.docx/.pdf; the server reads the text out of it and keeps the file. */
export async function uploadDocument(file: File): Promise<UploadedDocument> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch("/api/documents", { method: "POST", credentials: "include", headers: { Accept: "application/json" }, body: form });
  await throwIfNotOk(response);
  return (await response.json()) as UploadedDocument;
}
