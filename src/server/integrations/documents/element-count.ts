import { DocumentError, documentMessages } from "./errors.js";
import { inflatedPart, isXmlPart, type ZipEntry } from "./zip.js";

/**
 * Elements a Word or OpenDocument body may hold before it is refused. The readers build a tree of every element in
 * memory: mammoth took 390 MB and 2 s for 200,000 (50,000 one-word paragraphs), and a 183 KB .docx of 60 MB of XML
 * ran the server out of memory. A long formatted essay has a few tens of thousands; a one-page rubric about 700.
 */
export const maxDocumentElements = 150_000;

const lessThan = 0x3c;
const notAnElement = new Set([0x2f, 0x3f, 0x21]); // "</", "<?", "<!"

/**
 * Counts the opening tags of every XML part of a zipped document, one part inflated at a time, and refuses it past the
 * limit. Every part, since a reader may parse any of them (mammoth reads the main part it finds through the package's
 * relationships, footnotes, endnotes and comments, whatever their names).
 */
export function refuseTooManyElements(bytes: Uint8Array, entries: readonly ZipEntry[], limit = maxDocumentElements): void {
  let elements = 0;
  for (const entry of entries.filter(isXmlPart)) {
    const xml = inflatedPart(bytes, entry.name);
    for (let i = xml.indexOf(lessThan); i >= 0; i = xml.indexOf(lessThan, i + 1)) {
      if (notAnElement.has(xml[i + 1]!)) continue;
      if (++elements > limit) throw new DocumentError("too_large", documentMessages.tooComplex);
    }
  }
}
