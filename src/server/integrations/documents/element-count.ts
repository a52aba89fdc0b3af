import { DocumentError, documentMessages } from "./errors.js";

/**
 * Elements a Word or OpenDocument body may hold before it is refused. The readers build a tree of every element in
 * memory: mammoth took 390 MB and 2 s for 200,000 (50,000 one-word paragraphs), and a 183 KB .docx of 60 MB of XML
 * ran the server out of memory. A long formatted essay has a few tens of thousands; a one-page rubric about 700.
 */
export const maxDocumentElements = 150_000;

const lessThan = 0x3c;
const notAnElement = new Set([0x2f, 0x3f, 0x21]); // "</", "<?", "<!"

/** Counts the opening tags of an XML document's bytes, stopping once past the limit; refuses it beyond. */
export function refuseTooManyElements(xml: Uint8Array, limit = maxDocumentElements): void {
  let elements = 0;
  for (let i = xml.indexOf(lessThan); i >= 0; i = xml.indexOf(lessThan, i + 1)) {
    if (notAnElement.has(xml[i + 1]!)) continue;
    if (++elements > limit) throw new DocumentError("too_large", documentMessages.tooComplex);
  }
}
