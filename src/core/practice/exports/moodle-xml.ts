import type { QuizItem } from "../types.js";
import { acceptedAnswers, escapeXml, htmlOf, questionHtml, type QuizExport } from "./markup.js";

/**
 * The quiz in Moodle XML, which Moodle imports into its question bank (it no longer imports QTI): multiple choice as
 * multichoice, a cloze and a sentence to fix as shortanswer with the key as the accepted answers.
 */
const x = escapeXml;
const html = (text: string) => `<text>${x(text)}</text>`;

/** In a Moodle short answer "*" matches anything; a real asterisk is written "\*". */
const literalAnswer = (answer: string) => answer.replace(/\*/g, "\\*");


function nameOf(item: QuizItem, index: number): string {
  const text = item.kind === "cloze" ? item.sentence : item.kind === "fix-the-sentence" ? item.original : item.prompt;
  const short = text.replace(/\s+/g, " ").trim();
  return `${index + 1}. ${short.length > 60 ? `${short.slice(0, 57)}...` : short}`;
}

function questionXml(item: QuizItem, index: number): string {
  const common =
    `<name>${html(nameOf(item, index))}</name>` +
    `<questiontext format="html">${html(questionHtml(item))}</questiontext>` +
    `<generalfeedback format="html">${html(item.explanation ? `<p>${htmlOf(item.explanation)}</p>` : "")}</generalfeedback>` +
    `<defaultgrade>1</defaultgrade><penalty>0</penalty><hidden>0</hidden>`;
  if (item.kind === "multiple-choice") {
    const answers = item.options
      .map((option, i) => `<answer fraction="${i === item.answerIndex ? 100 : 0}" format="html">${html(`<p>${htmlOf(option)}</p>`)}<feedback format="html"><text></text></feedback></answer>`)
      .join("");
    return `<question type="multichoice">${common}<single>true</single><shuffleanswers>true</shuffleanswers><answernumbering>abc</answernumbering>${answers}</question>`;
  }
  const answers = acceptedAnswers(item)
    .map((answer) => `<answer fraction="100" format="moodle_auto_format">${html(literalAnswer(answer))}<feedback format="html"><text></text></feedback></answer>`)
    .join("");
  return `<question type="shortanswer">${common}<usecase>0</usecase>${answers}</question>`;
}

export function quizToMoodleXml(quiz: QuizExport): string {
  // The category puts the questions in a bank category named after the quiz; "/" would nest categories.
  const category = `$course$/top/${quiz.title.replace(/\//g, "-")}`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n` +
    `<question type="category"><category>${html(category)}</category></question>\n` +
    quiz.items.map((item, i) => `${questionXml(item, i)}\n`).join("") +
    `</quiz>\n`
  );
}
