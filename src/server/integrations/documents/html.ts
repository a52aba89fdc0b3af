/**
 * A web page's text as a reader sees it. Learning platforms hand in online text entries as .html (Canvas's and
 * Moodle's "download all submissions"), and Word's "Web Page" is often renamed .doc; read as plain text, the grader
 * got the tags. Headings keep their case and links their words only: the student's writing, not the page's furniture.
 */
export async function htmlToText(html: string): Promise<string> {
  // Loaded on the first page read: most schools never upload one, and the idle server stays small (issue 16).
  const { convert } = await import("html-to-text");
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: "table", options: { uppercaseHeaderCells: false } },
    ],
    // Deeper than any page a person wrote; the parser's own recursion stays shallow on a crafted one.
    limits: { maxDepth: 64 },
  });
}

const pageStart = /^<(?:!doctype\s+html|html|head|body|meta|title)\b/i;
const fragmentStart = /^<(?:p|div|span|h[1-6]|ul|ol|table|section|article|br|b|i|strong|em|font)\b[^>]*>/i;

/**
 * The text after a byte-order mark, spaces and any leading comments, cut to its head: found with indexOf, not a
 * regular expression, which backtracked exponentially on a run of "<!---->" (200 bytes held the server 25 s).
 */
function headOf(text: string): string {
  let at = text.startsWith("\uFEFF") ? 1 : 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (!text.startsWith("<!--", at)) break;
    const end = text.indexOf("-->", at + 4);
    if (end < 0) break;
    at = end + 3;
  }
  return text.slice(at, at + 4096);
}

/** A web page, or a fragment of one (a platform's text entry can be "<p>...</p>" alone); never an essay with a "<". */
export function looksLikeHtml(text: string): boolean {
  const head = headOf(text);
  return pageStart.test(head) || (fragmentStart.test(head) && /<\/[a-z][a-z0-9]*\s*>/i.test(text));
}

/** A drawing (SVG is text, so a .png that is one would otherwise be read as its markup). */
export function looksLikeSvg(text: string): boolean {
  // An XML declaration and a doctype may come first, each perhaps with comments around it.
  const afterProlog = headOf(text).replace(/^<\?xml[^>]*>/i, "");
  const afterDoctype = headOf(afterProlog).replace(/^<!doctype\s+svg[^>]*>/i, "");
  return /^<svg\b/i.test(headOf(afterDoctype));
}
