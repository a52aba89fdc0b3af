import { headerPoints, highestPoints, pointsOnlyPattern, pointsSource, rangeSource, unit } from "./points.js";

/** One criterion found in a rubric document; the caller assigns ids. */
export interface ParsedCriterion {
  name: string;
  maxPoints: number;
  descriptors: string[];
}

export interface RubricDocument {
  text: string;
  tables: string[][][];
}

/**
 * Finds the criteria of a rubric document in the layouts teachers use: a table (criteria as rows, levels as columns
 * whose headers carry points, or a points column), headed sections ("Thesis (20 points)" followed by level lines),
 * or a plain list ("Evidence - 25 pts: ..."). Titles, totals and instructions are skipped; a criterion without
 * points is never invented. Returns [] when nothing with points is found.
 */
export function parseRubric(doc: RubricDocument): ParsedCriterion[] {
  const fromTables = parseTables(doc.tables.length > 0 ? doc.tables : tablesFromTabbedLines(doc.text));
  if (fromTables.length > 0) return fromTables;
  return parseLines(doc.text);
}

// ---------------------------------------------------------------------------------------------------------------
// Tables

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
  levels: Level[];
}

const pointsColumnHeader =
  /^(max(imum)?\.?\s+)?(points?|pts\.?|weight(ing)?|marks?|value|possible|points possible|possible points|max(imum)?( points| score| marks)?|total points|score possible)\s*(\((%|points?|pts)\))?\s*:?$/i;
const fillInColumnHeader = /\b(comments?|feedback|notes?|score|earned|grade|self[- ]?assessment|teacher|student|mark awarded)\b/i;
const noPrefixHeader = /^(descriptions?|descriptors?|details?|expectations?|requirements?|criteria description|what .* looking for)$/i;
const nameColumnHeader = /\b(criteri(a|on)|categor(y|ies)|traits?|skills?|elements?|dimensions?|standards?|components?|areas?|aspects?|indicators?|objectives?|tasks?|sections?|features?)\b/i;

function parseTables(tables: string[][][]): ParsedCriterion[] {
  const criteria: ParsedCriterion[] = [];
  let carried: Header | undefined;
  for (const raw of tables) {
    const table = raw.map((row) => row.map((cell) => cell.trim())).filter((row) => row.some((cell) => cell.length > 0));
    if (table.length === 0) continue;
    const width = Math.max(...table.map((row) => row.length));
    // A table split over two PDF pages continues without its header row.
    const header = findHeader(table) ?? (carried && carried.width === width ? { ...carried, row: -1 } : undefined);
    const found = header ? criteriaFromHeaderTable(table, header) : criteriaFromListTable(table);
    if (found.length > 0) {
      criteria.push(...found);
      if (header) carried = { ...header, width };
    }
  }
  return criteria;
}

function findHeader(table: string[][]): Header | undefined {
  for (let h = 0; h < Math.min(3, table.length - 1); h++) {
    const row = table[h] ?? [];
    if (row.length < 2) continue;
    const below = table.slice(h + 1);
    const pointsColumn = row.findIndex(
      (cell, column) =>
        pointsColumnHeader.test(cell) &&
        below.filter((r) => (r[column] ?? "") !== "").every((r) => pointsOnlyPattern.test(r[column] ?? "")) &&
        below.some((r) => (r[column] ?? "") !== ""),
    );
    const nameColumn = row.findIndex((cell, column) => column !== pointsColumn && headerPoints(cell) === undefined);
    if (nameColumn < 0) continue;
    const numbered = row.filter((cell, column) => column !== nameColumn && column !== pointsColumn && headerPoints(cell) !== undefined);

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
      (h === 0 && row.length >= 3 && nameColumnHeader.test(row[nameColumn] ?? "") && row.every((cell) => cell.length <= 40));
    if (!looksLikeHeader) continue;

    const levels: Level[] = [];
    labels.forEach((label, column) => {
      if (column === nameColumn || column === (pointsColumn >= 0 ? pointsColumn : -1)) return;
      const points = headerPoints(label);
      if (points === undefined && fillInColumnHeader.test(label)) return;
      if (pointsColumnHeader.test(label)) return;
      levels.push({ column, label: noPrefixHeader.test(label) ? "" : label, points });
    });
    if (levels.length === 0) continue;
    return {
      row: headerRow,
      width: row.length,
      nameColumn,
      pointsColumn: pointsColumn >= 0 ? pointsColumn : undefined,
      levels,
    };
  }
  return undefined;
}

function mergeHeaderCells(label: string, points: string): string {
  if (!points) return label;
  if (!label) return points;
  return pointsOnlyPattern.test(points) && /^\d/.test(points) ? `${label} (${points})` : `${label} ${points}`;
}

