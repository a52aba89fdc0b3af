import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { sniffImageType } from "../files/sniff-image.js";
import { createImageTextReader } from "../ocr/image-text-reader.js";
import { DocumentError, documentMessages, extractDocument, type ExtractOptions } from "./index.js";

const fixtures = fileURLToPath(new URL("../../../../tests/fixtures/", import.meta.url));
const load = (name: string) => new Uint8Array(readFileSync(fixtures + name));
// Tesseract's first start loads the English model: seconds, not milliseconds.
const ocrTimeout = 60_000;

const reader = createImageTextReader();
afterAll(() => reader.close());

async function failure(bytes: Uint8Array, options?: ExtractOptions): Promise<DocumentError> {
  try {
    await extractDocument(bytes, options);
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("expected a DocumentError");
}

/** Records what OCR was asked to read, and answers with fixed text. */
function fakeReader(answer: string) {
  const images: Uint8Array[] = [];
  return { images, read: async (bytes: Uint8Array) => (images.push(bytes), answer) };
}

describe("extractDocument reads scanned PDFs with OCR when given an image reader", () => {
  it.each([
    ["a greyscale JPEG scan", "documents/scanned-essay.pdf"],
    ["a black-and-white (1-bit) copier scan", "documents/scanned-essay-bw.pdf"],
  ])("recognises the words of %s", async (_, file) => {
    const document = await extractDocument(load(file), { imageReader: reader });
    expect(document).toMatchObject({ kind: "pdf", mimeType: "application/pdf", pageCount: 1, tables: [], ocr: true });
    expect(document.text).toMatch(/Why Our School Day Should Start Later/);
    for (const word of ["alarm", "chemistry", "teenagers", "sleep", "learning"]) expect(document.text).toContain(word);
  }, ocrTimeout);

  it("hands OCR each page as a PNG", async () => {
    const fake = fakeReader("Page text");
    const document = await extractDocument(load("documents/scanned-essay.pdf"), { imageReader: fake });
    expect(document.text).toBe("Page text");
    expect(fake.images.map(sniffImageType)).toEqual(["image/png"]);
  });

  it("keeps answering image_only when OCR finds no readable text, saying the scan itself could not be read", async () => {
    const error = await failure(load("documents/scanned-essay.pdf"), { imageReader: fakeReader(" \n ") });
    expect(error.code).toBe("image_only");
    expect(error.message).toBe(documentMessages.scanUnreadable);
  });

  it("reads scanned PDFs but refuses photos, as a type it does not read, when photos are not taken (rubric uploads)", async () => {
    const fake = fakeReader("Thesis (20 points)");
    expect((await extractDocument(load("documents/scanned-essay.pdf"), { imageReader: fake, photos: false })).text).toBe("Thesis (20 points)");
    const error = await failure(load("images/rubric-note.png"), { imageReader: fake, photos: false });
    expect(error.code).toBe("unsupported");
    expect(error.message).toBe(documentMessages.unsupported);
    expect(fake.images).toHaveLength(1);
  });

  it("keeps answering image_only without an image reader", async () => {
    const error = await failure(load("documents/scanned-essay.pdf"));
    expect(error.code).toBe("image_only");
    expect(error.message).toMatch(/only scanned images/);
  });

  it("leaves a PDF with a text layer to the text extractor", async () => {
    const fake = fakeReader("never used");
    const document = await extractDocument(load("documents/student-essay.pdf"), { imageReader: fake });
    expect(document.ocr).toBeUndefined();
    expect(fake.images).toEqual([]);
  });
});

describe("extractDocument reads photos of pages with OCR when given an image reader", () => {
  it("answers kind image with the photo's own MIME type and its text", async () => {
    const document = await extractDocument(load("images/rubric-note.png"), { imageReader: reader });
    expect(document).toMatchObject({ kind: "image", mimeType: "image/png", tables: [], ocr: true });
    expect(document.text).toContain("Thesis 30");
  }, ocrTimeout);

  it("answers empty for a photo with no readable text, or only a stray mark or two (a logo, a picture)", async () => {
    expect((await failure(load("images/rubric-note.png"), { imageReader: fakeReader("") })).code).toBe("empty");
    const logo = await failure(load("images/rubric-note.png"), { imageReader: fakeReader("'e Py") });
    expect(logo.code).toBe("empty");
    expect(logo.message).toBe(documentMessages.photoUnreadable);
    const answer = await extractDocument(load("images/rubric-note.png"), { imageReader: fakeReader("Plants make sugar.") });
    expect(answer.text).toBe("Plants make sugar.");
  });

  it.each([
    ["a photo without an image reader", "images/rubric-note.png", undefined],
    ["a zip even with an image reader", "documents/photos.zip", fakeReader("never used")],
  ])("refuses %s as unsupported, as before", async (_, file, imageReader) => {
    const error = await failure(load(file), { imageReader });
    expect(error.code).toBe("unsupported");
    expect(error.message).toMatch(/Upload a \.txt, \.doc, \.docx or \.pdf file/);
  });

  it("names photos among what it takes, and tells how an iPhone's HEIC photo becomes a JPEG", async () => {
    expect((await failure(load("documents/photos.zip"), { imageReader: fakeReader("") })).message).toBe(
      "This file type is not supported. Upload a .txt, .doc, .docx or .pdf file, or a photo as JPEG or PNG.",
    );
    const heic = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0, ...new TextEncoder().encode("mif1heic")]);
    const error = await failure(heic, { imageReader: fakeReader("never used") });
    expect(error.code).toBe("unsupported");
    expect(error.message).toMatch(/^iPhone photos in HEIC format cannot be read\. Export the photo as JPEG/);
  });
});
