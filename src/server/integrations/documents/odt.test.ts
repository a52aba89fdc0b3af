import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DocumentError, extractDocument, sniffDocumentKind } from "./index.js";

/** An OpenDocument text as LibreOffice lays it out: the stored mimetype first, then the content. */
function odt(body: string, mimetype = "application/vnd.oasis.opendocument.text"): Uint8Array {
  const content =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/"><office:body><office:text>' +
    body +
    "</office:text></office:body></office:document-content>";
  return zipSync({ mimetype: [strToU8(mimetype), { level: 0 }], "content.xml": strToU8(content), "styles.xml": strToU8("<office:document-styles/>") });
}

describe("OpenDocument text (.odt)", () => {
  it("reads headings, paragraphs with their spaces, tabs and line breaks, and list items", async () => {
    const document = await extractDocument(
      odt(
        '<text:h text:outline-level="1">Later Starts</text:h>' +
          '<text:p>Teens need sleep<text:s text:c="2"/>&amp; rest.<text:line-break/>Schools <text:span>agree</text:span>.</text:p>' +
          "<text:list><text:list-item><text:p>First reason</text:p></text:list-item><text:list-item><text:p>Second reason</text:p></text:list-item></text:list>",
      ),
    );
    expect(document).toMatchObject({ kind: "odt", mimeType: "application/vnd.oasis.opendocument.text", tables: [] });
    expect(document.text).toBe("Later Starts\n\nTeens need sleep  & rest.\nSchools agree.\n\n- First reason\n\n- Second reason");
  });

  it("reads a table as rows of cells and as tab-separated lines", async () => {
    const row = (a: string, b: string) => `<table:table-row><table:table-cell><text:p>${a}</text:p></table:table-cell><table:table-cell><text:p>${b}</text:p></table:table-cell></table:table-row>`;
    const document = await extractDocument(odt(`<text:p>Results:</text:p><table:table>${row("Trial", "Time (s)")}${row("1", "2.4")}</table:table>`));
    expect(document.tables).toEqual([[["Trial", "Time (s)"], ["1", "2.4"]]]);
    expect(document.text).toBe("Results:\n\nTrial\tTime (s)\n1\t2.4");
  });

  it("keeps the cells after a merged one under their columns", async () => {
    const cell = (text: string, attributes = "") => `<table:table-cell${attributes}><text:p>${text}</text:p></table:table-cell>`;
    const covered = "<table:covered-table-cell/>";
    const document = await extractDocument(
      odt(
        "<table:table>" +
          `<table:table-row>${cell("Category", ' table:number-rows-spanned="2"')}${cell("Levels", ' table:number-columns-spanned="2"')}${covered}</table:table-row>` +
          `<table:table-row>${covered}${cell("Good (4)")}${cell("Weak (1)")}</table:table-row>` +
          "</table:table>",
      ),
    );
    expect(document.tables).toEqual([[["Category", "Levels", ""], ["", "Good (4)", "Weak (1)"]]]);
  });

  it("leaves out comments, footnotes and text deleted under change tracking: only the writing is graded", async () => {
    const document = await extractDocument(
      odt(
        '<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>Old sentence removed.</text:p></text:deletion></text:changed-region></text:tracked-changes>' +
          '<text:p>Uniforms help.<office:annotation><dc:creator>Teacher</dc:creator><text:p>Cite this.</text:p></office:annotation>' +
          '<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Smith 2020.</text:p></text:note-body></text:note></text:p>',
      ),
    );
    expect(document.text).toBe("Uniforms help.");
  });

  it("is recognised by its content, not a spreadsheet or presentation of the same family", () => {
    expect(sniffDocumentKind(odt("<text:p>Hi</text:p>"))).toBe("odt");
    expect(sniffDocumentKind(odt("<text:p>Hi</text:p>", "application/vnd.oasis.opendocument.spreadsheet"))).toBeUndefined();
  });

  it("calls a document with a declared document type, or content that is not XML, damaged", async () => {
    for (const body of ['<text:p>a</text:p><!DOCTYPE x [<!ENTITY a "aaaa">]>', "<text:p>unclosed"]) {
      const error = await extractDocument(odt(body)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DocumentError);
      expect((error as DocumentError).code).toBe("corrupt");
    }
  });
});
