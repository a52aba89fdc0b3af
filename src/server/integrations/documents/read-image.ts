import { readImageDimensions } from "../ocr/image-dimensions.js";
import { ImageReadError, maxImagePixels, type ImageTextReader } from "../ocr/image-text-reader.js";
import { AppError } from "../../http/app-error";
import { DocumentError, documentMessages } from "./errors.js";

/** OCR of one image, its failures told the way every other unreadable document is: a per-file reason, never a crash. */
export function readImage(reader: Pick<ImageTextReader, "read">, bytes: Uint8Array): Promise<string> {
  return asDocumentError(() => reader.read(bytes));
}

/** readImage with the words' boxes too (tables), its failures told the same way. */
export function readImageLines(reader: Pick<ImageTextReader, "readLines">, bytes: Uint8Array): ReturnType<ImageTextReader["readLines"]> {
  return asDocumentError(() => reader.readLines(bytes));
}

async function asDocumentError<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ImageReadError)) throw error;
    // Busy is not about this file: the whole request is refused (503), so nothing of it is half-stored.
    if (error.reason === "busy") throw new AppError("unavailable", documentMessages.ocrBusy, undefined, 30);
    if (error.reason === "too_large") throw new DocumentError("too_large", documentMessages.imageTooLarge(maxImagePixels / 1_000_000));
    throw new DocumentError("corrupt", documentMessages.unreadableImage);
  }
}

/** The checks OCR makes before decoding (a whole header, at most maxImagePixels), for an image read by other means. */
export function checkImage(bytes: Uint8Array): void {
  const size = readImageDimensions(bytes);
  if (!size) throw new DocumentError("corrupt", documentMessages.unreadableImage);
  if (size.width * size.height > maxImagePixels) throw new DocumentError("too_large", documentMessages.imageTooLarge(maxImagePixels / 1_000_000));
}
