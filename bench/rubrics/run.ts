/**
 * Rubric import benchmark (issue 20): every fixture document in tests/fixtures/rubrics read end to end (document
 * service, then importRubric) and compared with expected.json: criteria found by name, points right, extra criteria,
 * lines left not understood. Scanned PDFs are read with OCR, as the rubric upload reads them.
 * npm run bench:rubrics [-- --fixtures folder]
 */
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { importRubric } from "../../src/core/rubric/index.js";
import { extractDocument } from "../../src/server/integrations/documents/index.js";
import { createImageTextReader } from "../../src/server/integrations/ocr/image-text-reader.js";
import { option } from "../cli.js";

interface Expected {
  name: string;
  maxPoints: number;
}

const folder = resolve(option("fixtures", "tests/fixtures/rubrics"));
const expected = JSON.parse(readFileSync(resolve(folder, "expected.json"), "utf8")) as Record<string, Expected[]>;
const files = readdirSync(folder).filter((name) => /\.(txt|doc|docx|pdf)$/.test(name)).sort();

const ocr = createImageTextReader();
const rows: string[][] = [];
let criteriaRight = 0;
let pointsRight = 0;
let expectedCount = 0;
let extraCount = 0;
for (const file of files) {
  const want = expected[file] ?? [];
  const document = await extractDocument(new Uint8Array(readFileSync(resolve(folder, file))), { imageReader: ocr, photos: false, ocrTables: true });
  const result = importRubric(document);
  const found = new Map(result.criteria.map((c) => [c.name, c.maxPoints]));
  const names = want.filter((c) => found.has(c.name)).length;
  const points = want.filter((c) => found.get(c.name) === c.maxPoints).length;
  const extra = result.criteria.filter((c) => !want.some((w) => w.name === c.name)).length;
  const notUnderstood = result.skipped.filter((line) => line.reason === "not-understood").length;
  criteriaRight += names;
  pointsRight += points;
  expectedCount += want.length;
  extraCount += extra;
  rows.push([file, `${names}/${want.length}`, `${points}/${want.length}`, String(extra), result.reading, `${Math.round(result.score * 100)}%`, String(notUnderstood), result.pointsAssumed ? "yes" : ""]);
}

await ocr.close();

const header = ["fixture", "criteria", "points", "extra", "reading", "score", "not understood", "points assumed"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
const percent = (n: number) => `${((100 * n) / expectedCount).toFixed(1)}%`;
console.log(`Rubric import benchmark: ${files.length} documents (${[...new Set(files.map((f) => f.split(".").pop()))].join(", ")}) in ${folder}`);
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(line(row));
console.log("");
console.log(`criteria right: ${criteriaRight}/${expectedCount} (${percent(criteriaRight)}); points right: ${pointsRight}/${expectedCount} (${percent(pointsRight)}); extra criteria: ${extraCount}`);
const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
console.log(`  ${pass(criteriaRight / expectedCount >= 0.98)}  criteria right >= 98%: ${percent(criteriaRight)}`);
console.log(`  ${pass(pointsRight / expectedCount >= 0.98)}  points right >= 98%: ${percent(pointsRight)}`);
console.log(`  ${pass(files.length >= 25)}  at least 25 fixture documents: ${files.length}`);
