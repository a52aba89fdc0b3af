import { clozeBlank, type QuizItem } from "../types.js";
import { acceptedAnswers, htmlOf, type QuizExport } from "./markup.js";

/**
 * The quiz as a printable HTML page: the questions, then an answer key on a new page. Everything from the quiz is
 * escaped; the page needs no script and no network.
 */
const letter = (i: number) => String.fromCharCode(65 + i);

const style = `
body { font-family: Georgia, "Times New Roman", serif; font-size: 12pt; line-height: 1.5; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #000; }
h1 { font-size: 18pt; margin-bottom: 0.25rem; }
.student { display: flex; gap: 2rem; margin: 0.5rem 0 1.5rem; }
.student span { flex: 1; border-bottom: 1px solid #000; padding-top: 1.2rem; }
ol.questions > li { margin-bottom: 1.25rem; break-inside: avoid; }
ol.options { list-style: upper-alpha; }
blockquote { margin: 0.5rem 0 0.5rem 1.5rem; font-style: italic; }
.line { border-bottom: 1px solid #000; height: 1.8rem; }
.answer-key { break-before: page; }
@media print { body { margin: 0; } }
`;

function questionHtml(item: QuizItem): string {
  switch (item.kind) {
    case "multiple-choice":
      return `<p>${htmlOf(item.prompt)}</p><ol class="options">${item.options.map((o) => `<li>${htmlOf(o)}</li>`).join("")}</ol>`;
    case "cloze":
      return `<p>Fill in the blank: ${htmlOf(item.sentence).replace(clozeBlank, "______________")}</p>`;
    case "fix-the-sentence":
      return `<p>${htmlOf(item.prompt)}</p><blockquote>${htmlOf(item.original)}</blockquote><div class="line"></div><div class="line"></div>`;
  }
}

function keyHtml(item: QuizItem): string {
  if (item.kind === "multiple-choice") return `${letter(item.answerIndex)}. ${htmlOf(item.options[item.answerIndex] ?? "")}`;
  const [first, ...others] = acceptedAnswers(item);
  const also = others.length ? ` (also accepted: ${others.map(htmlOf).join("; ")})` : "";
  return `${htmlOf(first ?? "")}${also}`;
}

export function quizToPaper(quiz: QuizExport): string {
  const title = htmlOf(quiz.title);
  const questions = quiz.items.map((item) => `<li>${questionHtml(item)}</li>`).join("\n");
  const key = quiz.items.map((item) => `<li>${keyHtml(item)}${item.explanation ? `<br><small>${htmlOf(item.explanation)}</small>` : ""}</li>`).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
<h1>${title}</h1>
<div class="student"><span>Name</span><span>Date</span></div>
<ol class="questions">
${questions}
</ol>
<section class="answer-key">
<h2>Answer key</h2>
<ol>
${key}
</ol>
</section>
</body>
</html>
`;
}
