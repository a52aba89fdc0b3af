import { XMLParser, XMLValidator } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deckToCsv } from "./csv.js";
import { quizToMoodleXml } from "./moodle-xml.js";
import { quizToPaper } from "./paper.js";
import { quizToQti } from "./qti.js";
import { trickyDeck, trickyItems, trickyTitle } from "./test-quiz.js";

const quiz = { title: trickyTitle, items: trickyItems };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", textNodeName: "#text", parseTagValue: false, trimValues: false, isArray: (name) => ["item", "response_label", "varequal", "question", "answer", "li", "respcondition"].includes(name) });
/** The text an HTML fragment shows: tags dropped, entities decoded. */
const decodeHtml = (html: string) => html.replace(/<br>/g, "\n").replace(/<[^>]+>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

describe("quizToQti", () => {
  const files = unzipSync(quizToQti(quiz));
  const manifestXml = strFromU8(files["imsmanifest.xml"]!);
  const manifest = parser.parse(manifestXml);
  const href: string = manifest.manifest.resources.resource.file["@href"];
  const assessmentXml = strFromU8(files[href]!);
  const assessment = parser.parse(assessmentXml).questestinterop.assessment;
  const items = assessment.section.item as Array<Record<string, any>>;

  it("packs a well-formed manifest pointing at the QTI 1.2 assessment it holds", () => {
    expect(Object.keys(files).sort()).toEqual(["imsmanifest.xml", href].sort());
    expect(XMLValidator.validate(manifestXml)).toBe(true);
    expect(XMLValidator.validate(assessmentXml)).toBe(true);
    expect(manifest.manifest.resources.resource["@type"]).toBe("imsqti_xmlv1p2");
    expect(parser.parse(assessmentXml).questestinterop["@xmlns"]).toBe("http://www.imsglobal.org/xsd/ims_qtiasiv1p2");
    expect(assessment["@title"]).toBe(trickyTitle);
  });

  it("holds every item with Canvas's question type and its metadata", () => {
    expect(items).toHaveLength(trickyItems.length);
    const typeOf = (item: Record<string, any>) => item.itemmetadata.qtimetadata.qtimetadatafield.find((f: any) => f.fieldlabel === "question_type").fieldentry;
    expect(items.map(typeOf)).toEqual(["multiple_choice_question", "short_answer_question", "short_answer_question"]);
    // The shape QTI 1.2's schema asks of an item: unique idents, metadata, a presentation and its processing.
    expect(new Set(items.map((item) => item["@ident"])).size).toBe(items.length);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(["@ident", "@title", "itemmetadata", "presentation", "resprocessing"]));
      expect(item.presentation.material.mattext["@texttype"]).toBe("text/html");
      expect(item.resprocessing.outcomes.decvar["@varname"]).toBe("SCORE");
    }
  });

  it("marks the correct option, and only it, with the full score", () => {
    const [choice] = items;
    const labels = choice!.presentation.response_lid.render_choice.response_label as Array<Record<string, any>>;
    expect(labels.map((l) => decodeHtml(l.material.mattext["#text"]))).toEqual(trickyItems[0]!.kind === "multiple-choice" ? trickyItems[0]!.options : []);
    const scoring = (choice!.resprocessing.respcondition as Array<Record<string, any>>).find((r) => r.setvar);
    expect(scoring!.conditionvar.varequal.map((v: any) => v["#text"])).toEqual([labels[1]!["@ident"]]);
    expect(scoring!.setvar["#text"]).toBe("100");
  });

  it("accepts the key's answers for a cloze and a sentence to fix, special characters and line breaks intact", () => {
    const accepted = (item: Record<string, any>) => (item.resprocessing.respcondition as Array<Record<string, any>>).find((r) => r.setvar)!.conditionvar.varequal.map((v: any) => v["#text"]);
    expect(accepted(items[1]!)).toEqual(["carbon dioxide", "CO2", "CO*2"]);
    expect(accepted(items[2]!)).toEqual(['I received the "award"\non Monday.']);
    expect(decodeHtml(items[0]!.presentation.material.mattext["#text"])).toBe(`Which is true when x < 5 & y > 2? Say "yes" or 'no'.`);
    expect(decodeHtml(items[0]!.itemfeedback.flow_mat.material.mattext["#text"])).toBe("Because <b> is a tag & not bold here.");
  });

  it("gives the same bytes for the same quiz", () => {
    expect(quizToQti(quiz)).toEqual(quizToQti({ ...quiz }));
  });
});

