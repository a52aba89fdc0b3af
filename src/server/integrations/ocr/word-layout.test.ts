import { describe, expect, it } from "vitest";
import { findGrid, layoutFromWords, type GreyPage, type OcrWord } from "./word-layout";

/** A white page with black rules: rows at `ys` from x 10 to 290, columns at `xs` from the first row rule to the last. */
function ruledPage(ys: number[], xs: number[]): GreyPage {
  const width = 300;
  const height = 200;
  const data = new Uint8Array(width * height).fill(255);
  for (const y of ys) for (let x = 10; x <= 290; x++) data[y * width + x] = 0;
  for (const x of xs) for (let y = ys[0]!; y <= ys.at(-1)!; y++) data[y * width + x] = 0;
  return { data, width, height };
}

const word = (text: string, x0: number, y0: number): OcrWord => ({ text, x0, y0, x1: x0 + 6 * text.length, y1: y0 + 10 });

describe("layoutFromWords", () => {
  const page = ruledPage([20, 50, 110], [10, 100, 200, 290]);

  it("puts each word in the ruled cell that holds its centre, a cell's lines apart, and the rows in the text", () => {
    const lines = [
      [word("Essay", 10, 2), word("Rubric", 50, 2)],
      [word("Criteria", 15, 30), word("|", 98, 30), word("Good", 105, 30), word("(2)", 140, 30), word("|Poor", 205, 30), word("(1)", 240, 30)],
      [word("Thesis", 15, 60), word("Clear", 105, 60), word("Vague.", 205, 60)],
      [word("claim.", 105, 80)],
      [word("Page", 10, 150), word("1", 40, 150)],
    ];
    expect(layoutFromWords(page, lines)).toEqual({
      text: "Essay Rubric\n\nCriteria\tGood (2)\tPoor (1)\nThesis\tClear claim.\tVague.\n\nPage 1",
      tables: [
        [
          ["Criteria", "Good (2)", "Poor (1)"],
          ["Thesis", "Clear\nclaim.", "Vague."],
        ],
      ],
    });
  });

  it("finds no table without column rules, or with fewer than three columns, and leaves the text to tesseract", () => {
    const lines = [[word("Thesis", 15, 60), word("Clear", 105, 60)]];
    expect(findGrid(ruledPage([20, 50, 110], []))).toBeUndefined();
    expect(layoutFromWords(ruledPage([20, 50, 110], [10, 150, 290]), lines)).toBeUndefined();
    expect(layoutFromWords(ruledPage([20, 110], [10, 100, 200, 290]), lines)).toBeUndefined();
  });

  it("reads a rule broken by the scan as one line", () => {
    const broken = ruledPage([20, 50, 110], [10, 100, 200, 290]);
    for (const x of [60, 61, 150]) broken.data[50 * broken.width + x] = 255;
    expect(findGrid(broken)).toEqual({ rows: [20, 50, 110], columns: [10, 100, 200, 290] });
  });
});
