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

const pageStart = /^(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|meta|title)\b/i;
const fragmentStart = /^<(?:p|div|span|h[1-6]|ul|ol|table|section|article|br|b|i|strong|em|font)\b[^>]*>/i;
const svgStart = /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+svg[^>]*>\s*)?<svg\b/i;

/** A web page, or a fragment of one (a platform's text entry can be "<p>...</p>" alone); never an essay with a "<". */
export function looksLikeHtml(text: string): boolean {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  return pageStart.test(start) || (fragmentStart.test(start) && /<\/[a-z][a-z0-9]*\s*>/i.test(start));
}

/** A drawing (SVG is text, so a .png that is one would otherwise be read as its markup). */
export function looksLikeSvg(text: string): boolean {
  return svgStart.test(text.replace(/^\uFEFF/, "").trimStart());
}
