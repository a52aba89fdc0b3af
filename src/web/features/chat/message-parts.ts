/**
 * An assistant's answer as the chat shows it. The built-in assistant writes links as [label](/path); a model may
 * write other Markdown. Only links to Markwise's own pages become links; bold stays bold; headings, list markers
 * and emphasis become plain text, so no raw asterisks or hashes reach the teacher. Nothing is ever HTML.
 */
export type MessagePart = { type: "text"; text: string } | { type: "link"; label: string; to: string } | { type: "strong"; text: string };

/** Only our own pages: an answer can never send the teacher off-site. */
export const isInternalPath = (to: string) => to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\");

const inline = /\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)|\*\*([^*\n]+)\*\*|__([^_\n]+)__/g;

function plainLine(line: string): string {
  return line
    .replace(/^\s{0,3}#{1,6}\s+/, "")
    .replace(/^(\s*)[-*+]\s+/, "$1\u2022 ")
    .replace(/(^|[\s(])[*_](?!\s)([^*_\n]+?)(?<!\s)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/`([^`\n]+)`/g, "$1");
}

/**
 * A backslash before a Markdown character makes it a plain character, as in CommonMark: the assistant writes a
 * student's name or a title that way ("\[Open\](/settings)" is a name, not a link). Each escaped character stands in
 * as a private-use character while the markup is read, and is put back in the text and labels it ends up in.
 */
const escapable = "\\`*_[]()#+-!";
const escaped = /\\([\\`*_[\]()#+\-!])/g;
const standIns = /[\uE000-\uE00C]/g;
const standIn = (char: string) => String.fromCharCode(0xe000 + escapable.indexOf(char));
const restore = (value: string) => value.replace(standIns, (char) => escapable.charAt(char.charCodeAt(0) - 0xe000));

export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.type === "text") last.text += restore(value);
    else parts.push({ type: "text", text: restore(value) });
  };
  // Private-use characters that came in with the text are dropped, so none is taken for an escaped one.
  const unescaped = text.replace(standIns, "").replace(escaped, (_, char: string) => standIn(char));
  const plain = unescaped.split("\n").map(plainLine).join("\n");
  let at = 0;
  for (const match of plain.matchAll(inline)) {
    pushText(plain.slice(at, match.index));
    const [whole, label, to, bold, boldUnderscore] = match;
    if (label !== undefined && to !== undefined) {
      if (isInternalPath(to)) parts.push({ type: "link", label: restore(label), to: restore(to) });
      else pushText(`${label} (${to})`);
    } else {
      parts.push({ type: "strong", text: restore(bold ?? boldUnderscore ?? whole) });
    }
    at = match.index + whole.length;
  }
  pushText(plain.slice(at));
  return parts;
}
