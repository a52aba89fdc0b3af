import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { DocumentError, documentMessages, extractDocument, maxDocumentBytes, sniffDocumentKind, type ExtractedDocument } from "./index.js";
import { decodeText } from "./sniff.js";

const fixtures = fileURLToPath(new URL("../../../../tests/fixtures/documents/", import.meta.url));
const load = (name: string) => new Uint8Array(readFileSync(fixtures + name));
const essay = readFileSync(fixtures + "student-essay.txt", "utf8").trim();
const essayParagraphs = essay.split("\n\n");

async function failure(bytes: Uint8Array, options?: Parameters<typeof extractDocument>[1]): Promise<DocumentError> {
  try {
    await extractDocument(bytes, options);
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("expected a DocumentError");
}

describe("extractDocument on the same essay in every format", () => {
  it.each([
    ["student-essay.txt", "txt", "text/plain"],
    ["student-essay-utf16.txt", "txt", "text/plain"],
    ["student-essay.docx", "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["student-essay.doc", "doc", "application/msword"],
    ["student-essay.odt", "odt", "application/vnd.oasis.opendocument.text"],
    ["student-essay.pdf", "pdf", "application/pdf"],
  ] as const)("reads %s as %s with its paragraphs", async (file, kind, mimeType) => {
    const document: ExtractedDocument = await extractDocument(load(file));
    expect(document.kind).toBe(kind);
    expect(document.mimeType).toBe(mimeType);
    expect(document.text).toBe(essay);
    expect(document.text.split("\n\n")).toEqual(essayParagraphs);
    expect(document.tables).toEqual([]);
  });

  it("counts the pages of a PDF", async () => {
    expect((await extractDocument(load("student-essay.pdf"))).pageCount).toBe(1);
  });

  it("recognises a PDF saved under a .txt name by its content", async () => {
    const document = await extractDocument(load("student-essay-pdf-renamed.txt"));
    expect(document.kind).toBe("pdf");
    expect(document.text).toBe(essay);
  });
});

describe("sniffDocumentKind looks at content, never names", () => {
  it.each([
    ["student-essay.txt", "txt"],
    ["student-essay-utf16.txt", "txt"],
    ["student-essay.docx", "docx"],
    ["student-essay.doc", "doc"],
    ["student-essay.odt", "odt"],
    ["student-essay.pdf", "pdf"],
    ["student-essay-pdf-renamed.txt", "pdf"],
    ["student-essay-truncated.docx", "docx"],
    ["student-essay-encrypted.docx", "docx"],
    ["student-essay-encrypted.doc", "doc"],
    ["scanned-page.png", undefined],
    ["photos.zip", undefined],
  ])("%s is %s", (file, kind) => {
    expect(sniffDocumentKind(load(file))).toBe(kind);
  });

  it.each([
    ["an executable", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0])],
    ["a JPEG", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])],
    ["invalid UTF-8 with a NUL", new Uint8Array([0x48, 0x69, 0xc3, 0x28, 0, 0xa0, 0xa1])],
    ["text with control bytes", new TextEncoder().encode("ab\u0001\u0002\u0003\u0004\u0005\u0006cd")],
    ["a Rich Text file", new TextEncoder().encode("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Thesis}")],
  ])("refuses %s", (_, bytes) => {
    expect(sniffDocumentKind(bytes)).toBeUndefined();
  });

  it("reads text saved as Windows-1252, and UTF-8 with a stray NUL", () => {
    const windows1252 = new Uint8Array([...new TextEncoder().encode("Caf"), 0xe9, ...new TextEncoder().encode(" and the na"), 0xef, ...new TextEncoder().encode("ve student"), 0x92, 0x73, 0x20, 0x93, 0x71, 0x94]);
    expect(sniffDocumentKind(windows1252)).toBe("txt");
    expect(decodeText(windows1252)).toBe("Café and the naïve student’s “q”");
    expect(decodeText(new Uint8Array([...new TextEncoder().encode("Thesis"), 0, ...new TextEncoder().encode(" 20")]))).toBe("Thesis 20");
    // UTF-8 with one Windows-1252 byte pasted in keeps its UTF-8 (and loses its BOM).
    const mixed = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("It’s a café."), 0x20, 0x93, 0x71, 0x94]);
    expect(decodeText(mixed)).toBe("It’s a café. “q”");
  });

  it("accepts UTF-8 with a BOM and UTF-16 big-endian with a BOM", () => {
    expect(sniffDocumentKind(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Thesis: 20 points")]))).toBe("txt");
    const utf16be = [0xfe, 0xff, ...[..."Thesis"].flatMap((c) => [0, c.charCodeAt(0)])];
    expect(sniffDocumentKind(new Uint8Array(utf16be))).toBe("txt");
  });
});

