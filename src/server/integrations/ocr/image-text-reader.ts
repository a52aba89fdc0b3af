import { createRequire } from "node:module";
import path from "node:path";
import type { Page as RecognizeData, Worker } from "tesseract.js";
import { readImageDimensions } from "./image-dimensions";
import type { OcrWord } from "./word-layout";

export interface ImageTextReader {
  /** The text in an image (PNG, JPEG, WebP or GIF); "" when none can be read. Throws ImageReadError. */
  read(bytes: Uint8Array): Promise<string>;
  /** The text and its lines of words with their boxes (for tables), under the same limits and queue as read. */
  readLines(bytes: Uint8Array): Promise<{ text: string; lines: OcrWord[][] }>;
  close(): Promise<void>;
}

/** 40 megapixels: any phone photo or scan of a page, and about 160 MB once decoded to RGBA. */
export const maxImagePixels = 40_000_000;

/** An image that cannot be read: damaged (or not an image at all), larger than maxImagePixels, or the reader is full. */
export class ImageReadError extends Error {
  override readonly name = "ImageReadError";
  constructor(
    readonly reason: "unreadable" | "too_large" | "busy",
    message: string,
  ) {
    super(message);
  }
}

const require = createRequire(import.meta.url);

export interface ImageTextReaderOptions {
  /** Images that may wait while one is read; one more is refused as busy (the upload is refused whole, nothing kept). */
  maxWaiting?: number;
  /** The worker is stopped this long after its last image, which gives its memory (hundreds of MB) back. */
  idleMs?: number;
}

/**
 * Offline OCR with tesseract.js and the English model shipped in @tesseract.js-data/eng (nothing is downloaded).
 * One worker per process, started on first use: most requests never need it. The worker reads one image at a time,
 * so at most one image is decoded in memory, and the queue before it is bounded; the size the header claims is
 * checked before any decoding. The worker's WebAssembly memory only grows while it lives, so an idle worker stops.
 */
export function createImageTextReader({ maxWaiting = 4, idleMs = 30_000 }: ImageTextReaderOptions = {}): ImageTextReader {
  let worker: Promise<Worker> | undefined;
  let pending = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  // tesseract.js is loaded with the first image, and the worker goes when idle: an idle server holds neither (issue 16).
  const start = async () => {
    const { createWorker } = await import("tesseract.js");
    const eng = require("@tesseract.js-data/eng") as { langPath: string };
    const langPath = path.join(path.dirname(eng.langPath), "4.0.0_best_int");
    // Without an errorHandler tesseract.js rethrows a failed job outside any promise, which ends the process; the
    // job's own promise is rejected as well, and that is where the failure is handled.
    return createWorker("eng", 1, { langPath, gzip: true, cacheMethod: "none", errorHandler: () => undefined });
  };
  const stop = async () => {
    clearTimeout(idleTimer);
    const current = worker;
    worker = undefined;
    if (current) await (await current).terminate().catch(() => undefined);
  };
  const recognize = async <T>(bytes: Uint8Array, withBoxes: boolean, answer: (data: RecognizeData) => T): Promise<T> => {
    const size = readImageDimensions(bytes);
    if (!size) throw new ImageReadError("unreadable", "The image's header is missing or damaged.");
    if (size.width * size.height > maxImagePixels) {
      throw new ImageReadError("too_large", `The image is ${size.width} x ${size.height} pixels, more than the ${maxImagePixels / 1_000_000} megapixel limit.`);
    }
    if (pending > maxWaiting) throw new ImageReadError("busy", `${pending} images are being read already.`);
    pending += 1;
    clearTimeout(idleTimer);
    worker ??= start();
    try {
      const { data } = await (await worker).recognize(Buffer.from(bytes), {}, withBoxes ? { text: true, blocks: true } : undefined);
      return answer(data);
    } catch (error) {
      // A worker that failed on one image starts afresh for the next.
      await stop();
      throw new ImageReadError("unreadable", error instanceof Error ? error.message : String(error));
    } finally {
      pending -= 1;
      if (pending === 0 && worker !== undefined) {
        idleTimer = setTimeout(() => void stop(), idleMs);
        idleTimer.unref();
      }
    }
  };
  const textOf = (data: RecognizeData) => data.text.replace(/[ \t]+\n/g, "\n").trim();
  return {
    read: (bytes) => recognize(bytes, false, textOf),
    readLines: (bytes) =>
      recognize(bytes, true, (data) => ({
        text: textOf(data),
        lines: (data.blocks ?? []).flatMap((block) =>
          block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => line.words.map((word) => ({ text: word.text, ...word.bbox })))),
        ),
      })),
    close: stop,
  };
}
