import { stripControlCharacters } from "../../../contracts/control-characters";

/** \r\n and \r to \n, no trailing spaces, at most two blank lines in a row, no blank lines at either end. */
export function normalizeText(text: string): string {
  return stripControlCharacters(text)
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u00a0]/g, " ")
    .replace(/[ \t\f\v]+$/gm, "")
    .replace(/\n{4,}/g, "\n\n\n")
    .replace(/^\n+|\n+$/g, "");
}

/** One table cell: each paragraph on its own line with single spaces, empty paragraphs dropped. */
export function normalizeCell(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}

