import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parseRubric } from "../../../core/rubric/index.js";
import { createImageTextReader } from "../ocr/image-text-reader.js";
import { extractDocument } from "./index.js";

// The rubric documents teachers upload, end to end: the document service reads each file, the rubric parser finds
// its criteria, and the result must match tests/fixtures/rubrics/expected.json.
const folder = fileURLToPath(new URL("../../../../tests/fixtures/rubrics/", import.meta.url));
const expected = JSON.parse(readFileSync(folder + "expected.json", "utf8")) as Record<
  string,
  { name: string; maxPoints: number; descriptorsCount: number }[]
>;
const files = readdirSync(folder).filter((name) => /\.(txt|doc|docx|pdf)$/.test(name));

// Scanned rubrics are read with OCR, as the rubric upload reads them; tesseract's first start takes seconds.
const ocr = createImageTextReader();
afterAll(() => ocr.close());

describe("rubric fixtures", () => {
  it("has an expectation for every fixture and a fixture for every expectation", () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    expect(files.length).toBeGreaterThanOrEqual(25);
    expect(new Set(files.map((name) => name.split(".").pop()))).toEqual(new Set(["txt", "doc", "docx", "pdf"]));
  });

  it.each(files)("%s gives its expected criteria", { timeout: 60_000 }, async (file) => {
    const document = await extractDocument(new Uint8Array(readFileSync(folder + file)), { imageReader: ocr, photos: false, ocrTables: true });
    const criteria = parseRubric(document).map((criterion) => ({
      name: criterion.name,
      maxPoints: criterion.maxPoints,
      descriptorsCount: criterion.descriptors.length,
    }));
    expect(criteria).toEqual(expected[file]);
  });

  it("writes a level header with a line break in its Word cell on one line", async () => {
    const document = await extractDocument(new Uint8Array(readFileSync(folder + "header-line-breaks.docx")));
    const [memorization] = parseRubric(document);
    expect(memorization?.descriptors[0]).toBe("Exemplary (4 pts): Recites the whole poem with no prompts.");
  });

  it("prefixes table descriptors with their level header", async () => {
    const document = await extractDocument(new Uint8Array(readFileSync(folder + "argumentative-essay-table.pdf")));
    const [thesis] = parseRubric(document);
    expect(thesis?.descriptors[0]).toBe(
      "Exemplary (4): Clear, arguable thesis that takes a precise position and previews the reasons.",
    );
  });
});