describe("web pages: a learning platform's text entries and Word's Web Page", () => {
  const page = (body: string) =>
    new TextEncoder().encode(
      `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Jane Doe: Essay 2</title><style>p { margin: 0 }</style><script>track()</script></head>` +
        `<body>${body}</body></html>`,
    );

  it("reads the text a reader sees: paragraphs, entities, headings in their own case, links' words only", async () => {
    const document = await extractDocument(page(`<h2>Later Starts</h2><p>Schools should start later.&nbsp;Teens need sleep &amp; rest.</p><p>See <a href="https://example.org/study">the study</a> for <b>proof</b>.</p><img src="x.png" alt="chart">`));
    expect(document).toMatchObject({ kind: "html", mimeType: "text/html", tables: [] });
    expect(document.text).toBe("Later Starts\n\nSchools should start later. Teens need sleep & rest.\n\nSee the study for proof.");
  });

  it("reads a bare fragment as a platform stores it, and Windows-1252 bytes", async () => {
    const fragment = Uint8Array.from([...new TextEncoder().encode("<p>Caf"), 0xe9, ...new TextEncoder().encode(" owners agree.</p>\n<p>So do I.</p>")]);
    expect(sniffDocumentKind(fragment)).toBe("html");
    expect((await extractDocument(fragment)).text).toBe("Café owners agree.\n\nSo do I.");
  });

  it("keeps an essay that only mentions a tag or a less-than sign as plain text", () => {
    for (const text of ["I <3 my school.", "<p> is the tag for a paragraph, I learned.", "If x < y then the claim fails.", "<b>bold claim"]) {
      expect(sniffDocumentKind(new TextEncoder().encode(text))).toBe("txt");
    }
  });

  it("refuses a drawing (SVG) whatever its name says", async () => {
    const svg = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><text x="0" y="10">Essay</text></svg>');
    expect(sniffDocumentKind(svg)).toBeUndefined();
    expect((await failure(svg)).code).toBe("unsupported");
  });

  it("reads a page after leading comments, and a run of empty comments at once (a regular expression took 25 s on 200 bytes)", async () => {
    expect(sniffDocumentKind(new TextEncoder().encode("<!-- saved by Word -->\n<html><body><p>Hi there.</p></body></html>"))).toBe("html");
    const started = performance.now();
    expect(sniffDocumentKind(new TextEncoder().encode(`${"<!---->".repeat(2000)}x`))).toBe("txt");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("says a page with no words is empty", async () => {
    expect((await failure(page(`<div><img src="scan.png"></div>`))).code).toBe("empty");
  });
});

describe("extractDocument failures a teacher can act on", () => {
  it.each([
    ["empty.txt", "empty", /empty/],
    ["scanned-page.png", "unsupported", /Upload a \.txt, \.doc, \.docx or \.pdf file\./],
    ["photos.zip", "unsupported", /Upload a \.txt, \.doc, \.docx or \.pdf file\./],
    ["student-essay-truncated.docx", "corrupt", /The file looks damaged/],
    ["student-essay-encrypted.pdf", "encrypted", /password-protected/],
    ["student-essay-encrypted.docx", "encrypted", /password-protected/],
    ["student-essay-encrypted.doc", "encrypted", /password-protected/],
    ["scanned-image-only.pdf", "image_only", /only scanned images.*paste the text/],
  ] as const)("%s answers %s", async (file, code, message) => {
    const error = await failure(load(file));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it("calls a Rich Text file named .doc what it is, and says how to save it, rather than damaged", async () => {
    const rtf = new TextEncoder().encode("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Thesis (20 points)}");
    const error = await failure(rtf, { fileName: "rubric.doc" });
    expect(error.code).toBe("unsupported");
    expect(error.message).toBe(documentMessages.rtf);
    expect(error.message).toMatch(/Rich Text.*\.docx or PDF/);
  });

  it("tells a .txt of binary bytes it holds no plain text, not that its type is unsupported", async () => {
    const binary = new Uint8Array([0x48, 0x69, 0, 0, 0, 0x01, 0x02, 0x03, 0xff, 0xfe, 0, 0x10]);
    const named = await failure(binary, { fileName: "essay.txt" });
    expect(named.code).toBe("corrupt");
    expect(named.message).toBe(documentMessages.notPlainText);
    expect((await failure(binary, { fileName: "essay.bin" })).code).toBe("unsupported");
  });

  it("refuses a file over the limit and names the limit", async () => {
    const error = await failure(load("student-essay.pdf"), { maxBytes: 1024 * 1024 / 64 });
    expect(error.code).toBe("too_large");
    expect((await failure(new Uint8Array(maxDocumentBytes + 1))).message).toContain("10 MB");
  });

  it("answers empty for a document with nothing but whitespace", async () => {
    expect((await failure(new TextEncoder().encode(" \n\n\t \r\n"))).code).toBe("empty");
  });

  it("answers corrupt for a PDF that is only a header", async () => {
    expect((await failure(new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog"))).code).toBe("corrupt");
  });

  it("answers corrupt for a damaged Word 97 file", async () => {
    const bytes = load("student-essay.doc").slice(0, 1024);
    expect((await failure(bytes)).code).toMatch(/corrupt|unsupported/);
  });
});

describe("extractDocument normalises text", () => {
  it("turns \\r\\n into \\n, trims trailing spaces and keeps at most two blank lines", async () => {
    const bytes = new TextEncoder().encode("Title  \r\n\r\n\r\n\r\n\r\nFirst paragraph.\t\r\nSecond line\r\n\r\n");
    expect((await extractDocument(bytes)).text).toBe("Title\n\n\nFirst paragraph.\nSecond line");
  });
});

describe("extractDocument tables", () => {
  const rubrics = fileURLToPath(new URL("../../../../tests/fixtures/rubrics/", import.meta.url));
  const rubric = (name: string) => new Uint8Array(readFileSync(rubrics + name));

  it("reads a .docx table as rows of cells and writes it into the text as tab-separated lines", async () => {
    const document = await extractDocument(rubric("argumentative-essay-table.docx"));
    expect(document.tables).toHaveLength(1);
    expect(document.tables[0]?.[0]).toEqual(["Criteria", "Exemplary (4)", "Proficient (3)", "Developing (2)", "Beginning (1)"]);
    expect(document.tables[0]?.length).toBe(7);
    expect(document.text).toContain("Evidence\tRelevant, well-chosen evidence");
  });

  it("rebuilds a PDF table's rows and columns from text positions", async () => {
    const document = await extractDocument(rubric("persuasive-letter-table.pdf"));
    expect(document.tables).toHaveLength(1);
    expect(document.tables[0]?.[0]).toEqual(["Criterion", "Points", "Exceeds", "Meets", "Approaching", "Not Yet"]);
    expect(document.tables[0]?.[2]?.slice(0, 3)).toEqual([
      "Supporting Reasons and Evidence",
      "30",
      "Three or more strong reasons, each backed by facts, statistics or local examples.",
    ]);
  });

  it("joins a PDF table that runs onto the next page, including the row cut by the page break", async () => {
    const document = await extractDocument(rubric("group-project-table.pdf"));
    expect(document.pageCount).toBe(2);
    expect(document.tables).toHaveLength(1);
    expect(document.tables[0]?.map((row) => row[0])).toEqual([
      "Criteria",
      "Research Question",
      "Primary Sources",
      "Interview",
      "Historical Accuracy",
      "Script and Structure",
      "Audio Quality",
      "Individual Contribution",
      "Reflection",
    ]);
    expect(document.tables[0]?.[6]?.[1]).toMatch(/without covering speech\.$/);
  });

  it("reads a .doc table from word-extractor's tab-separated rows", async () => {
    const document = await extractDocument(rubric("research-paper-table.doc"));
    expect(document.tables[0]?.[0]).toEqual(["Category", "A (18-20)", "B (16-17)", "C (14-15)", "D/F (0-13)"]);
    expect(document.tables[0]).toHaveLength(6);
  });

  it("keeps plain text free of tables", async () => {
    expect((await extractDocument(rubric("narrative-writing-list.txt"))).tables).toEqual([]);
  });
});

describe("extractDocument refuses a zip bomb before inflating it", () => {
  it("answers too_large when a .docx declares an absurd uncompressed document.xml", async () => {
    const bytes = load("student-essay.docx").slice();
    const view = new DataView(bytes.buffer);
    const name = new TextEncoder().encode("word/document.xml");
    let patched = false;
    for (let offset = 0; offset + 46 < bytes.length; offset++) {
      if (view.getUint32(offset, true) !== 0x02014b50) continue;
      const nameLength = view.getUint16(offset + 28, true);
      const entryName = bytes.subarray(offset + 46, offset + 46 + nameLength);
      if (nameLength === name.length && entryName.every((byte, i) => byte === name[i])) {
        view.setUint32(offset + 24, 0xfffffff0, true);
        patched = true;
      }
    }
    expect(patched).toBe(true);
    const error = await failure(bytes);
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/MB/);
  });
});

describe("extractDocument refuses what would hold the server, before reading it", () => {
  /** A .docx whose document.xml is made of `paragraphs` one-word paragraphs: small zipped, huge as a tree. */
  const manyParagraphs = (paragraphs: number) => {
    const source = unzipSync(load("student-essay.docx"));
    const xml = new TextDecoder().decode(source["word/document.xml"]);
    const body = "<w:p><w:r><w:t>word</w:t></w:r></w:p>".repeat(paragraphs);
    return zipSync({ ...source, "word/document.xml": new TextEncoder().encode(xml.replace("<w:body>", `<w:body>${body}`)) });
  };

  it("reads a long essay's worth of paragraphs, and refuses a .docx of 200,000 without building its tree", async () => {
    expect((await extractDocument(manyParagraphs(2_000))).text).toContain("word");
    const bytes = manyParagraphs(200_000);
    expect(bytes.length).toBeLessThan(500_000);
    const error = await failure(bytes);
    expect(error.code).toBe("too_large");
    expect(error.message).toBe("This document is too long or too heavily formatted for Markwise to read. Save it as PDF or as plain text (.txt) and upload it again.");
  });

  it("counts every XML part, not only the one named word/document.xml: the main part is whatever the package points at", async () => {
    const source = unzipSync(manyParagraphs(60_000));
    const rels = new TextDecoder().decode(source["_rels/.rels"]).replace("word/document.xml", "word/main2.xml");
    const renamed = zipSync({ ...source, "_rels/.rels": new TextEncoder().encode(rels), "word/main2.xml": source["word/document.xml"]!, "word/document.xml": unzipSync(load("student-essay.docx"))["word/document.xml"]! });
    const error = await failure(renamed);
    expect(error.code).toBe("too_large");
    expect(error.message).toBe("This document is too long or too heavily formatted for Markwise to read. Save it as PDF or as plain text (.txt) and upload it again.");
  });

  it("refuses a .docx of more than 1,000 parts, whose reading grows with the square of their number", async () => {
    const source = unzipSync(load("student-essay.docx"));
    const parts = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`word/media/empty${i}.bin`, new Uint8Array(0)]));
    expect((await extractDocument(zipSync({ ...source, ...parts(900) }))).text).toBe(essay);
    const error = await failure(zipSync({ ...source, ...parts(1_000) }));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe(documentMessages.tooComplex);
  });

  it("refuses a text file of more than 200,000 characters, as pasted work is", async () => {
    const words = "The quick brown fox jumps over the lazy dog. ";
    expect((await extractDocument(new TextEncoder().encode(words.repeat(4_000)))).text.length).toBeLessThanOrEqual(200_000);
    const error = await failure(new TextEncoder().encode(words.repeat(5_000)));
    expect(error.code).toBe("too_large");
    expect(error.message).toContain("more than 200,000 characters of text");
  });
});

describe("a file named as Word or PDF that holds plain text", () => {
  it("is refused as damaged, not read as text; the same text named .txt is read", async () => {
    const text = new TextEncoder().encode("this is not a docx file at all");
    const error = await extractDocument(text, { fileName: "fake.docx" }).catch((caught: unknown) => caught as DocumentError);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe("corrupt");
    await expect(extractDocument(text, { fileName: "fake.pdf" })).rejects.toMatchObject({ code: "corrupt" });
    expect((await extractDocument(text, { fileName: "notes.txt" })).text).toBe("this is not a docx file at all");
  });
});

describe("extractDocument refuses a PDF that would hold the server", () => {
  const encoder = new TextEncoder();
  const join = (...parts: Array<string | Uint8Array>) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));
  /** A PDF of `pages` pages, objects only: pdf.js rebuilds the missing cross-reference table, as for a damaged file. */
  const pdfOf = (pages: number, content?: Uint8Array) => {
    const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(" ");
    const stream = content ? join(`3 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, content, "\nendstream\nendobj\n") : join("3 0 obj\n<< /Length 0 >>\nstream\n\nendstream\nendobj\n");
    const pageObjects = Array.from({ length: pages }, (_, i) => `${i + 4} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>\nendobj\n`).join("");
    return new Uint8Array(join("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n", `2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj\n`, stream, pageObjects, "trailer\n<< /Root 1 0 R >>\n%%EOF\n"));
  };

  it("refuses a content stream that unpacks to more than 64 MB, before pdf.js inflates it", async () => {
    const bomb = deflateSync(Buffer.alloc(100 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(200_000);
    const error = await failure(pdfOf(1, bomb));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe(documentMessages.tooComplex);
  });

  it("calls a PDF with neither text nor images empty, not a scan, with or without OCR", async () => {
    const blank = pdfOf(2);
    const read = vi.fn(async () => "never read");
    for (const options of [{}, { imageReader: { read, readLines: vi.fn() } }]) {
      const error = await failure(blank, options);
      expect(error.code).toBe("empty");
      expect(error.message).toBe(documentMessages.empty);
    }
    expect(read).not.toHaveBeenCalled();
  });

  it("reads 500 pages, and refuses more without reading them", async () => {
    const hello = deflateSync(encoder.encode("BT /F1 12 Tf 72 720 Td (Hello there, class) Tj ET"));
    const read = await extractDocument(pdfOf(500, hello));
    expect(read.pageCount).toBe(500);
    expect(read.text.startsWith("Hello there, class")).toBe(true);
    const started = performance.now();
    const error = await failure(pdfOf(501, hello));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe(documentMessages.tooComplex);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
