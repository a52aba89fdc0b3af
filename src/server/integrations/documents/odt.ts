import { htmlToContent, type DocxContent } from "./docx.js";
import { DocumentError, documentMessages } from "./errors.js";
import { refuseTooManyElements } from "./element-count.js";
import { inflatedPart, refuseUnpackingTooMuch, readZipDirectory } from "./zip.js";

/** An OpenDocument text (LibreOffice, or Google Docs' "Download as .odt"), recognised by its first entry. */
export function isOdt(bytes: Uint8Array): boolean {
  // The format stores an uncompressed "mimetype" entry first, so its value sits within the first bytes.
  return new TextDecoder("latin1").decode(bytes.subarray(0, 256)).includes("application/vnd.oasis.opendocument.text");
}

type XmlNode = { [tag: string]: XmlNode[] } & { "#text"?: string; ":@"?: Record<string, string> };

/** Parts of the body that are not the writing: comments, footnotes, deleted text kept by change tracking, image captions. */
const skipped = new Set(["office:annotation", "text:note", "text:tracked-changes", "text:sequence-decls", "text:variable-decls", "svg:title", "svg:desc"]);

/**
 * The document's paragraphs, lists and tables, written as the small HTML the .docx reader already turns into text
 * and tables (`htmlToContent`), so both formats read alike.
 */
export async function extractOdt(bytes: Uint8Array): Promise<DocxContent> {
  const entries = readZipDirectory(bytes);
  if (!entries?.some((entry) => entry.name === "content.xml")) throw new DocumentError("corrupt", documentMessages.corrupt);
  refuseUnpackingTooMuch(entries);
  refuseTooManyElements(bytes, entries);
  const content = inflatedPart(bytes, "content.xml");
  // Loaded when the first OpenDocument file arrives, as mammoth is for Word files.
  const { XMLParser, XMLValidator } = await import("fast-xml-parser");
  let xml: string;
  let nodes: XmlNode[];
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(content);
    // A document type could declare entities that expand without end; OpenDocument never has one.
    if (/<!DOCTYPE|<!ENTITY/i.test(xml) || XMLValidator.validate(xml) !== true) throw new Error("not a well-formed document");
    nodes = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", trimValues: false }).parse(xml) as XmlNode[];
  } catch {
    throw new DocumentError("corrupt", documentMessages.corrupt);
  }
  return htmlToContent(toHtml(nodes));
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * OpenDocument's block elements as the .docx reader's HTML names them. A cell covered by a merged one is written out
 * (empty) in its place, so the cells after it stay under their columns, as in a .docx.
 */
const htmlTags: Record<string, string> = {
  "text:p": "p",
  "text:h": "p",
  "text:list": "ul",
  "table:table": "table",
  "table:table-row": "tr",
  "table:table-cell": "td",
  "table:covered-table-cell": "td",
};

function toHtml(nodes: XmlNode[]): string {
  let html = "";
  for (const node of nodes) {
    if (node["#text"] !== undefined) {
      html += escapeHtml(String(node["#text"]));
      continue;
    }
    const tag = Object.keys(node).find((key) => key !== ":@");
    if (!tag || skipped.has(tag)) continue;
    const children = node[tag] ?? [];
    const htmlTag = htmlTags[tag];
    if (htmlTag) html += `<${htmlTag}>${toHtml(children)}</${htmlTag}>`;
    else if (tag === "text:list-item") html += `<li>${listItemHtml(children)}</li>`;
    else if (tag === "text:s") html += " ".repeat(Math.min(100, Number(node[":@"]?.["text:c"] ?? 1) || 1));
    else if (tag === "text:tab") html += "\t";
    else if (tag === "text:line-break") html += "<br>";
    else html += toHtml(children);
  }
  return html;
}

/** A list item's paragraphs as lines of one item (the .docx reader's list items hold text, not paragraphs). */
function listItemHtml(children: XmlNode[]): string {
  const lines: string[] = [];
  let nested = "";
  for (const child of children) {
    const tag = Object.keys(child).find((key) => key !== ":@");
    if (tag === "text:p" || tag === "text:h") lines.push(toHtml(child[tag] ?? []));
    else nested += toHtml([child]);
  }
  return lines.join("<br>") + nested;
}