function criteriaFromHeaderTable(table: string[][], header: Header): ParsedCriterion[] {
  const criteria: ParsedCriterion[] = [];
  const headerMax = Math.max(...header.levels.map((level) => level.points ?? -Infinity));
  for (const row of table.slice(header.row + 1)) {
    const nameCell = (row[header.nameColumn] ?? "").split("\n")[0]?.trim() ?? "";
    if (!nameCell || isTotalLine(nameCell) || pointsOnlyPattern.test(nameCell)) continue;
    const namePointsMatch = nameCell.match(new RegExp(pointsSource, "i"));
    const name = cleanName(namePointsMatch ? nameCell.replace(namePointsMatch[0], " ") : nameCell);
    if (!isCriterionName(name)) continue;

    const descriptors: string[] = [];
    let cellMax: number | undefined;
    for (const level of header.levels) {
      const cell = (row[level.column] ?? "").replace(/\s*\n\s*/g, " ").trim();
      if (!cell) continue;
      descriptors.push(level.label ? `${level.label}: ${cell}` : cell);
      const cellPoints = leadingOrTrailingPoints(cell);
      if (cellPoints !== undefined) cellMax = Math.max(cellMax ?? 0, cellPoints);
    }
    const maxPoints =
      (header.pointsColumn !== undefined ? highestPoints(row[header.pointsColumn] ?? "") : undefined) ??
      (namePointsMatch ? highestPoints(namePointsMatch[0]) : undefined) ??
      (Number.isFinite(headerMax) ? headerMax : undefined) ??
      cellMax;
    if (maxPoints === undefined) continue;
    criteria.push({ name, maxPoints, descriptors });
  }
  return criteria;
}

/** A table with no level header: each row a criterion with a cell of points ("Thesis | Clear claim | 20 pts"). */
function criteriaFromListTable(table: string[][]): ParsedCriterion[] {
  const criteria: ParsedCriterion[] = [];
  for (const row of table) {
    const cells = row.map((cell) => cell.replace(/\s*\n\s*/g, " ").trim());
    const nameIndex = cells.findIndex((cell) => cell.length > 0);
    const nameCell = cells[nameIndex] ?? "";
    if (!nameCell || isTotalLine(nameCell) || pointsOnlyPattern.test(nameCell)) continue;
    const pointsIndex = cells.findIndex((cell, index) => index > nameIndex && pointsOnlyPattern.test(cell));
    const fromName = nameCell.match(new RegExp(pointsSource, "i"));
    const maxPoints = pointsIndex >= 0 ? highestPoints(cells[pointsIndex] ?? "") : fromName ? highestPoints(fromName[0]) : undefined;
    const name = cleanName(fromName && pointsIndex < 0 ? nameCell.replace(fromName[0], " ") : nameCell);
    if (maxPoints === undefined || !isCriterionName(name)) continue;
    const descriptors = cells.filter((cell, index) => index !== nameIndex && index !== pointsIndex && cell.length > 0);
    criteria.push({ name, maxPoints, descriptors });
  }
  return criteria;
}

function leadingOrTrailingPoints(cell: string): number | undefined {
  const leading = cell.match(new RegExp(String.raw`^\(?\s*(${rangeSource})\s*${unit}?\s*\)?\s*[:\-–—]`, "i"));
  if (leading?.[1]) return highestPoints(leading[1]);
  const trailing = cell.match(new RegExp(String.raw`\(\s*(${rangeSource})\s*${unit}?\s*\)\s*\.?$`, "i"));
  return trailing?.[1] ? highestPoints(trailing[1]) : undefined;
}

/** Plain text pasted from a spreadsheet or word processor keeps its table as tab-separated lines. */
function tablesFromTabbedLines(text: string): string[][][] {
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

// ---------------------------------------------------------------------------------------------------------------
// Headed sections and lists

interface CriterionLine {
  name: string;
  points: number;
  isRange: boolean;
  hasUnit: boolean;
  description: string | undefined;
}

interface Section {
  /** maxPoints stays undefined until a heading without points meets its first level with points. */
  criterion: { name: string; maxPoints: number | undefined; descriptors: string[] };
  kind: "heading" | "item";
  hasLevels: boolean;
  levelMax: number | undefined;
  pointsFromLevels?: boolean;
}

const bulletPattern = /^[-–—•*·▪◦○●■□➢►✓]\s*/;
const enumerationPattern = /^(?:(?:criterion|part|section|category)\s+\d+\s*[:.)\-–—]\s*|\(?\d{1,2}[.)]\s+|\(?[a-zA-Z][.)]\s+|[IVX]{1,4}\.\s+)/i;
const levelWords =
  /^(exemplary|excellent|outstanding|exceptional|distinguished|advanced|accomplished|proficient|competent|strong|good|very good|satisfactory|adequate|acceptable|developing|emerging|approaching|basic|beginning|novice|fair|limited|weak|poor|minimal|inadequate|unsatisfactory|insufficient|incomplete|missing|needs (improvement|work)|not yet|partial|mastery|meets|exceeds|below|above|(exceeds|meets|approaching|below|above) (the )?(standards?|expectations?)|level \d|[A-F][+-]?|D\/F)$/i;

