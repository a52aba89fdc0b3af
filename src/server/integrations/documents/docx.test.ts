import { describe, expect, it } from "vitest";
import { htmlToContent } from "./docx.js";

const table = (...rows: string[]) => `<table>${rows.map((row) => `<tr>${row}</tr>`).join("")}</table>`;

describe("htmlToContent: merged table cells", () => {
  it("leaves the columns a header merged over the levels covers blank, so the levels below stay in place", () => {
    const html = table(
      '<td rowspan="2"><p>Criteria</p></td><td colspan="2"><p>Performance Levels</p></td>',
      "<td><p>Excellent (5)</p></td><td><p>Weak (1)</p></td>",
      "<td><p>Plot</p></td><td><p>Clear.</p></td><td><p>None.</p></td>",
    );
    expect(htmlToContent(html).tables).toEqual([
      [
        ["Criteria", "Performance Levels", ""],
        ["", "Excellent (5)", "Weak (1)"],
        ["Plot", "Clear.", "None."],
      ],
    ]);
  });

  it("leaves the rows a category merged over its criteria covers blank in its column", () => {
    const html = table(
      "<td><p>Category</p></td><td><p>Criterion</p></td><td><p>Excellent (10)</p></td>",
      '<td rowspan="2"><p>Content</p></td><td><p>Thesis</p></td><td><p>Focused.</p></td>',
      "<td><p>Evidence</p></td><td><p>Five sources.</p></td>",
      '<td><p>Form</p></td><td><p>Citations</p></td><td><p>Flawless.</p></td>',
    );
    const { tables, text } = htmlToContent(html);
    expect(tables[0]?.slice(1)).toEqual([
      ["Content", "Thesis", "Focused."],
      ["", "Evidence", "Five sources."],
      ["Form", "Citations", "Flawless."],
    ]);
    expect(text.split("\n")[2]).toBe("\tEvidence\tFive sources.");
  });

  it("keeps a row whose last cells are covered from above as wide as the others", () => {
    const html = table('<td><p>Name</p></td><td rowspan="2"><p>Notes</p></td>', "<td><p>Thesis</p></td>");
    expect(htmlToContent(html).tables).toEqual([[["Name", "Notes"], ["Thesis", ""]]]);
  });
});
