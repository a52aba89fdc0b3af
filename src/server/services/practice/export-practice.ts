import type { PracticeExportFormat, StoredFlashcard, StoredQuizItem } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import { deckToCsv, quizToMoodleXml, quizToPaper, quizToQti } from "./engine";
import { findPracticeRow } from "./records";

export interface PracticeFile {
  body: string | Uint8Array;
  contentType: string;
  fileName: string;
}

/** A file name from the title that every platform takes: letters, digits and dashes. */
const fileStem = (title: string) => title.normalize("NFKD").replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-").slice(0, 60) || "practice";

const quizFormats: PracticeExportFormat[] = ["qti", "moodle", "paper"];
const deckFormats: PracticeExportFormat[] = ["csv", "tsv"];

/**
 * The quiz for the platforms schools use (QTI for Canvas and Moodle, Moodle XML, a printable paper with its key), or
 * the deck as CSV/TSV that Anki and Quizlet import.
 */
export async function exportPractice(db: Db, teacherId: string, id: string, format: PracticeExportFormat): Promise<PracticeFile> {
  const row = await findPracticeRow(db, teacherId, id);
  const allowed = row.kind === "quiz" ? quizFormats : deckFormats;
  if (!allowed.includes(format)) throw new AppError("bad_request", `A ${row.kind === "quiz" ? "quiz" : "deck"} exports as ${allowed.join(", ")}.`, { format: `Choose one of: ${allowed.join(", ")}` });
  if (!row.items.length) throw new AppError("conflict", `There is nothing to export yet: add a ${row.kind === "quiz" ? "question" : "card"} first.`);
  const stem = fileStem(row.title);
  const quiz = { title: row.title, items: row.items as StoredQuizItem[] };
  switch (format) {
    case "qti":
      return { body: quizToQti(quiz), contentType: "application/zip", fileName: `${stem}-qti.zip` };
    case "moodle":
      return { body: quizToMoodleXml(quiz), contentType: "application/xml; charset=utf-8", fileName: `${stem}-moodle.xml` };
    case "paper":
      return { body: quizToPaper(quiz), contentType: "text/html; charset=utf-8", fileName: `${stem}-paper.html` };
    case "csv":
    case "tsv":
      return {
        body: deckToCsv(row.items as StoredFlashcard[], { separator: format === "csv" ? "," : "\t" }),
        contentType: `${format === "csv" ? "text/csv" : "text/tab-separated-values"}; charset=utf-8`,
        fileName: `${stem}.${format}`,
      };
  }
}