const criterionAtStart = new RegExp(
  String.raw`^(?<name>[\p{L}](?:(?!\s(?:-{1,2}|–|—)\s)[^:(\[|])*?)\s*(?:(?:[:|,]|-{1,2}|–|—)\s*)?(?<points>${pointsSource})(?:\s*(?:[:\-–—|.]\s*|\s+)(?<description>.*))?$`,
  "iu",
);
const criterionAtEnd = new RegExp(
  String.raw`^(?<name>[\p{L}][^:(\[|–—]{0,60}?)\s*[:\-–—|]\s+(?<description>.+?)\s*[-–—,]?\s*(?<points>\(\s*${rangeSource}\s*${unit}?\s*\)|${rangeSource}\s*${unit})\.?$`,
  "iu",
);
const levelByPoints = new RegExp(String.raw`^\(?\s*${rangeSource}\s*${unit}?\s*\)?\s*(?:[:\-–—=.)]\s*|\s+)(?=\S)`, "i");
const levelByLabel = new RegExp(
  String.raw`^(?<label>[\p{L}][\p{L}\p{N}' /&+]{0,40}?)\s*(?<points>\(\s*${rangeSource}\s*${unit}?\s*\)|${rangeSource}\s*${unit}?)?\s*[:\-–—]\s+\S`,
  "iu",
);

function parseLines(text: string): ParsedCriterion[] {
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\t+/g, " — ").replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
  const sections: Section[] = [];
  let current: Section | undefined;

  lines.forEach((line, index) => {
    const hasBullet = bulletPattern.test(line);
    const stripped = stripMarkers(line);
    if (isTotalLine(stripped)) {
      current = undefined;
      return;
    }
    const criterion = matchCriterion(stripped);
    if (current?.kind === "heading" && belongsToHeading(stripped, hasBullet, criterion, current)) {
      addLevel(current, stripped);
      return;
    }
    if (criterion) {
      current = {
        criterion: { name: criterion.name, maxPoints: criterion.points, descriptors: criterion.description ? [criterion.description] : [] },
        kind: criterion.description ? "item" : "heading",
        hasLevels: false,
        levelMax: undefined,
      };
      sections.push(current);
      return;
    }
    if (isHeadingWithoutPoints(stripped, lines[index + 1])) {
      current = { criterion: { name: cleanName(stripped), maxPoints: undefined, descriptors: [] }, kind: "heading", hasLevels: false, levelMax: undefined };
      sections.push(current);
      return;
    }
    if (!current) return;
    const descriptors = current.criterion.descriptors;
    const last = descriptors.at(-1);
    if (last !== undefined && !/[.!?:;)]$/.test(last) && /^[\p{Ll}(]/u.test(stripped)) {
      descriptors[descriptors.length - 1] = `${last} ${stripped}`;
      return;
    }
    if (current.kind === "item") {
      if (hasBullet || levelByPoints.test(stripped) || isLevelLabel(stripped)) addLevel(current, stripped);
      return;
    }
    // A heading followed by prose: the prose describes the criterion (until level lines take over).
    if (!current.hasLevels) descriptors.push(stripped);
  });

  return sections.flatMap(({ criterion }) => {
    const maxPoints = criterion.maxPoints;
    if (maxPoints === undefined || !isCriterionName(criterion.name)) return [];
    return [{ name: criterion.name, maxPoints, descriptors: criterion.descriptors }];
  });
}

function stripMarkers(line: string): string {
  let text = line.replace(bulletPattern, "");
  // "1. Evidence" is numbering, "18-20: ..." and "2.5 pts" are not.
  if (!levelByPoints.test(text) || /^\(?[a-zA-Z][.)]\s/.test(text) || /^\(?\d{1,2}[.)]\s+\p{L}/u.test(text)) text = text.replace(enumerationPattern, "");
  return text.trim();
}

