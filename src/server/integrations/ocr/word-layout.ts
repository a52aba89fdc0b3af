/**
 * A ruled table rebuilt from a scanned page. Tesseract's text of a gridded rubric runs each row's cells together
 * ("Claim Precise, arguable claim that Clear claim. Vague claim."), and a rubric's columns are its levels. Gaps
 * between word boxes did not tell cells apart soundly (tight cell padding, borders read as "|" and glued to letters),
 * so the cells come from the grid's own ruling lines in the page image, and each word goes to the cell that holds
 * its centre. A page without a clean grid (no borders, or tilted so that no rule runs straight) keeps tesseract's text.
 */

export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface GreyPage {
  /** One byte a pixel, 0 black to 255 white. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface WordLayout {
  /** The page's lines, each table row as one tab-separated line. */
  text: string;
  tables: string[][][];
}

interface Grid {
  rows: number[];
  columns: number[];
}

const dark = 128;
/** A cell border read as a character of a word ("|", "|No"). */
const borderMarks = /^[|¦]+|[|¦]+$/g;

/** The page's text with its ruled table as tab-separated rows and as cells; undefined without a clean grid. */
export function layoutFromWords(page: GreyPage, lines: OcrWord[][]): WordLayout | undefined {
  const grid = findGrid(page);
  if (!grid) return undefined;
  const top = grid.rows[0]!;
  const bottom = grid.rows.at(-1)!;
  const left = grid.columns[0]!;
  const right = grid.columns.at(-1)!;
  const cells = grid.rows.slice(1).map(() => grid.columns.slice(1).map(() => [] as OcrWord[]));
  const above: string[] = [];
  const below: string[] = [];
  for (const line of lines) {
    const outside: string[] = [];
    for (const read of line) {
      const word = { ...read, text: read.text.replace(borderMarks, "") };
      if (!word.text) continue;
      const x = (word.x0 + word.x1) / 2;
      const y = (word.y0 + word.y1) / 2;
      if (x > left && x < right && y > top && y < bottom) {
        cells[intervalOf(grid.rows, y)]![intervalOf(grid.columns, x)]!.push(word);
      } else {
        outside.push(word.text);
      }
    }
    if (outside.length) (line[0]!.y1 <= top ? above : below).push(outside.join(" "));
  }
  const table = cells.map((row) => row.map(cellText)).filter((row) => row.some(Boolean));
  if (table.length < 2) return undefined;
  const rows = table.map((row) => row.map((cell) => cell.replace(/\n/g, " ")).join("\t"));
  return { text: [...above, "", ...rows, "", ...below].join("\n").trim(), tables: [table] };
}

/** A cell's words as lines, top to bottom: a word starts a new line when it sits below the current one. */
function cellText(words: OcrWord[]): string {
  const sorted = [...words].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const lines: OcrWord[][] = [];
  for (const word of sorted) {
    const line = lines.find((candidate) => word.y0 < Math.max(...candidate.map((w) => (w.y0 + w.y1) / 2)));
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines.map((line) => line.sort((a, b) => a.x0 - b.x0).map((word) => word.text).join(" ")).join("\n");
}

function intervalOf(bounds: number[], value: number): number {
  return Math.min(bounds.length - 2, Math.max(0, bounds.findIndex((bound) => bound > value) - 1));
}

/**
 * The ruling lines of one table: rows of dark pixels running across most of it, and columns running down all of it
 * between the first and last row rule. Three row rules and four column rules at least (a name column and two levels).
 */
export function findGrid(page: GreyPage): Grid | undefined {
  const { data, width, height } = page;
  const isDark = (x: number, y: number) => (data[y * width + x] ?? 255) < dark;
  const horizontal: Array<{ y: number; from: number; to: number }> = [];
  for (let y = 0; y < height; y++) {
    const run = longestRun(width, (x) => isDark(x, y));
    if (run.length >= width / 3) horizontal.push({ y, from: run.start, to: run.start + run.length });
  }
  // A rule is a few pixels thick: one row rule per band of touching rows, spanning about the same width.
  const rowRules = bands(horizontal.map((rule) => rule.y));
  if (rowRules.length < 3) return undefined;
  const spans = horizontal.filter((rule) => Math.abs(rule.y - rowRules[0]!) <= 3);
  const from = Math.min(...spans.map((rule) => rule.from));
  const to = Math.max(...spans.map((rule) => rule.to));
  const top = rowRules[0]!;
  const bottom = rowRules.at(-1)!;
  const columnXs: number[] = [];
  for (let x = Math.max(0, from - 3); x < Math.min(width, to + 3); x++) {
    const run = longestRun(bottom - top + 1, (offset) => isDark(x, top + offset));
    if (run.length >= 0.9 * (bottom - top)) columnXs.push(x);
  }
  const columnRules = bands(columnXs);
  if (columnRules.length < 4) return undefined;
  return { rows: rowRules, columns: columnRules };
}

/** The longest run of true values, bridging gaps of two pixels (a scan's broken line). */
function longestRun(length: number, test: (index: number) => boolean): { start: number; length: number } {
  let best = { start: 0, length: 0 };
  let start = -1;
  let lastTrue = -10;
  for (let index = 0; index < length; index++) {
    if (!test(index)) continue;
    if (index - lastTrue > 3) start = index;
    lastTrue = index;
    if (index - start + 1 > best.length) best = { start, length: index - start + 1 };
  }
  return best;
}

/** The middles of runs of consecutive positions (within 2 pixels). */
function bands(positions: number[]): number[] {
  const middles: number[] = [];
  let first = positions[0];
  let last = first;
  for (const position of [...positions.slice(1), Infinity]) {
    if (last !== undefined && position - last <= 2) {
      last = position;
      continue;
    }
    if (first !== undefined && last !== undefined) middles.push(Math.round((first + last) / 2));
    first = position;
    last = position;
  }
  return middles;
}
