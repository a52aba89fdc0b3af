import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DocumentError, extractDocument, maxDocumentBytes, sniffDocumentKind, type ExtractedDocument } from "./index.js";

const fixtures = fileURLToPath(new URL("../../../../tests/fixtures/documents/", import.meta.url));
const load = (name: string) => new Uint8Array(readFileSync(fixtures + name));
const essay = readFileSync(fixtures + "student-essay.txt", "utf8").trim();
const essayParagraphs = essay.split("\n\n");

async function failure(bytes: Uint8Array, options?: { maxBytes?: number }): Promise<DocumentError> {
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
    ["invalid UTF-8", new Uint8Array([0x48, 0x69, 0xc3, 0x28, 0xa0, 0xa1])],
    ["text with control bytes", new TextEncoder().encode("ab\u0001\u0002\u0003\u0004\u0005\u0006cd")],
  ])("refuses %s", (_, bytes) => {
    expect(sniffDocumentKind(bytes)).toBeUndefined();
  });

  it("accepts UTF-8 with a BOM and UTF-16 big-endian with a BOM", () => {
    expect(sniffDocumentKind(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Thesis: 20 points")]))).toBe("txt");
    const utf16be = [0xfe, 0xff, ...[..."Thesis"].flatMap((c) => [0, c.charCodeAt(0)])];
    expect(sniffDocumentKind(new Uint8Array(utf16be))).toBe("txt");
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
