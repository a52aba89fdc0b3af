import { sniffImageType } from "../files/sniff-image.js";
import { looksLikeHtml, looksLikeSvg } from "./html.js";
import { isOdt } from "./odt.js";
import { hasStream, isOle, readOle } from "./ole.js";
import { isZip, mentionsEntry, readZipDirectory } from "./zip.js";

/** What sniffDocumentKind recognises: files written to hold text (a PDF may still turn out to be a scan). */
export type TextDocumentKind = "txt" | "html" | "doc" | "docx" | "odt" | "pdf";

/** "image" is a photo of a page, read by OCR; its MIME type is the image's own (see sniffImageType). */
export type DocumentKind = TextDocumentKind | "image";

export const mimeTypes: Record<TextDocumentKind, string> = {
  txt: "text/plain",
  html: "text/html",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  odt: "application/vnd.oasis.opendocument.text",
  pdf: "application/pdf",
};

/**
 * The document kind from the bytes alone (never the file name); undefined for anything else. A password-protected
 * .docx is an OLE file holding EncryptionInfo + EncryptedPackage and is reported as "docx" so the caller can say so.
 */
export function sniffDocumentKind(bytes: Uint8Array): TextDocumentKind | undefined {
  if (startsWithPdfHeader(bytes)) return "pdf";
  if (isZip(bytes)) {
    const entries = readZipDirectory(bytes);
    if (entries?.some((entry) => entry.name === "word/document.xml") ?? mentionsEntry(bytes, "word/document.xml")) return "docx";
    return isOdt(bytes) ? "odt" : undefined;
  }
  if (isOle(bytes)) {
    const ole = readOle(bytes);
    if (!ole) return undefined;
    if (hasStream(ole, "EncryptedPackage") && hasStream(ole, "EncryptionInfo")) return "docx";
    return hasStream(ole, "WordDocument") ? "doc" : undefined;
  }
  // Rich Text is text on the wire but markup to a reader; it would reach the grader as control words.
  if (isRtf(bytes)) return undefined;
  // An image's header can pass for a few Windows-1252 letters.
  if (sniffImageType(bytes)) return undefined;
  const text = decodeText(bytes);
  if (text === undefined || looksLikeSvg(text)) return undefined;
  return looksLikeHtml(text) ? "html" : "txt";
}

/** Rich Text Format, which Word saves (and teachers rename .doc) but Markwise does not read. */
export function isRtf(bytes: Uint8Array): boolean {
  return startsWithAscii(bytes, "{\\rtf");
}

function startsWithAscii(bytes: Uint8Array, prefix: string): boolean {
  return [...prefix].every((char, index) => bytes[index] === char.charCodeAt(0));
}

/** %PDF- within the first KiB, as PDF readers accept (some generators put a few bytes first). */
function startsWithPdfHeader(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 5 <= head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d) {
      return true;
    }
  }
  return false;
}

function countByte(bytes: Uint8Array, value: number): number {
  let count = 0;
  for (const byte of bytes) if (byte === value) count++;
  return count;
}

/**
 * UTF-8, or else Windows-1252: what Notepad and Word's "Plain Text" saved for years, and what a teacher's older
 * files are ("café" as one byte). A UTF-8 file with a stray Windows-1252 byte (text pasted from two sources) keeps
 * its UTF-8: only the bytes that are not UTF-8 are read as Windows-1252. Binary read this way is full of control
 * characters, which decodeText refuses.
 */
function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return decodeMixed(bytes);
  }
}

// Node's TextDecoder("windows-1252") decodes as Latin-1, turning curly quotes and dashes (0x80-0x9F) into controls.
const windows1252High = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const windows1252 = (byte: number) => (byte >= 0x80 && byte < 0xa0 ? windows1252High[byte - 0x80]! : String.fromCharCode(byte));

/** The length of a well-formed UTF-8 sequence starting at `at`, or 0. */
function utf8SequenceAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  for (let i = 1; i < length; i++) if (((bytes[at + i] ?? 0) & 0xc0) !== 0x80) return 0;
  return length;
}

function decodeMixed(bytes: Uint8Array): string {
  const parts: string[] = [];
  const utf8 = new TextDecoder("utf-8");
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length) {
    const byte = bytes[at]!;
    const length = byte < 0x80 ? 1 : utf8SequenceAt(bytes, at);
    parts.push(length ? utf8.decode(bytes.subarray(at, at + length)) : windows1252(byte));
    at += length || 1;
  }
  return parts.join("");
}

/**
 * Decodes plain text: UTF-8 (BOM optional), Windows-1252, or UTF-16 with a BOM. Undefined when the bytes are not
 * text: more than two NUL bytes, or too many control characters (an image or program renamed to .txt).
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le", { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be", { fatal: true }).decode(bytes.subarray(2));
    else {
      // A stray NUL or two (a copy cut short, an old editor) is dropped; more are UTF-16 without its BOM, or binary.
      const nuls = countByte(bytes, 0);
      if (nuls > 2) return undefined;
      // Stray NULs are forgiven in UTF-8 only: with them, bytes that are not UTF-8 are more likely binary than old text.
      text = nuls ? new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes.filter((byte) => byte !== 0)) : decodeUtf8OrWindows1252(bytes);
    }
  } catch {
    return undefined;
  }
  if (text.includes("\u0000")) return undefined;
  let control = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 0x20 && char !== "\n" && char !== "\r" && char !== "\t" && char !== "\f") || (code >= 0x7f && code < 0xa0) || code === 0xfffd) {
      control++;
    }
  }
  return control > Math.max(2, text.length * 0.02) ? undefined : text;
}
