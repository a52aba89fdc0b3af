import { cleanName, isCriterionName, isTotalLine } from "./names.js";
import { headerPoints, highestPoints, pointsOnlyPattern, pointsSource, rangeSource, unit } from "./points.js";
import type { DraftCriterion } from "./types.js";
import { isScaleOfLevels } from "./level-rows.js";
import { takeWeight, weightCell, type Weight } from "./weights.js";

/**
 * Tables: criteria as rows and levels as columns whose headers carry points (or a points column, or points in the
 * cells), a header carried to a table's continuation, and a list laid out as a table. Levels as rows (criteria as
 * columns) are read by transposing first. Rows a reading used are returned so the import can say what it skipped.
 */
export interface TableReading {
  criteria: DraftCriterion[];
  usedRows: string[][];
}

interface Level {
  column: number;
  label: string;
  points: number | undefined;
}

interface Header {
  row: number;
  width: number;
  nameColumn: number;
  pointsColumn: number | undefined;
  /** A Weight column beside points that come from elsewhere (level headers, a points column). */
  weightColumn: number | undefined;
  levels: Level[];
}

const pointsColumnHeader =
  /^(max(imum)?\.?\s+)?(points?|pts\.?|weight(ing)?|marks?|value|possible|points possible|possible points|max(imum)?( points| score| marks)?|total points|score possible)\s*(\((%|points?|pts)\))?\s*:?$/i;
const weightColumnHeader = /^(weight(ing|s)?|multiplier|factor)\s*(\((%|x|×)\))?\s*:?$/i;
const fillInColumnHeader = /\b(comments?|feedback|notes?|score|earned|grade|self[- ]?assessment|teacher|student|mark awarded)\b/i;
const noPrefixHeader = /^(descriptions?|descriptors?|details?|expectations?|requirements?|criteria description|what .* looking for)$/i;
/** Points closing a description: "Information is accurate. (10 points)". */
const trailingPoints = new RegExp(String.raw`\s*[-–—,]?\s*(?:${pointsSource})\s*\.?$`, "i");
const nameColumnHeader = /\b(criteri(a|on)|categor(y|ies)|traits?|skills?|elements?|dimensions?|standards?|components?|areas?|aspects?|indicators?|objectives?|tasks?|sections?|features?)\b/i;

export function readTables(tables: string[][][]): TableReading {
  const criteria: DraftCriterion[] = [];
  const usedRows: string[][] = [];
  let carried: Header | undefined;
  for (const raw of tables) {
    const table = raw.map((row) => row.map((cell) => cell.trim())).filter((row) => row.some((cell) => cell.length > 0));
    if (table.length === 0) continue;
    const width = Math.max(...table.map((row) => row.length));
    // A table split over two PDF pages continues without its header row.
    const header = findHeader(table) ?? (carried && carried.width === width ? { ...carried, row: -1 } : undefined);
    const found = header ? criteriaFromHeaderTable(table, header) : criteriaFromListTable(table);
    // "Points | Description" with a row per level is one holistic criterion: the levels-as-rows reading has it.
    const levelsOnly = header !== undefined && header.levels.length === 0 && isScaleOfLevels(found.criteria.map((c) => ({ name: c.name, points: c.maxPoints })));
    if (found.criteria.length > 0 && !levelsOnly) {
      criteria.push(...found.criteria);
      usedRows.push(...found.usedRows, ...(header && header.row >= 0 ? table.slice(0, header.row + 1) : []));
      if (header) carried = { ...header, width };
    }
  }
  return { criteria, usedRows };
}

/** Levels as rows: the first column holds the levels ("4", "Exemplary (4)") and the header row the criteria. */
export function transposeLevelTables(tables: string[][][]): string[][][] {
  return tables.map((table) => {
    const width = Math.max(0, ...table.map((row) => row.length));
    return Array.from({ length: width }, (_, column) => table.map((row) => row[column] ?? ""));
  });
}

