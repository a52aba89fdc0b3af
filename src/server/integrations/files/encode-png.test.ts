import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodePng, type RawImage } from "./encode-png.js";
import { sniffImageType } from "./sniff-image.js";

interface Chunk {
  type: string;
  body: Uint8Array;
  isCrcValid: boolean;
}

/** Splits a PNG into chunks as the specification lays them out, checking each CRC with zlib's. */
function readChunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(png.subarray(offset + 4, offset + 8));
    const body = png.subarray(offset + 8, offset + 8 + length);
    const isCrcValid = view.getUint32(offset + 8 + length) === crc32(png.subarray(offset + 4, offset + 8 + length));
    chunks.push({ type, body, isCrcValid });
    offset += 12 + length;
  }
  return chunks;
}

/** Undoes the five PNG row filters (specification section 9), so the test does not assume which one was used. */
function unfilter(inflated: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = inflated[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const raw = inflated[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      const predictor = [0, left, up, (left + up) >> 1, paeth][filter ?? -1];
      if (predictor === undefined) throw new Error(`unknown filter ${filter}`);
      pixels[y * stride + x] = (raw + predictor) & 0xff;
    }
  }
  return pixels;
}

function image(channels: RawImage["channels"], width = 7, height = 5): RawImage {
  const data = new Uint8Array(width * height * channels).map((_, i) => (i * 37 + (i >> 3) * 11) & 0xff);
  return { data, width, height, channels };
}

describe("encodePng", () => {
  it.each([
    [1, 0],
    [2, 4],
    [3, 2],
    [4, 6],
  ] as const)("writes %i-channel pixels as an 8-bit PNG of colour type %i that decodes to the same pixels", (channels, colourType) => {
    const raw = image(channels);
    const png = encodePng(raw);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(sniffImageType(png)).toBe("image/png");

    const chunks = readChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(chunks.every((c) => c.isCrcValid)).toBe(true);
    const header = new DataView(chunks[0]!.body.buffer, chunks[0]!.body.byteOffset, 13);
    expect([header.getUint32(0), header.getUint32(4), chunks[0]!.body[8], chunks[0]!.body[9]]).toEqual([7, 5, 8, colourType]);
    expect([...chunks[0]!.body.subarray(10)]).toEqual([0, 0, 0]);

    const decoded = unfilter(inflateSync(chunks[1]!.body), raw.width, raw.height, channels);
    expect([...decoded]).toEqual([...raw.data]);
  });

  it("accepts pdf.js's Uint8ClampedArray pixels", () => {
    const raw = image(3);
    const png = encodePng({ ...raw, data: new Uint8ClampedArray(raw.data) });
    expect(png).toEqual(encodePng(raw));
  });

  it.each([
    ["too few bytes for the size", { data: new Uint8Array(10), width: 4, height: 4, channels: 1 }],
    ["a zero width", { data: new Uint8Array(0), width: 0, height: 4, channels: 1 }],
  ] as const)("refuses %s", (_, raw) => {
    expect(() => encodePng(raw)).toThrow(RangeError);
  });
});
