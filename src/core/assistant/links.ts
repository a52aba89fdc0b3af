/**
 * A name or title from the teacher's data, written so the chat shows it as it is: a student called "[Open](/settings)"
 * or "**Max**" is no link and no bold. A backslash makes a Markdown character plain, as in CommonMark; "#", "+" and
 * "-" only mark up at a line's start.
 */
export const markdownText = (text: string) => text.replace(/[\\`*_[\]()]/g, "\\$&").replace(/^[#+-]/, "\\$&");

/**
 * A link in an assistant's answer, written [label](/path) for the chat to render. The label is markdownText already
 * (or a fixed phrase); its brackets, escaped or not, are left out, so a label never ends the link early.
 */
export const link = (label: string, path: string) => `[${label.replace(/\\?[[\]]/g, "")}](${path})`;

const linkMarkup = /\[[^\]\n]+\]\((\/[^)\s]*)\)/g;

/**
 * The links of `source` whose pages `answer` does not link to yet: a model that answered from a tool's figures but
 * dropped its links gets them back, so its answer leads to the same pages as the built-in one.
 */
export function linksMissingFrom(answer: string, sources: string[]): string[] {
  const present = new Set([...answer.matchAll(linkMarkup)].map((match) => match[1]));
  const missing = new Map<string, string>();
  for (const source of sources) for (const match of source.matchAll(linkMarkup)) if (!present.has(match[1]) && !missing.has(match[1]!)) missing.set(match[1]!, match[0]);
  return [...missing.values()];
}
