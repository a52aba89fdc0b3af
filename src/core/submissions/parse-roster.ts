import { collapseSpaces, nameWords, unreverseName, type StudentName } from "./student-names.js";

export interface RosterProblem {
  /** 1-based, as a teacher counts the lines they pasted. */
  line: number;
  message: string;
}

/**
 * maxLineLength: a line longer than this holds no one student (a name, an identifier, an e-mail and a few columns):
 * it is reported, never read. 200,000 commas on one line took 75 s in the plain-line pattern (outside audit).
 */
export const rosterLimits = { maxStudents: 1000, maxNameLength: 120, maxLineLength: 1000 } as const;

/** A roster line: the student, and their e-mail address when the line has one (feedback can be sent there). */
export interface RosterLine extends StudentName {
  email?: string;
}

/** An address a mail can go to, as a roster cell holds it (plain, or in angle brackets); anything else is not one. */
export function rosterEmail(cell: string | undefined): string | undefined {
  const value = cell?.trim().replace(/^<|>$/g, "");
  return value && /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value) ? value : undefined;
}

const withEmail = (student: StudentName, email: string | undefined): RosterLine => (email ? { ...student, email } : student);

type Column = "name" | "first" | "last" | "identifier" | "email";

/** Header cells, compared lowercased with spaces, underscores and dashes collapsed to one space. */
const headerColumns: Record<string, Column> = {
  name: "name", student: "name", "student name": "name", "full name": "name", "student full name": "name",
  "first name": "first", first: "first", firstname: "first", "given name": "first", "preferred name": "first",
  "last name": "last", last: "last", lastname: "last", surname: "last", "family name": "last",
  id: "identifier", "student id": "identifier", identifier: "identifier", "student number": "identifier", "sis id": "identifier",
  email: "email", "e mail": "email", "email address": "email", "student email": "email",
};

interface Row {
  line: number;
  cells: string[];
}

/**
 * A class roster from pasted text: one student per line ("Jane Doe", or "Doe, Jane" meaning Jane Doe), CSV with a
 * header row, or cells copied from a spreadsheet (tab-separated, header optional). CSV needs its header: without one,
 * "Doe, Jane" could be a name or two columns, and a plain line is the likelier paste. Blank lines are skipped;
 * duplicates, over-long names and students beyond the limit are left out and reported with their line.
 */
export function parseRoster(text: string): { students: RosterLine[]; problems: RosterProblem[] } {
  const isTabbed = text.includes("\t");
  const firstLine = (text.split(/\r\n|\r|\n/).find((line) => line.trim()) ?? "").slice(0, rosterLimits.maxLineLength);
  const header = readHeader(splitRecords(firstLine, isTabbed ? "\t" : ",")[0]?.cells ?? []);
  const rows = isTabbed || header ? splitRecords(text, isTabbed ? "\t" : ",") : plainLines(text);
  if (header) rows.shift();

  const students: RosterLine[] = [];
  const problems: RosterProblem[] = [];
  const seenNames = new Map<string, { line: number; name: string }>();
  const seenIdentifiers = new Map<string, number>();
  for (const row of rows) {
    if (row.cells.reduce((length, cell) => length + cell.length + 1, 0) > rosterLimits.maxLineLength) {
      problems.push({ line: row.line, message: `This line is longer than ${rosterLimits.maxLineLength} characters, too long for one student; check what was pasted.` });
      continue;
    }
    const student = header ? fromColumns(row.cells, header) : isTabbed ? fromCells(row.cells) : fromPlainLine(row.cells[0] ?? "");
    if (!student.name) {
      if (row.cells.some((cell) => cell.trim())) problems.push({ line: row.line, message: "This line has no student name." });
      continue;
    }
    if (student.name.length > rosterLimits.maxNameLength) {
      problems.push({ line: row.line, message: `This name is longer than ${rosterLimits.maxNameLength} characters; shorten it.` });
      continue;
    }
    const identifierKey = student.identifier?.toLowerCase();
    const earlierIdentifierLine = identifierKey ? seenIdentifiers.get(identifierKey) : undefined;
    // The same name twice is one student pasted twice unless identifiers tell two students apart.
    const nameKey = `${[...nameWords(student.name)].sort().join(" ")}|${identifierKey ?? ""}`;
    const earlierName = seenNames.get(nameKey);
    if (earlierIdentifierLine !== undefined) {
      problems.push({ line: row.line, message: `The identifier ${student.identifier} is already on line ${earlierIdentifierLine}; this line was left out.` });
      continue;
    }
    if (earlierName) {
      problems.push({ line: row.line, message: `${earlierName.name} is already on line ${earlierName.line}; this line was left out.` });
      continue;
    }
    if (students.length === rosterLimits.maxStudents) {
      problems.push({ line: row.line, message: `A class can hold ${rosterLimits.maxStudents} students; this line and those after it were left out.` });
      break;
    }
    students.push(student);
    seenNames.set(nameKey, { line: row.line, name: student.name });
    if (identifierKey) seenIdentifiers.set(identifierKey, row.line);
  }
  return { students, problems };
}

