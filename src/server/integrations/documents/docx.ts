import { DocumentError, documentMessages } from "./errors.js";
import { normalizeCell } from "./normalize.js";
import { refuseTooManyElements } from "./element-count.js";
import { readZipDirectory, refuseUnpackingTooMuch } from "./zip.js";

export interface DocxContent {
  text: string;
  tables: string[][][];
}

export async function extractDocx(bytes: Uint8Array): Promise<DocxContent> {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new DocumentError("corrupt", documentMessages.corrupt);
  const documentXml = entries.find((entry) => entry.name === "word/document.xml");
  if (!documentXml) throw new DocumentError("corrupt", documentMessages.corrupt);
  refuseUnpackingTooMuch(entries);
  refuseTooManyElements(bytes, entries);

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
  /** Columns the open cell covers (its colspan). */
  cellSpan: number;
  /** Rows still covered by a merged cell above, by column (its rowspan less the rows already passed). */
  coveredBelow: Map<number, number>;
}

/** A whole number attribute (colspan, rowspan) of a tag, at least 1 and at most `limit`. */
function spanAttribute(tag: string, name: string, limit: number): number {
  const value = Number(tag.match(new RegExp(`\\b${name}\\s*=\\s*["']?(\\d+)`, "i"))?.[1] ?? 1);
  return Math.min(Math.max(1, value), limit);
}

/** Widest and tallest merge honoured: Word allows 63 columns; a larger number is a damaged file, not a table. */
const maxSpan = 64;

/**
 * Blank cells for the columns a merged cell above still covers, from the row's end on; at the end of a row
 * (`toColumn`), up to the last column still covered so that no row below is left one short.
 */
function fillCovered(table: OpenTable, row: string[], toColumn = 0): void {
  while ((table.coveredBelow.get(row.length) ?? 0) > 0 || row.length < toColumn) {
    const remaining = table.coveredBelow.get(row.length) ?? 0;
    if (remaining > 0) table.coveredBelow.set(row.length, remaining - 1);
    row.push("");
  }
}

/** One past the last column a merged cell from a row above still covers. */
function coveredEnd(table: OpenTable): number {
  return Math.max(0, ...[...table.coveredBelow].filter(([, remaining]) => remaining > 0).map(([column]) => column + 1));
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
    const [whole, closing, rawTag, content] = match;
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
        if (!isClosing) openTables.push({ rows: [], row: undefined, cell: undefined, cellSpan: 1, coveredBelow: new Map() });
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
          fillCovered(table, table.row, coveredEnd(table));
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
        // A merged cell (colspan, rowspan) keeps its text in its first place of the grid and leaves the places it
        // covers blank, so every row has its cells under the right column: a header merged over the levels, or a
        // category merged over its criteria, would otherwise shift the cells after it to the left.
        if (!isClosing) {
          const row = (table.row ??= []);
          fillCovered(table, row);
          table.cell = [];
          table.cellSpan = spanAttribute(whole, "colspan", maxSpan);
          const rowSpan = spanAttribute(whole, "rowspan", maxSpan);
          for (let column = row.length; column < row.length + table.cellSpan; column++) {
            if (rowSpan > 1) table.coveredBelow.set(column, rowSpan - 1);
          }
        } else if (table.cell) {
          const row = (table.row ??= []);
          row.push(normalizeCell(table.cell.join("\n")), ...Array<string>(table.cellSpan - 1).fill(""));
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
