export { matchStudent, type RosterStudent } from "./match-student.js";
export { parseRoster, rosterEmail, rosterLimits, type RosterLine, type RosterProblem } from "./parse-roster.js";
export { studentFromFileName } from "./student-from-file-name.js";
export type { StudentName } from "./student-names.js";
export { evidenceSegments, locateQuote, type MissingQuote, type TextSegment } from "./evidence.js";
export { quotesNotInFeedback, sheetRationale } from "./sheet-comments.js";
