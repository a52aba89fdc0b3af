/**
 * Whether an image's bytes run to the end its format marks: a photo cut off in transfer has a whole header (so its
 * size reads) but not its pixels, and a browser draws it grey or not at all.
 */
export function isCompleteImage(bytes: Uint8Array, mimeType: "image/png" | "image/jpeg" | "image/webp" | "image/gif"): boolean {
  const n = bytes.length;
  switch (mimeType) {
    // The last chunk is IEND: length 0, type, and its CRC.
    case "image/png":
      return n >= 12 && String.fromCharCode(...bytes.subarray(n - 8, n - 4)) === "IEND";
    // End of image (FF D9), allowing the padding some cameras write after it.
    case "image/jpeg":
      return lastIndexOfPair(bytes, 0xff, 0xd9, 1024) >= 0;
    // The trailer byte ";".
    case "image/gif":
      return n > 13 && bytes[n - 1] === 0x3b;
    // RIFF's own length: the bytes after its first 8.
    case "image/webp":
      return n >= 12 && new DataView(bytes.buffer, bytes.byteOffset, n).getUint32(4, true) + 8 <= n;
  }
}

function lastIndexOfPair(bytes: Uint8Array, first: number, second: number, within: number): number {
  for (let i = bytes.length - 2; i >= Math.max(0, bytes.length - within); i--) if (bytes[i] === first && bytes[i + 1] === second) return i;
  return -1;
}
