export type DocumentErrorCode = "unsupported" | "empty" | "corrupt" | "encrypted" | "image_only" | "too_large";

/** A document that cannot be read, with a message a teacher can act on (the route maps `code` to 413/422). */
export class DocumentError extends Error {
  override readonly name = "DocumentError";
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const documentMessages = {
  unsupported: "This file type is not supported. Upload a .txt, .doc, .docx or .pdf file.",
  /** Where photos are read: the message names what is taken, and how an iPhone's photo becomes one. */
  unsupportedWithPhotos: "This file type is not supported. Upload a .txt, .doc, .docx or .pdf file, or a photo as JPEG or PNG.",
  heic: "iPhone photos in HEIC format cannot be read. Export the photo as JPEG (on the iPhone: Settings, Camera, Formats, Most Compatible) and upload it again.",
  rtf: "This is a Rich Text (.rtf) file, which Markwise does not read. Open it in your word processor, save it as .docx or PDF, and upload that copy.",
  empty: "This file is empty or has no readable text. Check that you chose the right file, or paste the text instead.",
  corrupt:
    "The file looks damaged and could not be read. Open it in your word processor, save it again (or export it as PDF), and upload the new copy.",
  notPlainText:
    "This .txt file does not hold plain text: it may be another kind of file renamed, or damaged. Open it in a text editor, save it as plain text, and upload it again, or paste the text instead.",
  encrypted:
    "This document is password-protected. Remove the password (or save an unprotected copy) and upload it again.",
  unreadableImage:
    "The image could not be read: it looks damaged or is not a complete picture. Take the photo again (or save it as PNG or JPEG) and upload the new copy.",
  imageTooLarge: (megapixels: number) =>
    `The image is too large to read (over ${megapixels} megapixels). Resize it, or take the photo at a lower resolution, and upload it again.`,
  photoUnreadable:
    "No writing could be read in this photo. Take it again flat, in good light and in focus, with the whole page in the picture, or paste the text instead.",
  ocrBusy: "Markwise is reading other scanned images right now, so nothing from this upload was kept. Try again in a minute.",
  imageOnly:
    "This PDF contains only scanned images; there is no text to read. Export it with text from the program that made it, or paste the text instead.",
  scanUnreadable:
    "This PDF is a scan, and no text could be read from it. Scan the page again straight and in focus (at least 150 dpi), or export the document with text from the program that made it.",
  tooComplex: "This document is too long or too heavily formatted for Markwise to read. Save it as PDF or as plain text (.txt) and upload it again.",
  tooLong: (maxCharacters: number) =>
    `This file holds more than ${maxCharacters.toLocaleString("en-US")} characters of text, far more than one piece of work. Check that you chose the right file (or split it) and upload it again.`,
  tooLarge: (maxBytes: number) =>
    `This file is larger than the ${formatMegabytes(maxBytes)} limit. Upload a smaller file, or remove large images from it and try again.`,
} as const;

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
