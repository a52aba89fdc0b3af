import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { withoutDirectionMarks } from "../../contracts/control-characters";
import type { Db } from "../db/client";
import { storedFiles } from "../db/schema";
import { AppError } from "../http/app-error";
import { isUuid } from "../http/validation";
import { DocumentError, extractDocument, maxDocumentBytes, type ExtractedDocument } from "../integrations/documents";
import type { ImageTextReader } from "../integrations/ocr/image-text-reader";
import type { FileStorage } from "../integrations/storage/file-storage";

export interface StoreDocumentDeps {
  db: Db;
  storage: FileStorage;
  /** Reads scanned PDFs with OCR (the same reader, limits and queue as submissions); photos stay refused. */
  scannedPdfReader?: Pick<ImageTextReader, "read" | "readLines">;
}

/** An uploaded file, and the form field it came in: a refusal names that field ("sample", "rubric"; else "file"). */
export type StoredUpload = { bytes: Uint8Array; originalName: string; field?: string };

/** Reads an uploaded document, then keeps its original and a row that points at it (the row only if the bytes landed). */
export async function storeTeacherDocument(
  deps: StoreDocumentDeps,
  teacherId: string,
  upload: StoredUpload,
): Promise<{ fileId: string; fileName: string; document: ExtractedDocument }> {
  const document = await readDocumentOrThrow(upload.bytes, upload.originalName, deps.scannedPdfReader, upload.field);
  const fileId = await keepOriginal(deps, teacherId, { ...upload, mimeType: document.mimeType, text: document.text });
  return { fileId, fileName: cleanFileName(upload.originalName), document };
}

/**
 * Stores an uploaded document and hands it to `use`; when `use` refuses it (a sample whose scores do not fit, a
 * document with no rubric in it), the file is removed again, so a refused upload leaves nothing behind.
 */
export async function withStoredDocument<T>(
  deps: StoreDocumentDeps,
  teacherId: string,
  upload: StoredUpload,
  use: (stored: { fileId: string; fileName: string; document: ExtractedDocument }) => Promise<T>,
): Promise<T> {
  const stored = await storeTeacherDocument(deps, teacherId, upload);
  try {
    return await use(stored);
  } catch (error) {
    // The refusal is what the teacher needs to hear: a failure to clean up must not replace it.
    await discardStoredFile(deps, stored.fileId).catch(() => undefined);
    throw error;
  }
}

async function discardStoredFile(deps: StoreDocumentDeps, fileId: string): Promise<void> {
  await deps.db.delete(storedFiles).where(eq(storedFiles.id, fileId));
  await deps.storage.delete(fileId);
}

/** Stores an already-read upload's bytes and the row that points at them (the row only if the bytes landed). */
export async function keepOriginal(
  deps: StoreDocumentDeps,
  teacherId: string,
  upload: { bytes: Uint8Array; originalName: string; mimeType: string; text: string },
): Promise<string> {
  const fileId = randomUUID();
  await deps.storage.put(fileId, upload.bytes);
  try {
    await deps.db.insert(storedFiles).values(storedFileRow(fileId, teacherId, upload));
  } catch (error) {
    await deps.storage.delete(fileId);
    throw error;
  }
  return fileId;
}

/** The row for bytes kept under `fileId` (callers that batch many files insert these in their own transaction). */
export function storedFileRow(fileId: string, teacherId: string, upload: { bytes: Uint8Array; originalName: string; mimeType: string; text: string }) {
  return {
    id: fileId,
    teacherId,
    originalName: cleanFileName(upload.originalName),
    mimeType: upload.mimeType,
    sizeBytes: upload.bytes.byteLength,
    sha256: createHash("sha256").update(upload.bytes).digest("hex"),
    storageKey: fileId,
    extractedText: upload.text,
  };
}

/** Turns the document service's errors into answers that say what to fix. */
export async function readDocumentOrThrow(bytes: Uint8Array, fileName?: string, scannedPdfReader?: Pick<ImageTextReader, "read" | "readLines">, field = "file"): Promise<ExtractedDocument> {
  try {
    const ocr = scannedPdfReader ? { imageReader: scannedPdfReader, photos: false, ocrTables: true } : {};
    return await extractDocument(bytes, { maxBytes: maxDocumentBytes, ...(fileName ? { fileName } : {}), ...ocr });
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    // The document's own message: over the upload limit, or a .docx that unpacks to more than can be read.
    if (error.code === "too_large") throw new AppError("payload_too_large", error.message, { [field]: error.message });
    if (error.code === "unsupported") throw new AppError("unsupported_media_type", error.message, { [field]: error.message });
    throw new AppError("unprocessable", error.message, { [field]: error.message });
  }
}

export async function findTeacherFile(deps: StoreDocumentDeps, teacherId: string, fileId: string) {
  // A malformed id names no file: 404 like any other missing one, never a validation error.
  if (!isUuid(fileId)) throw new AppError("not_found", "That file was not found.");
  const [row] = await deps.db.select().from(storedFiles).where(and(eq(storedFiles.id, fileId), eq(storedFiles.teacherId, teacherId)));
  if (!row) throw new AppError("not_found", "That file was not found.");
  return { row, bytes: await deps.storage.get(row.storageKey) };
}

/** Keeps the name for display only: no folders, no control characters, a sensible length. */
export function cleanFileName(name: string): string {
  const base = withoutDirectionMarks(name.split(/[\\/]/).pop() ?? "");
  const cleaned = [...base].filter((char) => char.charCodeAt(0) >= 32 && char.charCodeAt(0) !== 127).join("").trim().slice(0, 200);
  return cleaned || "document";
}
