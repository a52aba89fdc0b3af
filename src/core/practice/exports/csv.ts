import type { Flashcard } from "../types.js";

/**
 * The deck as two columns, front and back, one card a line, with no header row: what Anki's and Quizlet's text
 * imports read. A field holding the separator, a quote or a line break is quoted, quotes doubled (RFC 4180), which
 * Anki reads back whole; Quizlet has no quoting, so the tab-separated form is the one for it (its cards seldom hold tabs).
 */
export function deckToCsv(deck: readonly Flashcard[], options: { separator: "," | "\t" }): string {
  const { separator } = options;
  const field = (text: string) => (text.includes(separator) || /["\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text);
  return deck.map((card) => `${field(card.front)}${separator}${field(card.back)}\n`).join("");
}
