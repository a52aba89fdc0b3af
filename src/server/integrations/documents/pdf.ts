import type { getDocumentProxy } from "unpdf";
import { DocumentError, documentMessages } from "./errors.js";
import { hasReadableText } from "../../../contracts/submissions";
import { maxDocumentCharacters } from "./limits.js";
import { normalizeCell } from "./normalize.js";
import { refuseUnpackingTooMuchPdf } from "./pdf-streams.js";

export interface PdfContent {
  text: string;
  tables: string[][][];
  pageCount: number;
}

interface Fragment {
  x0: number;
  x1: number;
  text: string;
}

interface Line {
  y: number;
  size: number;
  x0: number;
  x1: number;
  fragments: Fragment[];
}

/** A run of plain lines, or a table (with its rows) and the lines it was built from. */
interface Block {
  lines: Line[];
  rows?: string[][];
}

/** Text items further apart than this (in font sizes) on one line belong to different table cells. */
const cellGap = 0.5;
const bulletOrNumber = /^([-–—•*·▪◦○●■□➢►✓]\s|\(?\d{1,3}[.)]\s|\(?[a-zA-Z][.)]\s|\d+(\.\d+)?\s*([-–—]|to)\s*\d+)/;

/** More pages than any piece of school work: a 3.3 MB PDF of 20,000 pages held the server for 92 s (outside audit). */
export const maxPdfPages = 500;

export async function extractPdf(bytes: Uint8Array): Promise<PdfContent> {
  refuseUnpackingTooMuchPdf(bytes);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js may take ownership of the buffer, and the caller still needs the original bytes.
    // pdf.js is loaded when a PDF first arrives: an idle server need not hold it (issue 16).
    const { getDocumentProxy } = await import("unpdf");
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    if (error instanceof Error && error.name === "PasswordException") {
      throw new DocumentError("encrypted", documentMessages.encrypted);
    }
    throw new DocumentError("corrupt", documentMessages.corrupt);
  }
  try {
    if (pdf.numPages > maxPdfPages) throw new DocumentError("too_large", documentMessages.tooComplex);
    const pageTexts: string[] = [];
    const tables: string[][][] = [];
    let previousPageEndedInTable = false;
    // Read until the text is surely too long (index.ts refuses it after normalising), not through every page.
    let characters = 0;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      const lines = buildLines(
        content.items.flatMap((item) => {
          if (!("str" in item) || !item.str.trim()) return [];
          const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
          const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 10;
          return [{ text: item.str, x, y, width: item.width, size, endsLine: item.hasEOL }];
        }),
      );
      const blocks = findTables(lines);
      blocks.forEach((block, index) => {
        if (!block.rows) return;
        const previous = tables.at(-1);
        if (index === 0 && previousPageEndedInTable && previous && previous[0]?.length === block.rows[0]?.length) {
          appendContinuedTable(previous, block.rows);
        } else tables.push(block.rows);
      });
      previousPageEndedInTable = blocks.at(-1)?.rows !== undefined;
      pageTexts.push(blocksToText(blocks));
      page.cleanup();
      characters += pageTexts.at(-1)!.length;
      if (characters > 2 * maxDocumentCharacters) throw new DocumentError("too_large", documentMessages.tooLong(maxDocumentCharacters));
    }
    return { text: pageTexts.filter((text) => text.trim()).join("\n\n"), tables, pageCount: pdf.numPages };
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError("corrupt", documentMessages.corrupt);
  } finally {
    await pdf.destroy();
  }
}

/**
 * A table that runs onto the next page: one table, and a row cut by the page break (its first cell empty on the
 * new page) is joined back together.
 */
function appendContinuedTable(table: string[][], rows: string[][]) {
  const [first, ...rest] = rows;
  const last = table.at(-1);
  if (first && last && !first[0]) {
    first.forEach((cell, column) => {
      if (cell) last[column] = last[column] ? `${last[column]} ${cell}` : cell;
    });
    table.push(...rest);
  } else table.push(...rows);
}

export function isImageOnly(content: PdfContent): boolean {
  return content.pageCount > 0 && !hasReadableText(content.text);
}

interface PositionedItem {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  /** pdf.js saw the content stream move to a new line after this item. */
  endsLine: boolean;
}

