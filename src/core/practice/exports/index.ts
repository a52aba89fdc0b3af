export { quizToQti, quizToQtiXml } from "./qti.js";
export { quizToMoodleXml } from "./moodle-xml.js";
export { quizToPaper } from "./paper.js";
export { deckToCsv } from "./csv.js";
export type { QuizExport } from "./markup.js";
