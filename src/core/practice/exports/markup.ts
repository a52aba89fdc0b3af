import { clozeBlank, type QuizItem } from "../types.js";

// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const notInXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escaping for the exports: XML text and attributes, and HTML inside XML (a question's text is HTML to Canvas and Moodle). */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    // Characters XML 1.0 cannot hold at all; a pasted source can carry them.
    .replace(notInXml, "");
}

/** HTML for a plain text: escaped, its line breaks kept. */
export function htmlOf(text: string): string {
  return escapeXml(text).replace(/&apos;/g, "&#39;").replace(/\r?\n/g, "<br>");
}

export interface QuizExport {
  title: string;
  items: QuizItem[];
}

/** A stable identifier from the quiz's content, so exporting the same quiz twice gives the same package. */
export function identifierOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `markwise_${hash.toString(16).padStart(8, "0")}`;
}

/** The answers a typed response is marked right for. */
export function acceptedAnswers(item: QuizItem): string[] {
  if (item.kind === "cloze") return [...new Set([item.answer, ...(item.alsoAccepted ?? [])])];
  if (item.kind === "fix-the-sentence") return [item.answer];
  return [];
}

/** The question as HTML, as both learning-platform formats show it (the answer is never part of it). */
export function questionHtml(item: QuizItem): string {
  switch (item.kind) {
    case "multiple-choice":
      return `<p>${htmlOf(item.prompt)}</p>`;
    case "cloze":
      return `<p>Fill in the blank.</p><p>${htmlOf(item.sentence).replace(clozeBlank, "__________")}</p>`;
    case "fix-the-sentence":
      return `<p>${htmlOf(item.prompt)}</p><blockquote>${htmlOf(item.original)}</blockquote>`;
  }
}
