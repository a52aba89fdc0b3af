import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, type Worker } from "tesseract.js";

export interface ImageTextReader {
  /** The text in an image (PNG, JPEG, WebP or GIF); "" when none can be read. */
  read(bytes: Uint8Array): Promise<string>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * Offline OCR with tesseract.js and the English model shipped in @tesseract.js-data/eng (nothing is downloaded).
 * One worker per process, started on first use: most requests never need it.
 */
export function createImageTextReader(): ImageTextReader {
  let worker: Promise<Worker> | undefined;
  const start = () => {
    const eng = require("@tesseract.js-data/eng") as { langPath: string };
    const langPath = path.join(path.dirname(eng.langPath), "4.0.0_best_int");
    return createWorker("eng", 1, { langPath, gzip: true, cacheMethod: "none" });
  };
  return {
    async read(bytes) {
      worker ??= start();
      const { data } = await (await worker).recognize(Buffer.from(bytes));
      return data.text.replace(/[ \t]+\n/g, "\n").trim();
    },
    async close() {
      if (worker) await (await worker).terminate().catch(() => undefined);
      worker = undefined;
    },
  };
}
