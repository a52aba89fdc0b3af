import { crc32 } from "node:zlib";
import { Inflate } from "fflate";

export interface ArchiveLimits {
  /** Files (folders not counted) the archive may hold; more stops the whole archive. */
  maxEntries?: number;
  /** Largest single file, unpacked; a larger one is skipped. */
  maxEntryBytes?: number;
  /** All kept files together, unpacked; more stops the whole archive. */
  maxTotalBytes?: number;
}

export interface ArchiveFile {
  /** The base name, without the folders it sat in inside the archive. */
  name: string;
  /** The folder it sat in directly, if any (LMS exports put each student's work in a folder named after them). */
  folder?: string;
  bytes: Uint8Array;
}

export interface SkippedArchiveEntry {
  name: string;
  /** For a teacher, e.g. "larger than 10 MB". */
  reason: string;
}

export type ArchiveErrorCode = "too_large" | "damaged";

/** An archive that cannot be unpacked at all, with a message a teacher can act on. */
export class ArchiveError extends Error {
  override readonly name = "ArchiveError";
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const archiveDefaults = { maxEntries: 500, maxEntryBytes: 10 * 1024 * 1024, maxTotalBytes: 200 * 1024 * 1024 } as const;

export const archiveMessages = {
  damaged:
    "This .zip file looks damaged and could not be opened. Re-create the .zip from the original files (select them, then Compress or Send to > Compressed folder) and upload it again.",
  tooManyFiles: (maxEntries: number) =>
    `This .zip holds more than ${maxEntries} files. Split the submissions into smaller .zip files and upload them one at a time.`,
  tooLarge: (maxTotalBytes: number) =>
    `The files in this .zip add up to more than ${formatMegabytes(maxTotalBytes)} once unpacked. Split the submissions into smaller .zip files and upload them one at a time.`,
} as const;

export const skipReasons = {
  tooLarge: (maxEntryBytes: number) => `larger than ${formatMegabytes(maxEntryBytes)}`,
  nestedZip: "a .zip inside the .zip; unpack it and upload its files, or upload it on its own",
  encrypted: "password-protected; re-create the .zip without a password",
  unsupportedCompression: "compressed in a way that cannot be read; re-create the .zip with your computer's built-in Compress",
  outsideFolder: "its path climbs out of the .zip's folders (../); re-create the .zip with your computer's built-in Compress",
} as const;

interface DirectoryEntry {
  path: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const endOfDirectorySignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EndSignature = 0x06064b50;
const directorySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
/** Compressed bytes handed to the inflater at a time: small enough that one step of a zip bomb stays bounded. */
const inflateChunkBytes = 16 * 1024;

/**
 * Unpacks a .zip of student submissions in memory. Every size is checked against the central directory's declared
 * sizes before anything is inflated, and the inflater stops as soon as an entry outgrows its declared size, so a zip
 * bomb costs at most one chunk of work. fflate inflates; the directory is read here because fflate does not expose an
 * entry's flags (encryption) nor let us stop an entry part-way.
 */
export async function readZipArchive(
  bytes: Uint8Array,
  limits: ArchiveLimits = {},
): Promise<{ files: ArchiveFile[]; skipped: SkippedArchiveEntry[] }> {
  const maxEntries = limits.maxEntries ?? archiveDefaults.maxEntries;
  const maxEntryBytes = limits.maxEntryBytes ?? archiveDefaults.maxEntryBytes;
  const maxTotalBytes = limits.maxTotalBytes ?? archiveDefaults.maxTotalBytes;

  const entries = readDirectory(bytes).filter((entry) => !entry.path.endsWith("/"));
  if (entries.length > maxEntries) throw new ArchiveError("too_large", archiveMessages.tooManyFiles(maxEntries));

  const skipped: SkippedArchiveEntry[] = [];
  const wanted: DirectoryEntry[] = [];
  for (const entry of entries) {
    if (isSystemClutter(entry.path)) continue;
    const name = baseName(entry.path);
    const reason = skipReason(entry, maxEntryBytes);
    if (reason) skipped.push({ name, reason });
    else wanted.push(entry);
  }
  const totalBytes = wanted.reduce((sum, entry) => sum + entry.size, 0);
  if (totalBytes > maxTotalBytes) throw new ArchiveError("too_large", archiveMessages.tooLarge(maxTotalBytes));

  const files = wanted.map((entry) => {
    const folder = parentFolder(entry.path);
    return { name: baseName(entry.path), ...(folder ? { folder } : {}), bytes: readEntry(bytes, entry) };
  });
  return { files, skipped };
}

/**
 * Folders and what operating systems add on their own (macOS resource forks, Finder and Explorer metadata,
 * dot-files) are dropped without a word: the teacher never chose them, so listing them would only be noise.
 */
function isSystemClutter(path: string): boolean {
  const parts = path.split("/");
  const name = parts.at(-1) ?? "";
  // "..", which no file manager writes, is no clutter: it is reported (skipReason), not dropped without a word.
  return parts[0] === "__MACOSX" || parts.some((part) => part.startsWith(".") && part !== "..") || /^(thumbs\.db|desktop\.ini)$/i.test(name);
}

function skipReason(entry: DirectoryEntry, maxEntryBytes: number): string | undefined {
  if (entry.path.split(/[/\\]/).includes("..")) return skipReasons.outsideFolder;
  if (/\.zip$/i.test(entry.path)) return skipReasons.nestedZip;
  if (entry.flags & 1) return skipReasons.encrypted;
  if (entry.method !== 0 && entry.method !== 8) return skipReasons.unsupportedCompression;
  if (entry.size > maxEntryBytes) return skipReasons.tooLarge(maxEntryBytes);
  return undefined;
}

function parentFolder(path: string): string | undefined {
  return path.split(/[/\\]/).filter(Boolean).slice(0, -1).at(-1);
}

function baseName(path: string): string {
  // Archives made on Windows by some tools separate folders with backslashes.
  return path.split(/[/\\]/).filter(Boolean).at(-1) ?? path;
}

function damaged(): ArchiveError {
  return new ArchiveError("damaged", archiveMessages.damaged);
}

function readDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (offset: number) => view.getUint16(offset, true);
  const u32 = (offset: number) => view.getUint32(offset, true);
  const u64 = (offset: number) => Number(view.getBigUint64(offset, true));
  try {
    // The end record sits in the last 22 bytes plus a comment of at most 64 KiB.
    let end = -1;
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
      if (u32(i) === endOfDirectorySignature) {
        end = i;
        break;
      }
    }
    if (end < 0) throw damaged();
    let count = u16(end + 10);
    let offset = u32(end + 16);
    if ((count === 0xffff || offset === 0xffffffff) && end >= 20 && u32(end - 20) === zip64LocatorSignature) {
      const zip64End = u64(end - 12);
      if (u32(zip64End) !== zip64EndSignature) throw damaged();
      count = u64(zip64End + 32);
      offset = u64(zip64End + 48);
    }
    const entries: DirectoryEntry[] = [];
    for (let i = 0; i < count; i++) {
      if (u32(offset) !== directorySignature) throw damaged();
      const flags = u16(offset + 8);
      const nameLength = u16(offset + 28);
      const extraLength = u16(offset + 30);
      const commentLength = u16(offset + 32);
      const nameBytes = bytes.subarray(offset + 46, offset + 46 + nameLength);
      const entry: DirectoryEntry = {
        path: decodeName(nameBytes, (flags & 0x800) !== 0),
        flags,
        method: u16(offset + 10),
        crc: u32(offset + 16),
        compressedSize: u32(offset + 20),
        size: u32(offset + 24),
        localHeaderOffset: u32(offset + 42),
      };
      readZip64Extra(view, offset + 46 + nameLength, extraLength, entry);
      entries.push(entry);
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (error) {
    // A RangeError from the DataView means an offset pointed outside the file: damaged all the same.
    if (error instanceof ArchiveError || error instanceof RangeError) throw damaged();
    throw error;
  }
}

/** Zip64 keeps the real sizes and offset in an extra field, in this order, for those marked 0xFFFFFFFF. */
function readZip64Extra(view: DataView, start: number, length: number, entry: DirectoryEntry) {
  for (let offset = start; offset + 4 <= start + length; ) {
    const id = view.getUint16(offset, true);
    const size = view.getUint16(offset + 2, true);
    if (id === 0x0001) {
      let field = offset + 4;
      const next = () => {
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    offset += 4 + size;
  }
}

/** UTF-8 when flagged or valid; otherwise the IBM PC code page that Windows' built-in zipper still writes. */
function decodeName(bytes: Uint8Array, isUtf8: boolean): string {
  try {
    return new TextDecoder("utf-8", { fatal: !isUtf8 }).decode(bytes);
  } catch {
    return [...bytes].map((byte) => (byte < 0x80 ? String.fromCharCode(byte) : cp437High[byte - 0x80])).join("");
  }
}

const cp437High =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

function readEntry(bytes: Uint8Array, entry: DirectoryEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== localHeaderSignature) throw damaged();
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const compressed = bytes.subarray(start, start + entry.compressedSize);
  if (compressed.length !== entry.compressedSize) throw damaged();
  const output = entry.method === 0 ? compressed.slice() : inflateAtMost(compressed, entry.size);
  if (output.length !== entry.size || (crc32(output) >>> 0) !== entry.crc) throw damaged();
  return output;
}

/** Inflates, refusing (as damaged) a stream that yields more than its entry declared: the sign of a zip bomb. */
function inflateAtMost(compressed: Uint8Array, declaredSize: number): Uint8Array {
  const output = new Uint8Array(declaredSize);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > declaredSize) throw damaged();
    output.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let offset = 0; offset < compressed.length || offset === 0; offset += inflateChunkBytes) {
      const end = Math.min(offset + inflateChunkBytes, compressed.length);
      inflater.push(compressed.subarray(offset, end), end === compressed.length);
    }
  } catch {
    throw damaged();
  }
  return output.subarray(0, written);
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
