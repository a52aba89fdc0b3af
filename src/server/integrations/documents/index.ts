import { sniffImageType } from "../files/sniff-image.js";
import type { ImageTextReader } from "../ocr/image-text-reader.js";
import { readImage } from "./read-image.js";
import { extractDoc } from "./doc.js";
import { extractDocx } from "./docx.js";
import { htmlToText } from "./html.js";
import { extractOdt } from "./odt.js";
import { DocumentError, documentMessages } from "./errors.js";
import { hasReadableText } from "../../../contracts/submissions";
import { normalizeText } from "./normalize.js";
import { readScannedPdf } from "./ocr-pdf.js";
import { isOle } from "./ole.js";
import { maxDocumentCharacters } from "./limits.js";
import { extractPdf, isImageOnly } from "./pdf.js";
import { decodeText, isRtf, mimeTypes, sniffDocumentKind, type DocumentKind, type TextDocumentKind } from "./sniff.js";

export { DocumentError, documentMessages, type DocumentErrorCode } from "./errors.js";
export { maxOcrPages } from "./ocr-pdf.js";
export { checkImage, readImage } from "./read-image.js";
export { sniffDocumentKind, type DocumentKind, type TextDocumentKind } from "./sniff.js";

/** The upload limit for every document in the product (sample work, rubrics, submissions). */
export const maxDocumentBytes = 10 * 1024 * 1024;
export { maxDocumentCharacters } from "./limits.js";

export interface ExtractedDocument {
  kind: DocumentKind;
  mimeType: string;
  /** Normalised: \n line ends, no trailing spaces, at most two blank lines in a row, paragraphs kept. */
  text: string;
  /** Tables as rows of cell texts (.docx, .pdf, and .doc tables); [] when the format or document has none. */
  tables: string[][][];
  pageCount?: number;
  /** The text was read from images by OCR (a scanned PDF or a photo): expect misread words. */
  ocr?: true;
}

export interface ExtractOptions {
  maxBytes?: number;
  /** Reads scanned PDFs and photos of pages; without one, both are refused as before. */
  imageReader?: Pick<ImageTextReader, "read"> & Partial<Pick<ImageTextReader, "readLines">>;
  /** false: the reader is for scanned PDFs only, and a photo is refused like any type not read (rubric uploads take .txt, .doc, .docx, .pdf). */
  photos?: boolean;
  /** Rebuild tables of a scanned PDF from OCR's word boxes (rubrics: their levels are columns). */
  ocrTables?: boolean;
  /**
   * The name it was uploaded with. Never decides the type; it only changes the message for content that is no known
   * kind although the name says .docx, .doc or .pdf: that file is damaged, not of a kind Markwise does not read.
   */
  fileName?: string;
}

/** An ISO media file of the HEIF family (ftyp heic, heix, mif1...): what an iPhone saves its photos as. */
function isHeic(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return ascii(4, 8) === "ftyp" && ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].includes(ascii(8, 12));
}

/**
 * Reads an uploaded document entirely in memory. The type comes from the content, never from a file name; every
 * failure is a DocumentError whose message tells a teacher what to do.
 */
