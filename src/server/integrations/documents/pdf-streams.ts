import { constants, inflateSync } from "node:zlib";
import { DocumentError, documentMessages } from "./errors.js";

/**
 * What a PDF's compressed text and object streams may unpack to, together. pdf.js inflates each stream whole, in
 * memory: a 3.5 MB PDF whose one content stream unpacked to about 1 GB held the server for 13 minutes and then ran it
 * out of memory (outside audit). A long essay's PDF unpacks to a few MB; pictures are left out of the count (they are
 * drawn only for OCR, which bounds its pages and pixels itself).
 */
export const maxUnpackedStreamBytes = 64 * 1024 * 1024;

const latin1 = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("latin1");

/** Each stream's dictionary text and its data, found by the keywords around it (a /Length may be indirect). */
function* streamsOf(bytes: Uint8Array): Generator<{ dictionary: string; data: Uint8Array }> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let from = 0;
  for (;;) {
    const keyword = buffer.indexOf("stream", from, "latin1");
    if (keyword < 0) return;
    from = keyword + 6;
    // "endstream" contains "stream"; a stream's data starts after its end of line.
    if (latin1(bytes, Math.max(0, keyword - 3), keyword) === "end") continue;
    const start = bytes[from] === 0x0d && bytes[from + 1] === 0x0a ? from + 2 : bytes[from] === 0x0a || bytes[from] === 0x0d ? from + 1 : -1;
    if (start < 0) continue;
    const end = buffer.indexOf("endstream", start, "latin1");
    if (end < 0) return;
    const opening = buffer.lastIndexOf("<<", keyword, "latin1");
    yield { dictionary: opening < 0 ? "" : latin1(bytes, opening, keyword), data: bytes.subarray(start, end) };
    from = end + 9;
  }
}

/** Refuses, before pdf.js reads it, a PDF whose compressed streams other than pictures unpack to too much. */
export function refuseUnpackingTooMuchPdf(bytes: Uint8Array): void {
  let left = maxUnpackedStreamBytes;
  for (const { dictionary, data } of streamsOf(bytes)) {
    if (!/\/FlateDecode\b/.test(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    try {
      // A damaged stream is pdf.js's to judge; only its size is this check's business.
      left -= inflateSync(data, { maxOutputLength: left + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") left = -1;
    }
    if (left < 0) throw new DocumentError("too_large", documentMessages.tooComplex);
  }
}
