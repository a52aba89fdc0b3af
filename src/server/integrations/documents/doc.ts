import { DocumentError, documentMessages } from "./errors.js";
import { normalizeCell } from "./normalize.js";
import { hasStream, isEncryptedWordDocument, readOle } from "./ole.js";

export interface DocContent {
  text: string;
  tables: string[][][];
}

export async function extractDoc(bytes: Uint8Array): Promise<DocContent> {
  const ole = readOle(bytes);
  if (!ole) throw new DocumentError("corrupt", documentMessages.corrupt);
  if (hasStream(ole, "EncryptedPackage") || isEncryptedWordDocument(ole)) {
    throw new DocumentError("encrypted", documentMessages.encrypted);
  }
  let body: string;
  try {
    // Loaded when a .doc file first arrives, like the other readers (issue 16).
    const { default: WordExtractor } = await import("word-extractor");
    const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    body = document.getBody();
  } catch {
    throw new DocumentError("corrupt", documentMessages.corrupt);
  }
  return splitWordBody(body);
}

/**
 * word-extractor writes a table cell's end as a tab and a row's end as a tab before the line break, so a line that
 * contains a tab and ends with one is a table row. Other lines are paragraphs, written with a blank line between
 * them as in the other formats.
 */
export function splitWordBody(body: string): DocContent {
  const blocks: string[] = [];
  const tables: string[][][] = [];
  let rows: string[][] = [];
  const endTable = () => {
    if (rows.length === 0) return;
    tables.push(rows);
    blocks.push(rows.map((row) => row.join("\t")).join("\n"));
    rows = [];
  };
  for (const line of body.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.endsWith("\t") && line.slice(0, -1).includes("\t")) {
      rows.push(line.slice(0, -1).split("\t").map(normalizeCell));
      continue;
    }
    endTable();
    if (line.trim()) blocks.push(line.trim());
  }
  endTable();
  return { text: blocks.join("\n\n"), tables };
}
