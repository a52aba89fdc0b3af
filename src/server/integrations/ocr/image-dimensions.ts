import { crc32 } from "node:zlib";

export interface ImageDimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const ascii = (b: Uint8Array, i: number, text: string) => [...text].every((c, k) => b[i + k] === c.charCodeAt(0));

/**
 * An image's size as its header states it, read before anything decodes the pixels: a 74-byte PNG can claim
 * 50000 x 50000 pixels, which a decoder would try to allocate. Undefined when the header is missing or damaged: a PNG's
 * header carries a checksum, so a damaged one is told apart from one that truly claims a huge size (a teacher was told
 * to resize a photo whose header was only broken).
 */
export function readImageDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  // A file shorter than the smallest complete picture of its kind is a broken one, whatever its header claims: an
  // 11-byte GIF stating 65535 x 65535 was answered "too large, resize it" (outside audit).
  const isComplete = (smallest: number) => bytes.length >= smallest;
  if (bytes.length >= 24 && bytes[0] === 0x89 && ascii(bytes, 1, "PNG") && ascii(bytes, 12, "IHDR")) return isComplete(smallestImageBytes.png) ? pngDimensions(bytes, size) : undefined;
  if (bytes.length >= 10 && ascii(bytes, 0, "GIF8")) return isComplete(smallestImageBytes.gif) ? size(u16le(bytes, 6), u16le(bytes, 8)) : undefined;
  if (bytes.length >= 30 && ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return webpDimensions(bytes, size);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return isComplete(smallestImageBytes.jpeg) ? jpegDimensions(bytes, size) : undefined;
  return undefined;
}

/**
 * The fewest bytes a whole picture of each kind takes (1 x 1 pixel: PNG's signature, header, one data chunk and its
 * end; GIF's header, screen, image descriptor, data and trailer; JPEG's markers, tables, frame and scan), rounded down
 * so that no real picture is refused. A WebP's header is 30 bytes and its smallest whole file about as many.
 */
export const smallestImageBytes = { png: 67, gif: 26, jpeg: 100 } as const;

type Size = (width: number, height: number) => ImageDimensions | undefined;

/** PNG allows sizes up to 2^31 - 1; the header's CRC covers "IHDR" and its 13 bytes, read when the file has it. */
function pngDimensions(b: Uint8Array, size: Size): ImageDimensions | undefined {
  const [width, height] = [u32be(b, 16), u32be(b, 20)];
  if (width > 0x7fffffff || height > 0x7fffffff) return undefined;
  if (b.length >= 33 && crc32(b.subarray(12, 29)) !== u32be(b, 29)) return undefined;
  return size(width, height);
}

function webpDimensions(b: Uint8Array, size: Size): ImageDimensions | undefined {
  if (ascii(b, 12, "VP8 ")) return size(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (ascii(b, 12, "VP8L")) return size(1 + (((b[22]! & 0x3f) << 8) | b[21]!), 1 + (((b[24]! & 0x0f) << 10) | (b[23]! << 2) | ((b[22]! & 0xc0) >> 6)));
  if (ascii(b, 12, "VP8X")) return size(1 + u24le(b, 24), 1 + u24le(b, 27));
  return undefined;
}

/** Walks the JPEG segments to the frame header (SOF0-SOF15, less DHT, JPG and DAC, which share the range). */
function jpegDimensions(b: Uint8Array, size: Size): ImageDimensions | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return size(u16be(b, i + 7), u16be(b, i + 5));
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    i += 2 + u16be(b, i + 2);
  }
  return undefined;
}
