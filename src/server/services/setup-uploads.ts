import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { storedFiles } from "../db/schema";
import { AppError } from "../http/app-error";
import { formatBytes } from "../http/api-router";
import { sniffImageType } from "../integrations/files/sniff-image";
import type { ImageTextReader } from "../integrations/ocr/image-text-reader";
import type { FileStorage } from "../integrations/storage/file-storage";
import { imageLimits, type SetupUploadResponse } from "../../contracts/assistant";
import { cleanFileName } from "./stored-files";
import { checkImage, DocumentError, readImage } from "../integrations/documents";
import type { AiConfig } from "../integrations/ai";
import { transcribeImage } from "../integrations/ai/transcribe-image";
import type { Logger } from "pino";

export interface SetupUploadDeps {
  db: Db;
  storage: FileStorage;
  ocr: ImageTextReader;
  /** A model that reads images transcribes handwriting; without one, OCR reads printed text only. */
  ai?: AiConfig;
  logger?: Logger;
}

/** Said with every offline reading: tesseract reads print, and a teacher should not expect handwriting from it. */
export const offlineReadingNotice =
  "Offline reading covers printed text only, so handwriting may be missing from what I read. If the photo is handwritten, type what it says.";
export const modelFailedNotice =
  "The AI service could not read this photo just now, so I read its printed text only; handwriting may be missing. If the photo is handwritten, type what it says.";

type Reading = Pick<SetupUploadResponse, "text" | "reader" | "needsConfirmation" | "notice">;

/** Keeps an image of a rubric or graded sample, reads its text, and answers where to find it (owner only). */
export async function storeSetupImage(deps: SetupUploadDeps, teacherId: string, file: File): Promise<SetupUploadResponse> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > imageLimits.maxBytes) throw new AppError("payload_too_large", `The image is larger than ${formatBytes(imageLimits.maxBytes)}. Upload a smaller one.`, { image: "Too large" });
  if (bytes.byteLength === 0) throw new AppError("unprocessable", "The file is empty. Choose the image again.", { image: "Empty file" });
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new AppError("unsupported_media_type", "Only images can be uploaded here: PNG, JPEG, WebP or GIF.", { image: "Not an image" });
  const reading = await readSetupImage(deps, bytes, mimeType);
  const fileId = randomUUID();
  const filename = cleanFileName(file.name);
  await deps.storage.put(fileId, bytes);
  try {
    await deps.db.insert(storedFiles).values({
      id: fileId,
      teacherId,
      originalName: filename,
      mimeType,
      sizeBytes: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      storageKey: fileId,
      // A model's reading is kept out of the record until the teacher confirms it, so nothing unchecked is used.
      extractedText: reading.needsConfirmation ? null : reading.text,
    });
  } catch (error) {
    await deps.storage.delete(fileId);
    throw error;
  }
  return { url: `/api/documents/${fileId}`, mimeType, filename, dataUrl: `data:${mimeType};base64,${Buffer.from(bytes).toString("base64")}`, ...reading };
}

/** The model's transcription when one that reads images is configured and answers; else OCR, with a notice. */
async function readSetupImage(deps: SetupUploadDeps, bytes: Uint8Array, mimeType: string): Promise<Reading> {
  if (deps.ai?.readsImages) {
    // The same refusal as offline for a damaged or oversized picture: nothing broken goes to the service.
    await asUploadError(async () => checkImage(bytes));
    try {
      const text = await transcribeImage(deps.ai, { bytes, mimeType });
      return { text, reader: "model", needsConfirmation: true };
    } catch (error) {
      deps.logger?.warn({ err: error }, "the model could not transcribe an image; reading it offline");
      return { text: await asUploadError(() => readImage(deps.ocr, bytes)), reader: "printed-text", needsConfirmation: false, notice: modelFailedNotice };
    }
  }
  return { text: await asUploadError(() => readImage(deps.ocr, bytes)), reader: "printed-text", needsConfirmation: false, notice: offlineReadingNotice };
}

/** A document reader's refusal as the upload's answer: 413 for too large, 422 for damaged, with the reason. */
function asUploadError<T>(read: () => Promise<T>): Promise<T> {
  return read().catch((error: unknown) => {
    if (!(error instanceof DocumentError)) throw error;
    throw new AppError(error.code === "too_large" ? "payload_too_large" : "unprocessable", error.message, { image: error.code === "too_large" ? "Too large" : "Could not be read" });
  });
}
