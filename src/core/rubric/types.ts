/** Types (and the line key) shared by the rubric readers (tables, lines) and the import that chooses between their readings. */
import type { Weight } from "./weights.js";

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

/** A criterion as a reader found it: points may be missing (a rubric without points); `levels` counts its level descriptors. */
export interface DraftCriterion {
  name: string;
  maxPoints: number | undefined;
  descriptors: string[];
  levels: number;
  /** A weight the document gives the criterion ("x2", a Weight column): applied or reported by the import. */
  weight?: Weight;
}

/** Why a line of the document is not part of any criterion the import returns. */
export const skipReasons = ["title", "instructions", "total", "no-points", "not-understood"] as const;
export type SkipReason = (typeof skipReasons)[number];

export const readingKinds = ["table", "table-levels-as-rows", "sections", "table-and-sections"] as const;

/** What one way of reading a document found, and which of the document's lines it used (by their text). */
export interface Reading {
  kind: (typeof readingKinds)[number];
  criteria: DraftCriterion[];
  /** Lines (as text, whitespace collapsed, tabs as spaces) the reading understood: criteria, levels, headers, totals. */
  used: Set<string>;
}

/** A document line as readings compare them: table cells and words separated by single spaces. */
export function lineKey(line: string): string {
  return line.replace(/\s+/g, " ").trim();
}
