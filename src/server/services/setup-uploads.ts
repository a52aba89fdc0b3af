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
import { DocumentError, readImage } from "../integrations/documents";

export interface SetupUploadDeps {
  db: Db;
  storage: FileStorage;
  ocr: ImageTextReader;
}

/** Keeps an image of a rubric or graded sample, reads its text offline, and answers where to find it (owner only). */
export async function storeSetupImage(deps: SetupUploadDeps, teacherId: string, file: File): Promise<SetupUploadResponse> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > imageLimits.maxBytes) throw new AppError("payload_too_large", `The image is larger than ${formatBytes(imageLimits.maxBytes)}. Upload a smaller one.`, { image: "Too large" });
  if (bytes.byteLength === 0) throw new AppError("unprocessable", "The file is empty. Choose the image again.", { image: "Empty file" });
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new AppError("unsupported_media_type", "Only images can be uploaded here: PNG, JPEG, WebP or GIF.", { image: "Not an image" });
  // A damaged or oversized image is refused with the reason, before anything is stored.
  const text = await readImage(deps.ocr, bytes).catch((error: unknown) => {
    if (!(error instanceof DocumentError)) throw error;
    throw new AppError(error.code === "too_large" ? "payload_too_large" : "unprocessable", error.message, { image: error.code === "too_large" ? "Too large" : "Could not be read" });
  });
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
      extractedText: text,
    });
  } catch (error) {
    await deps.storage.delete(fileId);
    throw error;
  }
  return { url: `/api/documents/${fileId}`, mimeType, filename, dataUrl: `data:${mimeType};base64,${Buffer.from(bytes).toString("base64")}`, text };
}