/** Groups text items into visual lines (same baseline), and each line into fragments separated by wide gaps. */
function buildLines(items: PositionedItem[]): Line[] {
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: PositionedItem[][] = [];
  for (const item of sorted) {
    const group = groups.at(-1);
    const first = group?.[0];
    if (group && first && Math.abs(first.y - item.y) <= 0.35 * Math.min(first.size, item.size)) group.push(item);
    else groups.push([item]);
  }
  return groups.map((group) => {
    group.sort((p, q) => p.x - q.x);
    const size = median(group.map((item) => item.size));
    const fragments: Fragment[] = [];
    let previous: PositionedItem | undefined;
    for (const item of group) {
      const last = fragments.at(-1);
      const gap = last ? item.x - last.x1 : Infinity;
      // Text that continues on the same baseline after the writer ended a line is in the next table cell.
      const nextCell = previous?.endsLine === true && gap > 0.15 * size;
      previous = item;
      if (last && gap <= cellGap * size && !nextCell) {
        const needsSpace = gap > 0.1 * size && !/\s$/.test(last.text) && !/^\s/.test(item.text);
        last.text += (needsSpace ? " " : "") + item.text;
        last.x1 = Math.max(last.x1, item.x + item.width);
      } else {
        fragments.push({ x0: item.x, x1: item.x + item.width, text: item.text });
      }
    }
    for (const fragment of fragments) fragment.text = fragment.text.replace(/\s+/g, " ").trim();
    return {
      y: group[0]?.y ?? 0,
      size,
      x0: Math.min(...fragments.map((f) => f.x0)),
      x1: Math.max(...fragments.map((f) => f.x1)),
      fragments,
    };
  });
}

/**
 * Finds tables from text positions alone (pdf.js's operator list, which would give the borders, needs
 * ArrayBuffer.prototype.transferToFixedLength, missing from Node 20): a run of lines
 * where several lines have text in separate columns. Columns are the x-ranges that text covers, split by gutters;
 * rows are split where the vertical gap is clearly larger than the line spacing inside a cell.
 */
function findTables(lines: Line[]): Block[] {
  const blocks: Block[] = [];
  let plain: Line[] = [];
  const pushPlain = () => {
    if (plain.length) blocks.push({ lines: plain });
    plain = [];
  };
  const pageWidth = Math.max(...lines.map((line) => line.x1)) - Math.min(...lines.map((line) => line.x0));
  let i = 0;
  while (i < lines.length) {
    const start = lines[i];
    if (!start) break;
    const table = start.fragments.length >= 2 ? tableStartingAt(lines, i, pageWidth) : undefined;
    if (table) {
      pushPlain();
      blocks.push({ lines: lines.slice(i, table.end), rows: table.rows });
      i = table.end;
    } else {
      plain.push(start);
      i++;
    }
  }
  pushPlain();
  return blocks;
}

function tableStartingAt(lines: Line[], startIndex: number, pageWidth: number): { rows: string[][]; end: number } | undefined {
  let end = startIndex + 1;
  for (; end < lines.length; end++) {
    const line = lines[end];
    const previous = lines[end - 1];
    if (!line || !previous || previous.y - line.y > 3 * Math.max(line.size, previous.size)) break;
    // A single wide line is body text, not a cell.
    if (line.fragments.length === 1 && line.x1 - line.x0 >= 0.6 * pageWidth) break;
  }
  splitAtColumnStarts(lines.slice(startIndex, end));
  const multi = lines.slice(startIndex, end).filter((line) => line.fragments.length >= 2);
  if (multi.length < 2) return undefined;
  const columns = columnsOf(multi);
  if (columns.length < 2) return undefined;
  for (let k = startIndex + 1; k < end; k++) {
    const line = lines[k];
    if (line && line.fragments.length === 1 && crossesGutter(line, columns)) {
      end = k;
      break;
    }
  }
  const region = lines.slice(startIndex, end);
  if (region.filter((line) => line.fragments.length >= 2).length < 2) return undefined;
  const rows = buildTable(region, columns);
  return rows ? { rows, end } : undefined;
}

/**
 * A writer may put two cells' text in one run ("Organization 18-20: Logical and fluent." across the name and level
 * columns), which would merge the two columns for the whole table. Where at least two other lines start a cell at
 * the same x and no other run crosses it, a fragment running across that x is cut there, at the space nearest the
 * proportional position.
 */
