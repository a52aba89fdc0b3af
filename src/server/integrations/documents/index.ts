import { extractDoc } from "./doc.js";
import { extractDocx } from "./docx.js";
import { DocumentError, documentMessages } from "./errors.js";
import { hasReadableText, normalizeText } from "./normalize.js";
import { isOle } from "./ole.js";
import { extractPdf, isImageOnly } from "./pdf.js";
import { decodeText, mimeTypes, sniffDocumentKind, type DocumentKind } from "./sniff.js";

export { DocumentError, type DocumentErrorCode } from "./errors.js";
export { sniffDocumentKind, type DocumentKind } from "./sniff.js";

/** The upload limit for every document in the product (sample work, rubrics, submissions). */
export const maxDocumentBytes = 10 * 1024 * 1024;

export interface ExtractedDocument {
  kind: DocumentKind;
  mimeType: string;
  /** Normalised: \n line ends, no trailing spaces, at most two blank lines in a row, paragraphs kept. */
  text: string;
  /** Tables as rows of cell texts (.docx, .pdf, and .doc tables); [] when the format or document has none. */
  tables: string[][][];
  pageCount?: number;
}

export interface ExtractOptions {
  maxBytes?: number;
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
  if (!kind) throw new DocumentError("unsupported", documentMessages.unsupported);

  const base = { kind, mimeType: mimeTypes[kind] };
  let document: ExtractedDocument;
  switch (kind) {
    case "txt":
      document = { ...base, text: decodeText(bytes) ?? "", tables: [] };
      break;
    case "docx":
      // An OLE container around a .docx only ever means Office's password protection.
      if (isOle(bytes)) throw new DocumentError("encrypted", documentMessages.encrypted);
      document = { ...base, ...(await extractDocx(bytes)) };
      break;
    case "doc":
      document = { ...base, ...(await extractDoc(bytes)) };
      break;
    case "pdf": {
      const content = await extractPdf(bytes);
      if (isImageOnly(content)) throw new DocumentError("image_only", documentMessages.imageOnly);
      document = { ...base, ...content };
      break;
    }
  }
  document.text = normalizeText(document.text);
  if (!hasReadableText(document.text)) throw new DocumentError("empty", documentMessages.empty);
  return document;
}