function findHeader(table: string[][]): Header | undefined {
  for (let h = 0; h < Math.min(3, table.length - 1); h++) {
    const row = table[h] ?? [];
    if (row.length < 2) continue;
    const below = table.slice(h + 1);
    const filled = (column: number) => below.filter((r) => (r[column] ?? "") !== "");
    const isPointsColumn = (column: number) => filled(column).length > 0 && filled(column).every((r) => pointsOnlyPattern.test(r[column] ?? ""));
    const weightColumnFound = row.findIndex((cell, column) => weightColumnHeader.test(cell) && filled(column).length > 0);
    let pointsColumn = row.findIndex((cell, column) => column !== weightColumnFound && pointsColumnHeader.test(cell) && isPointsColumn(column));
    const nameColumn = findNameColumn(row, pointsColumn, weightColumnFound);
    if (nameColumn < 0) continue;
    const numbered = row.filter((cell, column) => column !== nameColumn && column !== pointsColumn && column !== weightColumnFound && headerPoints(cell) !== undefined);
    // Weights with nothing else to give points ("Criterion | Weight: 35%") are the points, as weights summing to 100 are.
    let weightColumn = weightColumnFound >= 0 ? weightColumnFound : undefined;
    if (weightColumn !== undefined && pointsColumn < 0 && numbered.length === 0 && isPointsColumn(weightColumn)) {
      pointsColumn = weightColumn;
      weightColumn = undefined;
    }

    let labels = row;
    let headerRow = h;
    const next = table[h + 1];
    if (numbered.length < 2 && pointsColumn < 0 && next && (next[nameColumn] ?? "") === "") {
      const nextNumbered = next.filter((cell, column) => column !== nameColumn && headerPoints(cell) !== undefined);
      if (nextNumbered.length >= 2) {
        labels = row.map((cell, column) => mergeHeaderCells(cell, next[column] ?? ""));
        headerRow = h + 1;
      }
    }
    const numberedLabels = labels.filter((cell, column) => column !== nameColumn && headerPoints(cell) !== undefined);
    const looksLikeHeader =
      numberedLabels.length >= 2 ||
      (pointsColumn >= 0 && labels.length >= 2) ||
      (h === 0 && row.length >= 3 && nameColumnHeader.test(row[nameColumn] ?? "") && row.every((cell) => withoutBrackets(cell).length <= 40));
    if (!looksLikeHeader) continue;

    const levels: Level[] = [];
    labels.forEach((label, column) => {
      if (column === nameColumn || column === (pointsColumn >= 0 ? pointsColumn : -1) || column === weightColumn) return;
      // "Category | Criterion | Excellent (10)": a category merged over its criteria groups them; it is no level.
      if (column < nameColumn && nameColumnHeader.test(label) && headerPoints(label) === undefined) return;
      const points = headerPoints(label);
      if (points === undefined && fillInColumnHeader.test(label)) return;
      if (pointsColumnHeader.test(label)) return;
      // "Exemplary⏎(4 pts)" (a break in the header cell) prefixes its descriptors as one line: "Exemplary (4 pts): …".
      const oneLine = label.replace(/\s*\n\s*/g, " ");
      levels.push({ column, label: noPrefixHeader.test(oneLine) ? "" : oneLine, points });
    });
    // A summary table ("Criterion | Points") has a points column and no levels.
    if (levels.length === 0 && pointsColumn < 0) continue;
    return {
      row: headerRow,
      width: row.length,
      nameColumn,
      pointsColumn: pointsColumn >= 0 ? pointsColumn : undefined,
      weightColumn,
      levels,
    };
  }
  return undefined;
}

/**
 * The column of the criteria's names: a header that says so, "Criterion" before "Category" (a category column beside
 * it groups the criteria), else the first header without points.
 */
function findNameColumn(row: string[], pointsColumn: number, weightColumn: number): number {
  const candidates = row
    .map((cell, column) => ({ cell, column }))
    .filter(({ cell, column }) => column !== pointsColumn && column !== weightColumn && headerPoints(cell) === undefined);
  const named = candidates.filter(({ cell }) => nameColumnHeader.test(cell));
  return (named.find(({ cell }) => /\bcriteri(a|on)\b/i.test(cell)) ?? named[0] ?? candidates[0])?.column ?? -1;
}