function splitAtColumnStarts(region: Line[]) {
  const starts = region.flatMap((line) => line.fragments.map((f) => f.x0));
  const tolerance = 1.5;
  const crosses = (fragment: Fragment, x: number, size: number) => x > fragment.x0 + 2 * size && x < fragment.x1 - size;
  const fragments = region.flatMap((line) => line.fragments.map((fragment) => ({ fragment, size: line.size })));
  // A column start is shared by at least three cells and crossed by at most one run: text that wraps across it in
  // several lines means it is no column boundary.
  const shared = [...new Set(starts.map((x) => Math.round(x)))].filter(
    (x) => starts.filter((other) => Math.abs(other - x) <= tolerance).length >= 3 && fragments.filter(({ fragment, size }) => crosses(fragment, x, size)).length <= 1,
  );
  // A line of one run is body text that may cross columns (a total under the table); only cells are cut.
  for (const line of region.filter((one) => one.fragments.length >= 2)) {
    line.fragments = line.fragments.flatMap((fragment) => {
      const cut = shared.find((x) => crosses(fragment, x, line.size));
      if (cut === undefined) return [fragment];
      const share = (cut - fragment.x0) / (fragment.x1 - fragment.x0);
      const target = Math.round(share * fragment.text.length);
      const spaces = [...fragment.text.matchAll(/ /g)].map((m) => m.index ?? 0);
      const space = spaces.sort((a, b) => Math.abs(a - target) - Math.abs(b - target))[0];
      if (space === undefined || Math.abs(space - target) > 3) return [fragment];
      return [
        { x0: fragment.x0, x1: cut - 0.3 * line.size, text: fragment.text.slice(0, space).trim() },
        { x0: cut, x1: fragment.x1, text: fragment.text.slice(space + 1).trim() },
      ];
    });
  }
}

function crossesGutter(line: Line, columns: [number, number][]): boolean {
  const margin = 0.3 * line.size;
  for (let k = 0; k + 1 < columns.length; k++) {
    const left = columns[k];
    const right = columns[k + 1];
    if (left && right && line.x0 < left[1] - margin && line.x1 > right[0] + margin) return true;
  }
  return false;
}

function columnsOf(lines: Line[]): [number, number][] {
  const spans = lines.flatMap((line) => line.fragments.map((f) => [f.x0, f.x1] as [number, number]));
  spans.sort((p, q) => p[0] - q[0]);
  const size = median(lines.map((line) => line.size));
  const columns: [number, number][] = [];
  for (const [x0, x1] of spans) {
    const last = columns.at(-1);
    if (last && x0 < last[1] + 0.05 * size) last[1] = Math.max(last[1], x1);
    else columns.push([x0, x1]);
  }
  return columns;
}

function buildTable(region: Line[], columns: [number, number][]): string[][] | undefined {
  const size = median(region.map((line) => line.size));
  const columnOf = (fragment: Fragment) => {
    const center = (fragment.x0 + fragment.x1) / 2;
    let best = 0;
    let bestDistance = Infinity;
    columns.forEach(([x0, x1], index) => {
      const distance = center < x0 ? x0 - center : center > x1 ? center - x1 : 0;
      if (distance < bestDistance) {
        best = index;
        bestDistance = distance;
      }
    });
    return best;
  };

  const spacings: number[] = [];
  for (let c = 0; c < columns.length; c++) {
    const ys = region.filter((line) => line.fragments.some((f) => columnOf(f) === c)).map((line) => line.y);
    for (let k = 1; k < ys.length; k++) spacings.push((ys[k - 1] ?? 0) - (ys[k] ?? 0));
  }
  const lineSpacing = cellLineSpacing(spacings.filter((s) => s > 0.5 * size)) ?? 1.2 * size;
  // Lines inside a cell follow each other at exactly the font's spacing; borders and padding between rows add to it.
  const rowBreak = lineSpacing + Math.max(1.2, 0.06 * lineSpacing);

  let rowLines: Line[][] = [];
  for (const line of region) {
    const row = rowLines.at(-1);
    const previous = row?.at(-1);
    if (row && previous && previous.y - line.y <= rowBreak) row.push(line);
    else rowLines.push([line]);
  }
  // Single-line cells everywhere: nothing wraps, so every line is a row.
  if (rowLines.length < 2 && region.every((line) => line.fragments.length >= 2)) rowLines = region.map((line) => [line]);
  if (rowLines.length < 2) return undefined;

  const rows = rowLines.map((linesOfRow) => {
    const cells: string[][] = columns.map(() => []);
    for (const line of linesOfRow) for (const fragment of line.fragments) cells[columnOf(fragment)]?.push(fragment.text);
    return cells.map((parts) => normalizeCell(joinWrapped(parts, " ")));
  });
  // A row with an empty first cell continues the row above (a cell with a second paragraph); the header row stays.
  const merged: string[][] = [];
  for (const row of rows.filter((r) => r.some((cell) => cell.length > 0))) {
    const above = merged.at(-1);
    if (above && !row[0] && above[0] && merged.length > 1) {
      row.forEach((cell, c) => {
        if (cell) above[c] = above[c] ? `${above[c]} ${cell}` : cell;
      });
    } else merged.push(row);
  }
  return merged;
}