describe("quizToMoodleXml", () => {
  const xml = quizToMoodleXml(quiz);
  const questions = parser.parse(xml).quiz.question as Array<Record<string, any>>;

  it("is well-formed Moodle XML with a category and one question per item", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(questions.map((q) => q["@type"])).toEqual(["category", "multichoice", "shortanswer", "shortanswer"]);
    expect(questions[0]!.category.text).toBe(`$course$/top/Unit 3 - "Cells" & <Energy>`);
  });

  it("gives the correct option 100 and the others 0", () => {
    const answers = questions[1]!.answer as Array<Record<string, any>>;
    expect(answers.map((a) => a["@fraction"])).toEqual(["0", "100", "0", "0"]);
    expect(decodeHtml(answers[1]!.text)).toBe("<b>bold</b>");
    expect(questions[1]!.single).toBe("true");
  });

  it("accepts the key's answers as short answers, a real asterisk escaped", () => {
    expect((questions[2]!.answer as Array<Record<string, any>>).map((a) => [a["@fraction"], a.text])).toEqual([["100", "carbon dioxide"], ["100", "CO2"], ["100", "CO\\*2"]]);
    expect(questions[3]!.answer[0].text).toBe('I received the "award"\non Monday.');
    expect(decodeHtml(questions[3]!.questiontext.text)).toContain('i recieved the "award"\non monday.');
  });
});

describe("quizToPaper", () => {
  const html = quizToPaper(quiz);
  /** The page as XML (void elements closed), to check its structure with the XML parser. */
  const asXml = html.replace("<!doctype html>", "").replace('<meta charset="utf-8">', "").replace(/<br>/g, "<br/>");

  it("escapes everything from the quiz", () => {
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).toContain("<title>Unit 3 / &quot;Cells&quot; &amp; &lt;Energy&gt;</title>");
    expect(XMLValidator.validate(asXml)).toBe(true);
  });

  it("lists every question, then an answer key with the right answers", () => {
    const doc = parser.parse(asXml);
    const questions = doc.html.body.ol.li as unknown[];
    expect(questions).toHaveLength(trickyItems.length);
    const key = doc.html.body.section.ol.li as unknown[];
    expect(key).toHaveLength(trickyItems.length);
    expect(html).toMatch(/<h2>Answer key<\/h2>\s*<ol>\s*<li>B\. &lt;b&gt;bold&lt;\/b&gt;/);
    expect(html).toContain("<li>carbon dioxide (also accepted: CO2; CO*2)</li>");
  });
});

/** A minimal RFC 4180 reader, as Anki reads a quoted file. */
function readDelimited(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === separator) {
      endField();
    } else if (!quoted && c === "\n") {
      endField();
      rows.push(row);
      row = [];
    } else {
      field += c;
    }
  }
  return rows;
}

describe("deckToCsv", () => {
  it.each([",", "\t"] as const)("gives two columns per card that read back exactly (separator %j)", (separator) => {
    const text = deckToCsv(trickyDeck, { separator });
    expect(readDelimited(text, separator)).toEqual(trickyDeck.map((c) => [c.front, c.back]));
  });

  it("quotes only what needs it", () => {
    expect(deckToCsv([{ front: "a", back: "b, c" }], { separator: "," })).toBe('a,"b, c"\n');
    expect(deckToCsv([{ front: "a", back: "b, c" }], { separator: "\t" })).toBe("a\tb, c\n");
  });
});