/**
 * A two-row header: "Exemplary" over "(4)" is "Exemplary (4)". A lower cell with a name of its own ("Excellent (5)"
 * under "Performance Levels", merged over all the levels) is the label; the upper one only groups the levels.
 */
/** "Criteria (standards for this performance)": a header's length without its explanation in brackets. */
function withoutBrackets(cell: string): string {
  return cell.replace(/\([^)]*\)/g, "").trim();
}

function mergeHeaderCells(label: string, points: string): string {
  if (!points) return label;
  if (!label) return points;
  if (!pointsOnlyPattern.test(points)) return /\p{L}/u.test(points.replace(new RegExp(pointsSource, "gi"), "")) ? points : `${label} ${points}`;
  return /^\d/.test(points) ? `${label} (${points})` : `${label} ${points}`;
}

function criteriaFromHeaderTable(table: string[][], header: Header): TableReading {
  const criteria: DraftCriterion[] = [];
  const usedRows: string[][] = [];
  const headerMax = Math.max(...header.levels.map((level) => level.points ?? -Infinity));
  for (const row of table.slice(header.row + 1)) {
    const [nameLine = "", ...moreLines] = (row[header.nameColumn] ?? "").split("\n").map((line) => line.trim());
    // "Thesis (x2)": the weight is taken out of the name and applied by the import.
    const { rest: firstLine, weight: nameWeight } = takeWeight(nameLine);
    if (!firstLine || isTotalLine(firstLine) || pointsOnlyPattern.test(firstLine)) {
      if (firstLine && isTotalLine(firstLine)) usedRows.push(row);
      continue;
    }
    // "Thesis: states a clear claim (10 points)" in one cell (single-point rubrics) is a name, its description and
    // its points.
    const described = firstLine.match(/^([^:]{2,80}):\s+(\S.*)$/);
    const isDescribed = described !== null && isCriterionName(cleanName(described[1]!), 10);
    const nameCell = isDescribed ? described[1]! : firstLine;
    const describedPoints = isDescribed ? described[2]!.match(trailingPoints) : null;
    const namePointsMatch = nameCell.match(new RegExp(pointsSource, "i")) ?? describedPoints;
    const name = cleanName(namePointsMatch && !describedPoints ? nameCell.replace(namePointsMatch[0], " ") : nameCell);
    if (!isCriterionName(name, undefined, true)) continue;

    const descriptors: string[] = [];
    const ownDescription = isDescribed ? described[2]!.replace(trailingPoints, "") : "";
    const description = [ownDescription, ...moreLines].filter(Boolean).join(" ");
    if (description) descriptors.push(description);
    let levels = 0;
    let cellMax: number | undefined;
    for (const level of header.levels) {
      const cell = (row[level.column] ?? "").replace(/\s*\n\s*/g, " ").trim();
      if (!cell) continue;
      descriptors.push(level.label ? `${level.label}: ${cell}` : cell);
      levels++;
      const cellPoints = leadingOrTrailingPoints(cell);
      if (cellPoints !== undefined) cellMax = Math.max(cellMax ?? 0, cellPoints);
    }
    const maxPoints =
      (header.pointsColumn !== undefined ? highestPoints(row[header.pointsColumn] ?? "") : undefined) ??
      (namePointsMatch ? highestPoints(namePointsMatch[0]) : undefined) ??
      (Number.isFinite(headerMax) ? headerMax : undefined) ??
      cellMax;
    // Words that mark prose elsewhere ("Assignment Requirements", "Submitted on time") name a criterion in a row
    // with level descriptions and points; without either, the row is read as an instruction, as in a list.
    if (!isCriterionName(name) && (levels === 0 || maxPoints === undefined)) continue;
    const weight = header.weightColumn !== undefined ? columnWeight(row[header.weightColumn] ?? "") : nameWeight;
    if (weight?.asPoints) {
      criteria.push({ name, maxPoints: highestPoints(weight.text), descriptors, levels, weight });
    } else {
      criteria.push({ name, maxPoints, descriptors, levels, ...(weight ? { weight } : {}) });
    }
    usedRows.push(row);
  }
  return { criteria, usedRows };
}