/** The usual distance between lines inside a cell: the smallest spacing that occurs repeatedly. */
function cellLineSpacing(spacings: number[]): number | undefined {
  const sorted = [...spacings].sort((a, b) => a - b);
  for (const spacing of sorted) {
    if (sorted.filter((other) => Math.abs(other - spacing) <= 0.6).length >= 2) return spacing;
  }
  return sorted[0];
}

function blocksToText(blocks: Block[]): string {
  const right = Math.max(...blocks.flatMap((block) => block.lines.map((line) => line.x1)));
  return blocks
    .map((block) => (block.rows ? block.rows.map((row) => row.join("\t")).join("\n") : linesToParagraphs(block.lines, right)))
    .filter((text) => text.trim())
    .join("\n\n");
}

/**
 * Rebuilds paragraphs: a line continues the previous one when it sits at the usual line spacing, in the same font
 * size, and the previous line was full (its first word would not have fitted on the line before). Otherwise it
 * starts a new paragraph, written after a blank line.
 */
function linesToParagraphs(lines: Line[], right: number): string {
  if (lines.length === 0) return "";
  const gaps: number[] = [];
  for (let k = 1; k < lines.length; k++) {
    const above = lines[k - 1];
    const below = lines[k];
    if (above && below && Math.abs(above.size - below.size) <= 0.1 * above.size && above.y > below.y) gaps.push(above.y - below.y);
  }
  const lineSpacing = cellLineSpacing(gaps);
  const paragraphs: string[][] = [];
  let firstOfParagraph: Line | undefined;
  lines.forEach((line, k) => {
    const text = line.fragments.map((f) => f.text).join(" ");
    const previous = lines[k - 1];
    const paragraph = paragraphs.at(-1);
    if (previous && paragraph && firstOfParagraph && lineSpacing && continuesParagraph(previous, line, firstOfParagraph, right, lineSpacing)) {
      paragraph.push(text);
    } else {
      paragraphs.push([text]);
      firstOfParagraph = line;
    }
  });
  return paragraphs.map((parts) => joinWrapped(parts, " ")).join("\n\n");
}

const scoreAtEnd = /\(\s*\d[\d.,\s–-]*\s*(%|points?|pts?\.?|marks?)?\s*\)$/i;

function continuesParagraph(previous: Line, line: Line, first: Line, right: number, lineSpacing: number): boolean {
  const gap = previous.y - line.y;
  if (gap <= 0 || gap > 1.25 * lineSpacing) return false;
  if (Math.abs(previous.size - line.size) > 0.1 * previous.size) return false;
  const text = line.fragments.map((f) => f.text).join(" ");
  if (bulletOrNumber.test(text)) return false;
  const firstText = first.fragments.map((f) => f.text).join(" ");
  if (line.x0 > previous.x0 + 0.8 * line.size && !bulletOrNumber.test(firstText)) return false;
  const previousText = previous.fragments.map((f) => f.text).join(" ");
  // A line ending in a bracketed score or weight ("Methods (20%)", "Thesis (4 points)") ends a heading; after a
  // finished sentence, such a line is a heading of its own.
  if (scoreAtEnd.test(previousText) || (/[.!?]$/.test(previousText) && scoreAtEnd.test(text))) return false;
  // "...variables." then "Adequate: ..." is a new labelled line (a rubric level), not a wrapped sentence.
  if (/[.!?]$/.test(previousText) && /^\p{Lu}[\p{L}\p{N} /&'()–-]{0,40}:\s/u.test(text)) return false;
  const characterWidth = (previous.x1 - previous.x0) / Math.max(1, previousText.length);
  const firstWord = text.split(" ")[0] ?? "";
  // Wrapped: the next line's first word would not have fitted at the end of this one.
  return right - previous.x1 < (firstWord.length + 1) * characterWidth + 0.3 * line.size;
}

/** Joins wrapped pieces of one paragraph; a piece ending in a hyphen is joined without a space. */
function joinWrapped(parts: string[], separator: string): string {
  return parts.reduce((text, part) => (!text ? part : /\p{L}-$/u.test(text) ? text + part : text + separator + part), "");
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
