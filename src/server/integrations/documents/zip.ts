/**
 * Just enough of the ZIP format to recognise a .docx by content and to refuse a zip bomb before mammoth
 * inflates it in memory: the central directory lists every entry with its declared uncompressed size.
 */
import { unzipSync } from "fflate";
import { DocumentError, documentMessages } from "./errors.js";

/** Declared sizes above these mean a zip bomb or a document no teacher writes; refuse before inflating. */
const maxMainEntryBytes = 64 * 1024 * 1024; // all XML parts together
const maxTotalUncompressedBytes = 256 * 1024 * 1024;
/**
 * A Word or OpenDocument file has tens of parts, a few hundred with many pictures. The readers' cost grows with the
 * square of the count: a 2 MB .docx of 20,000 empty parts held the server for over a minute (outside audit).
 */
const maxEntries = 1_000;

export const zipSignature = [0x50, 0x4b, 0x03, 0x04] as const;

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return zipSignature.every((b, i) => bytes[i] === b);
}

/** The central directory's entries; undefined when it cannot be found (a truncated or damaged zip). */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return undefined;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return undefined;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** True when the bytes name the entry anywhere (local headers survive truncation, the central directory does not). */
export function mentionsEntry(bytes: Uint8Array, name: string): boolean {
  const needle = new TextEncoder().encode(name);
  const first = needle[0];
  outer: for (let i = 0; i <= bytes.length - needle.length; i++) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** The parts of an Office or OpenDocument file that readers parse into trees: XML and relationship files. */
export const isXmlPart = (entry: Pick<ZipEntry, "name">) => /\.(?:xml|rels)$/i.test(entry.name);

/**
 * Refuses, before anything is inflated, a document whose XML parts together, or whole, would unpack beyond what a
 * teacher writes. Every XML part counts, not the one named like the main text: mammoth finds the main part through
 * the package's relationships, so a small "word/document.xml" beside a huge one named otherwise passed.
 */
export function refuseUnpackingTooMuch(entries: ZipEntry[]): void {
  if (entries.length > maxEntries) throw new DocumentError("too_large", documentMessages.tooComplex);
  const xml = entries.filter(isXmlPart).reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (xml > maxMainEntryBytes || total > maxTotalUncompressedBytes) {
    throw new DocumentError(
      "too_large",
      `This document unpacks to more than ${maxTotalUncompressedBytes / (1024 * 1024)} MB, which is more than Markwise can read. Save it without large embedded objects, or export it as PDF, and upload it again.`,
    );
  }
}

/** One entry's bytes, inflated (after `refuseUnpackingTooMuch` has bounded its size); a damaged entry is "corrupt". */
export function inflatedPart(bytes: Uint8Array, name: string): Uint8Array {
  let part: Uint8Array | undefined;
  try {
    part = unzipSync(bytes, { filter: (file) => file.name === name })[name];
  } catch {
    part = undefined;
  }
  if (!part) throw new DocumentError("corrupt", documentMessages.corrupt);
  return part;
}
