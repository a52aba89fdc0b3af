import { readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readImageDimensions, smallestImageBytes } from "./image-dimensions";

/** A file's first bytes followed by zeros to the smallest size a whole picture of its kind takes. */
const fileOf = (head: number[], kind: keyof typeof smallestImageBytes) => new Uint8Array([...head, ...Array.from({ length: Math.max(0, smallestImageBytes[kind] - head.length) }, () => 0)]);
const pngHeader = (width: number, height: number) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height), 8, 2, 0, 0, 0];
/** A PNG of the smallest whole size whose header carries its checksum, as every real PNG's does. */
const png = (width: number, height: number) => {
  const header = pngHeader(width, height);
  return fileOf([...header, ...be32(crc32(new Uint8Array(header).subarray(12, 29)))], "png");
};
function be32(n: number) {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

describe("reading an image's size from its header, before any decoding", () => {
  it("reads a PNG's header, including one that claims 50000 x 50000 in 67 bytes", () => {
    expect(readImageDimensions(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(readImageDimensions(png(50000, 50000))).toEqual({ width: 50000, height: 50000 });
  });

  it("reads the committed test picture", () => {
    const size = readImageDimensions(new Uint8Array(readFileSync("tests/fixtures/images/rubric-note.png")));
    expect(size!.width).toBeGreaterThan(100);
    expect(size!.height).toBeGreaterThan(50);
  });

  it("walks a JPEG's segments to its frame header", () => {
    const app0 = [0xff, 0xe0, 0, 16, ...Array.from({ length: 14 }, () => 0)];
    const sof0 = [0xff, 0xc0, 0, 11, 8, 0x02, 0x58, 0x03, 0x20, 1, 1, 0x11, 0];
    expect(readImageDimensions(fileOf([0xff, 0xd8, ...app0, ...sof0], "jpeg"))).toEqual({ width: 800, height: 600 });
  });

  it("reads GIF and WebP (VP8X) headers", () => {
    expect(readImageDimensions(fileOf([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02], "gif"))).toEqual({ width: 800, height: 600 });
    const webp = new Uint8Array(30);
    webp.set([0x52, 0x49, 0x46, 0x46], 0);
    webp.set([0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x58], 8);
    webp.set([0x1f, 0x03, 0x00, 0x57, 0x02, 0x00], 24);
    expect(readImageDimensions(webp)).toEqual({ width: 800, height: 600 });
  });

  it("gives up on a damaged header: the PNG signature and random bytes, a truncated JPEG, a zero size", () => {
    const random = new Uint8Array(208);
    random.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (let i = 8; i < random.length; i++) random[i] = (i * 73 + 11) % 256;
    expect(readImageDimensions(random)).toBeUndefined();
    expect(readImageDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeUndefined();
    expect(readImageDimensions(png(0, 480))).toBeUndefined();
  });

  it("checks a PNG header's checksum, so a damaged header is not read as a huge size", () => {
    expect(readImageDimensions(png(50000, 50000))).toEqual({ width: 50000, height: 50000 });
    const damaged = png(640, 480);
    damaged[16] = 0x7f; // one flipped byte in the width: 2 billion pixels wide, by a broken header
    expect(readImageDimensions(damaged)).toBeUndefined();
    expect(readImageDimensions(png(0x80000000, 480))).toBeUndefined();
  });

  it("reads a file too short to hold a whole picture as damaged, whatever size its header claims", () => {
    const gif = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0xff, 0xff, 0xff, 0xff, 0];
    expect(readImageDimensions(new Uint8Array(gif))).toBeUndefined();
    expect(readImageDimensions(fileOf(gif, "gif"))).toEqual({ width: 65535, height: 65535 });
    expect(readImageDimensions(png(50000, 50000).subarray(0, 33))).toBeUndefined();
    const app0 = [0xff, 0xe0, 0, 16, ...Array.from({ length: 14 }, () => 0)];
    expect(readImageDimensions(new Uint8Array([0xff, 0xd8, ...app0, 0xff, 0xc0, 0, 11, 8, 0xff, 0xff, 0xff, 0xff, 1, 1, 0x11, 0]))).toBeUndefined();
  });
});