function readHeader(cells: string[]): Map<Column, number> | undefined {
  const columns = new Map<Column, number>();
  cells.forEach((cell, index) => {
    const column = headerColumns[collapseSpaces(cell.toLowerCase().replace(/[_-]+/g, " "))];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  return columns.has("name") || columns.has("first") || columns.has("last") ? columns : undefined;
}

function fromColumns(cells: string[], header: Map<Column, number>): RosterLine {
  const cell = (column: Column) => {
    const index = header.get(column);
    return index === undefined ? "" : collapseSpaces(cells[index] ?? "");
  };
  const whole = cell("name");
  const name = whole ? unreverseName(whole) : collapseSpaces(`${cell("first")} ${cell("last")}`);
  const identifier = cell("identifier") || cell("email");
  return withEmail(identifier ? { name, identifier } : { name }, rosterEmail(cell("email")) ?? rosterEmail(identifier));
}

/** A spreadsheet row without a header: the first cell is the name, a later cell with a digit or an @ the identifier. */
function fromCells(cells: string[]): RosterLine {
  const [first = "", ...rest] = cells.map(collapseSpaces);
  const name = unreverseName(first);
  const identifier = rest.find((cell) => /[\d@]/.test(cell));
  return withEmail(identifier ? { name, identifier } : { name }, rest.map(rosterEmail).find(Boolean));
}

/**
 * "Jane Doe", "Doe, Jane", and either followed by a student number or an email, after a space or a comma ("Jane Doe
 * 12345", "Jane Doe,12345", "Doe, Jane, jd@x.org", "Al Li,al@example.com": a comma with no space after it had made
 * "Jane Doe,12345" the name "12345 Jane Doe").
 */
function fromPlainLine(line: string): RosterLine {
  // A school's identifier holds a digit ("12345", "S1234567", "ck-42") where a name never does; an e-mail is one too.
  const found = /^(.*?\S)[\s,]+[<(]?((?=[^\s@,<>()]*\d)[^\s@,<>()]{2,}|[^\s@,<>()]+@[^\s@,<>()]+)[>)]?,?$/.exec(collapseSpaces(line));
  if (!found) return { name: unreverseName(collapseSpaces(line).replace(/[\s,]+$/, "")) };
  const [, rest = "", identifier = ""] = found;
  return withEmail({ name: unreverseName(rest.replace(/[\s,]+$/, "")), identifier }, rosterEmail(identifier));
}

function plainLines(text: string): Row[] {
  return text.split(/\r\n|\r|\n/).map((line, index) => ({ line: index + 1, cells: [line] }));
}

/**
 * Records as RFC 4180 writes them (spreadsheets quote the same way when tab-separated): a quoted cell may hold the
 * delimiter, a line break, and "" for a quote. Each record keeps the line it started on; blank records are dropped.
 */
function splitRecords(text: string, delimiter: string): Row[] {
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = "";
  let isQuoted = false;
  let line = 1;
  let startLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim())) rows.push({ line: startLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && !cell.trim()) {
      isQuoted = true;
      cell = "";
    } else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      startLine = line;
    } else cell += char;
  }
  endRecord();
  return rows;
}