export async function extractDocument(bytes: Uint8Array, options: ExtractOptions = {}): Promise<ExtractedDocument> {
  const maxBytes = options.maxBytes ?? maxDocumentBytes;
  if (bytes.length > maxBytes) throw new DocumentError("too_large", documentMessages.tooLarge(maxBytes));
  if (bytes.length === 0) throw new DocumentError("empty", documentMessages.empty);

  const kind = sniffDocumentKind(bytes);
  const { imageReader } = options;
  const photoReader = options.photos === false ? undefined : imageReader;
  let document: ExtractedDocument;
  if (!kind) {
    const imageType = photoReader ? sniffImageType(bytes) : undefined;
    if (!photoReader || !imageType) {
      // Word's "Rich Text Format" named .doc is a format Markwise does not read, not a damaged Word file.
      if (isRtf(bytes)) throw new DocumentError("unsupported", documentMessages.rtf);
      if (/\.(?:docx?|pdf)$/i.test(options.fileName ?? "")) throw new DocumentError("corrupt", documentMessages.corrupt);
      // A .txt of binary bytes (or of NULs) was told its file type is not supported, and to upload a .txt.
      if (/\.txt$/i.test(options.fileName ?? "")) throw new DocumentError("corrupt", documentMessages.notPlainText);
      if (photoReader && isHeic(bytes)) throw new DocumentError("unsupported", documentMessages.heic);
      throw new DocumentError("unsupported", photoReader ? documentMessages.unsupportedWithPhotos : documentMessages.unsupported);
    }
    const text = await readImage(photoReader, bytes);
    // A logo or a picture gives OCR a stray mark or two ("'e"): that is no student's work to grade.
    if (wordsIn(text) < minPhotoWords) throw new DocumentError("empty", documentMessages.photoUnreadable);
    document = { kind: "image", mimeType: imageType, text, tables: [], ocr: true };
  } else {
    // Word and PDF never write plain text or a web page under those names: such a file was damaged or renamed, and
    // reading it as text took "this is not a docx file" as a graded sample.
    if ((kind === "txt" || kind === "html") && /\.(?:docx|pdf)$/i.test(options.fileName ?? "")) throw new DocumentError("corrupt", documentMessages.corrupt);
    document = await extractTextDocument(bytes, kind, imageReader, options.ocrTables === true);
  }
  // Twice the limit before normalising (which only takes out spaces), so a huge text is not worked on first.
  refuseLongerThan(document.text, maxDocumentCharacters * 2);
  document.text = normalizeText(document.text);
  if (!hasReadableText(document.text)) throw new DocumentError("empty", documentMessages.empty);
  refuseLongerThan(document.text, maxDocumentCharacters);
  return document;
}

/** Words read from a photo before it counts as writing: a one-word answer is written on paper, not photographed. */
const minPhotoWords = 3;
const wordsIn = (text: string) => text.match(/\p{L}{2,}/gu)?.length ?? 0;

function refuseLongerThan(text: string, characters: number): void {
  if (text.length > characters) throw new DocumentError("too_large", documentMessages.tooLong(maxDocumentCharacters));
}

async function extractTextDocument(
  bytes: Uint8Array,
  kind: TextDocumentKind,
  imageReader: ExtractOptions["imageReader"],
  ocrTables: boolean,
): Promise<ExtractedDocument> {
  const base = { kind, mimeType: mimeTypes[kind] };
  switch (kind) {
    case "txt":
      return { ...base, text: decodeText(bytes) ?? "", tables: [] };
    case "html":
      return { ...base, text: await htmlToText(decodeText(bytes) ?? ""), tables: [] };
    case "docx":
      // An OLE container around a .docx only ever means Office's password protection.
      if (isOle(bytes)) throw new DocumentError("encrypted", documentMessages.encrypted);
      return { ...base, ...(await extractDocx(bytes)) };
    case "doc":
      return { ...base, ...(await extractDoc(bytes)) };
    case "odt":
      return { ...base, ...(await extractOdt(bytes)) };
    case "pdf": {
      const content = await extractPdf(bytes);
      if (!isImageOnly(content)) return { ...base, ...content };
      const { text, tables, pagesWithImages } = await readScannedPdf(bytes, imageReader, { tables: ocrTables });
      if (pagesWithImages === 0) throw new DocumentError("empty", documentMessages.empty);
      // OCR tried and found nothing: the scan itself is the problem, not a missing text layer.
      if (!hasReadableText(text)) throw new DocumentError("image_only", imageReader ? documentMessages.scanUnreadable : documentMessages.imageOnly);
      return { ...base, text, tables, pageCount: content.pageCount, ocr: true };
    }
  }
}
