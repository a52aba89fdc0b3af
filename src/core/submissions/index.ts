export { matchStudent, type RosterStudent } from "./match-student.js";
export { parseRoster, rosterLimits, type RosterProblem } from "./parse-roster.js";
export { studentFromFileName } from "./student-from-file-name.js";
export type { StudentName } from "./student-names.js";
