import { DocumentError, documentMessages } from "./errors.js";
import { normalizeCell } from "./normalize.js";
import { refuseTooManyElements } from "./element-count.js";
import { mainPart, readZipDirectory, refuseUnpackingTooMuch } from "./zip.js";

export interface DocxContent {
  text: string;
  tables: string[][][];
}

export async function extractDocx(bytes: Uint8Array): Promise<DocxContent> {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new DocumentError("corrupt", documentMessages.corrupt);
  const documentXml = entries.find((entry) => entry.name === "word/document.xml");
  if (!documentXml) throw new DocumentError("corrupt", documentMessages.corrupt);
  refuseUnpackingTooMuch(entries, "word/document.xml");
  refuseTooManyElements(mainPart(bytes, "word/document.xml"));

  // Loaded when a Word file first arrives: an idle server need not hold the converter (issue 16).
  const { default: mammoth } = await import("mammoth");
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        // Images carry no gradable text; skipping them keeps large embedded photos out of memory.
        convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
      },
    );
    html = result.value;
  } catch {
    throw new DocumentError("corrupt", documentMessages.corrupt);
  }
  return htmlToContent(html);
}

interface OpenTable {
  rows: string[][];
  row: string[] | undefined;
  cell: string[] | undefined;
}

/**
 * Turns mammoth's HTML (a small, well-formed subset: p, h1-h6, ul/ol/li, table/tr/td/th, a, strong, em, br, img)
 * into paragraphs separated by a blank line, list items prefixed like the list, and tables both as rows of cell
 * texts and, in the text, as tab-separated lines.
 */
export function htmlToContent(html: string): DocxContent {
  const blocks: string[] = [];
  const tables: string[][][] = [];
  const openTables: OpenTable[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let buffer: string | undefined;

  const flush = () => {
    if (buffer === undefined) return;
    const text = buffer;
    buffer = undefined;
    const table = openTables.at(-1);
    if (table?.cell) table.cell.push(text);
    else if (text.trim()) blocks.push(text.trim());
  };

  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)[^>]*>|([^<]+)/g)) {
    const [, closing, rawTag, content] = match;
    if (content !== undefined) {
      buffer = (buffer ?? "") + decodeEntities(content);
      continue;
    }
    const tag = (rawTag ?? "").toLowerCase();
    const isClosing = closing === "/";
    switch (tag) {
      case "p":
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
        flush();
        if (!isClosing) buffer = "";
        break;
      case "li": {
        flush();
        if (!isClosing) {
          const list = lists.at(-1);
          const marker = list?.ordered ? `${list.next++}. ` : "- ";
          buffer = "  ".repeat(Math.max(0, lists.length - 1)) + marker;
        }
        break;
      }
      case "ul":
      case "ol":
        flush();
        if (isClosing) lists.pop();
        else lists.push({ ordered: tag === "ol", next: 1 });
        break;
      case "br":
        buffer = (buffer ?? "") + "\n";
        break;
      case "table":
        flush();
        if (!isClosing) openTables.push({ rows: [], row: undefined, cell: undefined });
        else {
          const table = openTables.pop();
          if (table && table.rows.length > 0) {
            tables.push(table.rows);
            blocks.push(table.rows.map((row) => row.map((cell) => cell.replace(/\n/g, " ")).join("\t")).join("\n"));
          }
        }
        break;
      case "tr": {
        flush();
        const table = openTables.at(-1);
        if (!table) break;
        if (!isClosing) table.row = [];
        else if (table.row) {
          if (table.row.some((cell) => cell.length > 0)) table.rows.push(table.row);
          table.row = undefined;
        }
        break;
      }
      case "td":
      case "th": {
        flush();
        const table = openTables.at(-1);
        if (!table) break;
        if (!isClosing) table.cell = [];
        else if (table.cell) {
          (table.row ??= []).push(normalizeCell(table.cell.join("\n")));
          table.cell = undefined;
        }
        break;
      }
      default:
        break;
    }
  }
  flush();
  return { text: blocks.join("\n\n"), tables };
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);/g, (_, entity: string) => {
    if (entity.startsWith("#x")) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }[entity] ?? "";
  });
}