function matchCriterion(line: string): CriterionLine | undefined {
  const match = line.match(criterionAtStart) ?? line.match(criterionAtEnd);
  const groups = match?.groups;
  if (!groups?.name || !groups.points) return undefined;
  const name = cleanName(groups.name);
  const points = highestPoints(groups.points);
  if (points === undefined || !isCriterionName(name) || looksLikeFlattenedHeader(name)) return undefined;
  const description = groups.description?.trim().replace(/^[:\-–—|]\s*/, "");
  return {
    name,
    points,
    isRange: new RegExp(String.raw`\d\s*(?:-|–|—|to)\s*\d`).test(groups.points),
    hasUnit: new RegExp(unit + "|/|out of", "i").test(groups.points),
    description: description ? description : undefined,
  };
}

function belongsToHeading(line: string, hasBullet: boolean, criterion: CriterionLine | undefined, section: Section): boolean {
  const max = section.criterion.maxPoints;
  if (criterion) {
    if (!criterion.description) return false;
    if (max !== undefined && criterion.points > max) return false;
    if (hasBullet || levelWords.test(criterion.name) || criterion.isRange || !criterion.hasUnit) return true;
    return max === undefined || section.hasLevels;
  }
  return hasBullet || levelByPoints.test(line) || isLevelLabel(line);
}

function isLevelLabel(line: string): boolean {
  const match = line.match(levelByLabel);
  const label = match?.groups?.label?.trim() ?? "";
  return match !== null && (levelWords.test(label) || match.groups?.points !== undefined || label.split(" ").length <= 3);
}

function addLevel(section: Section, line: string) {
  section.criterion.descriptors.push(line);
  section.hasLevels = true;
  const labelPoints = line.match(levelByPoints) ?? line.match(levelByLabel)?.groups?.points;
  const points = typeof labelPoints === "string" ? highestPoints(labelPoints) : labelPoints ? highestPoints(labelPoints[0]) : undefined;
  if (points !== undefined) section.levelMax = Math.max(section.levelMax ?? 0, points);
  // A heading without points takes the highest level's points; a heading's own points always win.
  if (section.criterion.maxPoints === undefined || section.pointsFromLevels) {
    section.criterion.maxPoints = section.levelMax;
    section.pointsFromLevels = true;
  }
}

/** "Thesis" alone on a line, directly followed by a level line with points ("Excellent (18-20): ..."). */
function isHeadingWithoutPoints(line: string, next: string | undefined): boolean {
  if (!next || line.length > 60 || line.split(" ").length > 6 || /[.!?;,]$/.test(line)) return false;
  const nextStripped = stripMarkers(next);
  if (matchCriterion(nextStripped) && !isLevelLine(nextStripped)) return false;
  const levelPoints = nextStripped.match(levelByPoints) ?? nextStripped.match(levelByLabel)?.groups?.points;
  return levelPoints !== undefined && levelPoints !== null && isCriterionName(cleanName(line));
}

function isLevelLine(line: string): boolean {
  const label = line.match(levelByLabel)?.groups?.label?.trim() ?? "";
  return levelByPoints.test(line) || levelWords.test(label);
}

// ---------------------------------------------------------------------------------------------------------------
// Names

const notCriterionWords = /\b(worth|is|are|will|should|must|each|per|possible|graded|scored|rubric|scoring guide|grading|assignment|due|submit|total)\b/i;
const notCriterionNames = /^(score|grade|points?|marks?|overall( score| grade| total)?|name|date|class|period|teacher|student|level|criteria|criterion)$/i;

const tableHeaderWords = /^(criteria|criterion|categor(y|ies)|levels?|scale|traits?)$/i;

/** "Criteria Excellent (10) Good (7)": a table's header row flattened into a line of text, not a criterion. */
function looksLikeFlattenedHeader(name: string): boolean {
  const words = name.split(" ");
  return words.length > 1 && (tableHeaderWords.test(words[0] ?? "") || levelWords.test(words.at(-1) ?? ""));
}

function cleanName(text: string): string {
  return text
    .replace(enumerationPattern, "")
    .replace(/^[\s:\-–—|,.]+|[\s:\-–—|,.=]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function isCriterionName(name: string): boolean {
  if (!name || name.length > 80 || !/^[\p{L}]/u.test(name)) return false;
  if (name.split(" ").length > 8 || /\.\s/.test(name)) return false;
  return !notCriterionWords.test(name) && !notCriterionNames.test(name) && !levelWords.test(name);
}

function isTotalLine(line: string): boolean {
  return (
    /^\W*(grand\s+)?total\b/i.test(line) ||
    (/\btotal\b/i.test(line) && /\d/.test(line) && line.length <= 60) ||
    /^(final|overall)\s+(score|grade|total)\b/i.test(line)
  );
}
