import type { getDocumentProxy } from "unpdf";
import type { ImageTextReader } from "../ocr/image-text-reader.js";
import { encodePng } from "../files/encode-png.js";
import { DocumentError, documentMessages } from "./errors.js";
import { layoutFromWords } from "../ocr/word-layout.js";
import { readImage, readImageLines } from "./read-image.js";

/** OCR takes seconds a page; a longer scan is rarely one student's work, and the rest would only keep the queue busy. */
export const maxOcrPages = 30;

/** A page image as pdf.js decodes it (src/shared/util.js ImageKind): 1-bit rows packed 8 pixels a byte, RGB or RGBA. */
interface PdfImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * The text of a scanned PDF: each page's largest image read by OCR, pages in order, separated by a blank line, and how
 * many pages have an image at all (without a reader, only that is found: a PDF with neither text nor images is blank,
 * not a scan, and was told to scan its page again at 150 dpi).
 * The images are collected from the operator list here rather than with unpdf's extractImages, which drops the
 * 1-bit images that school copiers write when they "scan to PDF" in black and white.
 */
export async function readScannedPdf(
  bytes: Uint8Array,
  reader: (Pick<ImageTextReader, "read"> & Partial<Pick<ImageTextReader, "readLines">>) | undefined,
  options: { tables?: boolean } = {},
): Promise<{ text: string; tables: string[][][]; pagesWithImages: number }> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await (await import("unpdf")).getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, isOffscreenCanvasSupported: false, verbosity: 0 });
  } catch {
    throw new DocumentError("corrupt", documentMessages.corrupt);
  }
  try {
    const { OPS, ImageKind } = await (await import("unpdf")).getResolvedPDFJS();
    const pages: string[] = [];
    const tables: string[][][] = [];
    let pagesWithImages = 0;
    for (let pageNumber = 1; pageNumber <= Math.min(pdf.numPages, maxOcrPages); pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      const operators = await page.getOperatorList();
      let largest: PdfImage | undefined;
      for (let i = 0; i < operators.fnArray.length; i++) {
        if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
        const key = (operators.argsArray[i] as unknown[])[0];
        if (typeof key !== "string") continue;
        const objects = key.startsWith("g_") ? page.commonObjs : page.objs;
        const image = (await new Promise((resolve) => objects.get(key, resolve))) as PdfImage | null;
        if (image?.data && (!largest || image.width * image.height > largest.width * largest.height)) largest = image;
      }
      if (largest) pagesWithImages++;
      const grey = reader && largest && toGrey(largest, ImageKind);
      if (grey && largest) {
        const png = encodePng({ data: grey, width: largest.width, height: largest.height, channels: 1 });
        if (options.tables && reader.readLines) {
          // A gridded page (a rubric) keeps its cells; any other page keeps tesseract's own text.
          const read = await readImageLines({ readLines: reader.readLines }, png);
          const layout = layoutFromWords({ data: grey, width: largest.width, height: largest.height }, read.lines);
          pages.push(layout?.text ?? read.text);
          tables.push(...(layout?.tables ?? []));
        } else {
          pages.push(await readImage(reader, png));
        }
      }
      page.cleanup();
    }
    return { text: pages.filter((text) => text.trim()).join("\n\n"), tables, pagesWithImages };
  } finally {
    await pdf.destroy();
  }
}

/**
 * One grey byte a pixel: OCR looks at brightness only, and a grey PNG is a third the size of RGB. Transparent pixels
 * are laid over white paper, as a viewer shows them. Undefined for a layout pdf.js does not produce.
 */
function toGrey(image: PdfImage, kinds: { GRAYSCALE_1BPP: number; RGB_24BPP: number; RGBA_32BPP: number }): Uint8Array | undefined {
  const { width, height, kind, data } = image;
  if (!data) return undefined;
  const grey = new Uint8Array(width * height);
  if (kind === kinds.GRAYSCALE_1BPP) {
    const rowBytes = Math.ceil(width / 8);
    if (data.length < rowBytes * height) return undefined;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // pdf.js has already applied the image's Decode array: a set bit is white.
        grey[y * width + x] = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1 ? 255 : 0;
      }
    }
    return grey;
  }
  const channels = kind === kinds.RGB_24BPP ? 3 : kind === kinds.RGBA_32BPP ? 4 : 0;
  if (!channels || data.length < width * height * channels) return undefined;
  for (let pixel = 0; pixel < width * height; pixel++) {
    const at = pixel * channels;
    const luma = 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
    const alpha = channels === 4 ? (data[at + 3] ?? 255) / 255 : 1;
    grey[pixel] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return grey;
}
