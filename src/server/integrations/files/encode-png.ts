import { crc32, deflateSync } from "node:zlib";

export interface RawImage {
  /** Pixels row by row, top first, `channels` bytes per pixel, no padding. */
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  /** 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const colourTypes = { 1: 0, 2: 4, 3: 2, 4: 6 } as const;

/**
 * An 8-bit PNG of raw pixels, so that decoded PDF page images can go to OCR without an image library. Every row
 * uses the Up filter (the first row's "above" is zeros): a scan is mostly flat paper, which Up turns into long runs
 * of zeros that deflate well.
 */
export function encodePng(image: RawImage): Uint8Array {
  const { data, width, height, channels } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`A PNG needs a positive whole width and height, not ${width}x${height}.`);
  }
  const stride = width * channels;
  if (data.length !== stride * height) {
    throw new RangeError(`${width}x${height} pixels with ${channels} channels need ${stride * height} bytes, not ${data.length}.`);
  }

  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    filtered[out] = 2;
    for (let x = 0; x < stride; x++) {
      const above = y === 0 ? 0 : (data[row - stride + x] ?? 0);
      filtered[out + 1 + x] = ((data[row + x] ?? 0) - above) & 0xff;
    }
  }

  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8;
  header[9] = colourTypes[channels];
  return concat([new Uint8Array(signature), chunk("IHDR", header), chunk("IDAT", deflateSync(filtered)), chunk("IEND", new Uint8Array(0))]);
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + body.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, body.length);
  bytes.set(new TextEncoder().encode(type), 4);
  bytes.set(body, 8);
  // The checksum covers the type and the body, not the length.
  view.setUint32(8 + body.length, crc32(bytes.subarray(4, 8 + body.length)));
  return bytes;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