/** A table with no level header: each row a criterion with a cell of points ("Thesis | Clear claim | 20 pts"). */
function criteriaFromListTable(table: string[][]): TableReading {
  const criteria: DraftCriterion[] = [];
  const usedRows: string[][] = [];
  for (const row of table) {
    const cells = row.map((cell) => cell.replace(/\s*\n\s*/g, " ").trim());
    const nameIndex = cells.findIndex((cell) => cell.length > 0);
    const { rest: nameCell, weight } = takeWeight(cells[nameIndex] ?? "");
    if (!nameCell || pointsOnlyPattern.test(nameCell)) continue;
    if (isTotalLine(nameCell)) {
      usedRows.push(row);
      continue;
    }
    const pointsIndex = cells.findIndex((cell, index) => index > nameIndex && pointsOnlyPattern.test(cell));
    const fromName = nameCell.match(new RegExp(pointsSource, "i"));
    const maxPoints = pointsIndex >= 0 ? highestPoints(cells[pointsIndex] ?? "") : fromName ? highestPoints(fromName[0]) : undefined;
    const name = cleanName(fromName && pointsIndex < 0 ? nameCell.replace(fromName[0], " ") : nameCell);
    if (maxPoints === undefined || !isCriterionName(name)) continue;
    const descriptors = cells.filter((cell, index) => index !== nameIndex && index !== pointsIndex && cell.length > 0);
    criteria.push({ name, maxPoints, descriptors, levels: 0, ...(weight ? { weight } : {}) });
    usedRows.push(row);
  }
  return { criteria, usedRows };
}

/**
 * A Weight column's cell beside points from elsewhere: "x2" or "2" multiplies them; a share ("35%", "20") is the
 * criterion's points, as a Weight column was read before multipliers were; anything else is reported, not applied.
 */
function columnWeight(cell: string): Weight | undefined {
  const weight = weightCell(cell);
  if (!weight || weight.factor !== undefined) return weight;
  const share = pointsOnlyPattern.test(weight.text) ? highestPoints(weight.text) : undefined;
  return share !== undefined && (/%/.test(weight.text) || share > 10) ? { ...weight, asPoints: true } : weight;
}

function leadingOrTrailingPoints(cell: string): number | undefined {
  const leading = cell.match(new RegExp(String.raw`^\(?\s*(${rangeSource})\s*${unit}?\s*\)?\s*[:\-–—]`, "i"));
  if (leading?.[1]) return highestPoints(leading[1]);
  const trailing = cell.match(new RegExp(String.raw`\(\s*(${rangeSource})\s*${unit}?\s*\)\s*\.?$`, "i"));
  return trailing?.[1] ? highestPoints(trailing[1]) : undefined;
}

/** "|---|:---:|": the line under a Markdown table's header, no row of its own. */
const markdownRule = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/;
/** Cells typed with bars between them: "Score | Criteria", "| 6 | The essay is insightful… |". */
const barredRow = /\S\s+\|\s+\S/;

/**
 * A table typed in plain text or Markdown ("Score | Criteria", then "6 | The essay…") as the tab-separated lines every
 * reading already takes for a table: its header had been read as a criterion named "Score | Criteria". A Markdown
 * rule line becomes an empty row (kept as a line, so the skipped lines keep their numbers and the table stays whole).
 */
export function barredRowsAsTabbed(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      if (markdownRule.test(line)) return "\t";
      if (line.includes("\t") || !barredRow.test(line)) return line;
      return line.trim().replace(/^\|\s*/, "").replace(/\s*\|$/, "").split(/\s+\|\s+/).map((cell) => cell.trim()).join("\t");
    })
    .join("\n");
}

/** Plain text pasted from a spreadsheet or word processor keeps its table as tab-separated lines. */
export function tablesFromTabbedLines(text: string): string[][][] {
  const tables: string[][][] = [];
  let rows: string[][] = [];
  for (const line of text.split("\n")) {
    if (line.includes("\t")) {
      rows.push(line.split("\t").map((cell) => cell.trim()));
      continue;
    }
    if (rows.length >= 2) tables.push(rows);
    rows = [];
  }
  if (rows.length >= 2) tables.push(rows);
  return tables;
}

