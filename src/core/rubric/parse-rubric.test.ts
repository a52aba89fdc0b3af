import { describe, expect, it } from "vitest";
import { parseRubric, type ParsedCriterion } from "./parse-rubric.js";

const summary = (criteria: ParsedCriterion[]) => criteria.map((c) => [c.name, c.maxPoints, c.descriptors.length] as const);
const fromText = (text: string) => parseRubric({ text, tables: [] });
const fromTable = (...tables: string[][][]) => parseRubric({ text: "", tables });

describe("parseRubric: tables with criteria as rows and levels as columns", () => {
  it.each([
    ["level names with points in brackets", ["Criteria", "Exemplary (4)", "Proficient (3)", "Developing (2)"], 4],
    ["points only", ["", "4 pts", "3 pts", "2 pts", "1 pt"], 4],
    ["ranges after the level name", ["Criterion", "Proficient 3-4", "Developing 2", "Beginning 0-1"], 4],
    ["letter grades with ranges", ["Category", "A (18-20)", "B (16-17)", "C (14–15)"], 20],
    ["numbers before the level name", ["Trait", "5 – Mastery", "4 – Advanced", "3 – Proficient"], 5],
    ["decimal points", ["Skill", "Strong (2.5)", "Partial (1.5)", "Missing (0)"], 2.5],
  ])("takes the highest level's points from %s", (_, header, max) => {
    const row = ["Thesis", ...header.slice(1).map((_, i) => `Descriptor ${i + 1}.`)];
    expect(summary(fromTable([header, row]))).toEqual([["Thesis", max, header.length - 1]]);
  });

  it("prefixes each descriptor with its level header", () => {
    const [criterion] = fromTable([
      ["Criteria", "Exemplary (4)", "Proficient (3)"],
      ["Thesis", "Clear, arguable thesis.", "Clear thesis."],
    ]);
    expect(criterion?.descriptors).toEqual(["Exemplary (4): Clear, arguable thesis.", "Proficient (3): Clear thesis."]);
  });

  it("uses a Points column for each row's maximum", () => {
    const table = [
      ["Criterion", "Points", "Exceeds", "Meets", "Not yet"],
      ["Position", "20", "a", "b", "c"],
      ["Evidence", "30 pts", "a", "b", "c"],
    ];
    expect(summary(fromTable(table))).toEqual([
      ["Position", 20, 3],
      ["Evidence", 30, 3],
    ]);
  });

  it("uses a Weight column given in percent", () => {
    const table = [
      ["Criteria", "Weight", "4", "3", "2", "1"],
      ["Analysis", "35%", "a", "b", "c", "d"],
      ["Mechanics", "15%", "a", "b", "c", "d"],
    ];
    expect(summary(fromTable(table))).toEqual([
      ["Analysis", 35, 4],
      ["Mechanics", 15, 4],
    ]);
  });

  it("skips totals rows, empty rows, title rows and fill-in score columns", () => {
    const table = [
      ["Persuasive Speech Rubric"],
      ["Criteria", "Excellent (10)", "Good (7)", "Fair (4)", "Score"],
      ["Voice", "Loud and clear.", "Mostly clear.", "Hard to hear.", ""],
      ["", "", "", "", ""],
      ["Total", "", "", "", "/20"],
      ["Eye contact", "Constant.", "Frequent.", "Rare.", ""],
    ];
    expect(summary(fromTable(table))).toEqual([
      ["Voice", 10, 3],
      ["Eye contact", 10, 3],
    ]);
  });

  it("reads a header split over two rows (level names above, points below)", () => {
    const table = [
      ["Criteria", "Exemplary", "Proficient", "Developing"],
      ["", "4", "3", "1-2"],
      ["Thesis", "a", "b", "c"],
    ];
    const [criterion] = fromTable(table);
    expect(criterion).toEqual({ name: "Thesis", maxPoints: 4, descriptors: ["Exemplary (4): a", "Proficient (3): b", "Developing (1-2): c"] });
  });

  it("takes the level names, not the heading merged over them, from a two-row header", () => {
    const table = [
      ["Criteria", "Performance Levels", "", ""],
      ["", "Excellent (5)", "Good (4)", "Weak (1)"],
      ["Plot", "a", "b", "c"],
      ["Dialogue", "a", "b", "c"],
    ];
    const criteria = fromTable(table);
    expect(summary(criteria)).toEqual([
      ["Plot", 5, 3],
      ["Dialogue", 5, 3],
    ]);
    expect(criteria[0]?.descriptors[0]).toBe("Excellent (5): a");
  });

  it("names criteria from the Criterion column, not the Category merged over them", () => {
    const table = [
      ["Category", "Criterion", "Excellent (10)", "Satisfactory (7)"],
      ["Content", "Thesis", "Focused.", "Present."],
      ["", "Evidence", "Five sources.", "Three sources."],
    ];
    expect(fromTable(table)).toEqual([
      { name: "Thesis", maxPoints: 10, descriptors: ["Excellent (10): Focused.", "Satisfactory (7): Present."] },
      { name: "Evidence", maxPoints: 10, descriptors: ["Excellent (10): Five sources.", "Satisfactory (7): Three sources."] },
    ]);
  });

  it("reads a single-point rubric whose criteria cells end in their points, under headers that explain themselves", () => {
    const table = [
      ["Concerns (areas that need work)", "Criteria (standards for this performance)", "Advanced (evidence of exceeding standards)"],
      ["", "Content: Information is accurate and covers the key facts. (10 points)", ""],
      ["", "Visuals: Images are labelled and support the text. (5 points)", ""],
    ];
    expect(fromTable(table)).toEqual([
      { name: "Content", maxPoints: 10, descriptors: ["Information is accurate and covers the key facts."] },
      { name: "Visuals", maxPoints: 5, descriptors: ["Images are labelled and support the text."] },
    ]);
  });

  it("reads percent grade bands in level headers as level names, not as 100 points a criterion", () => {
    const table = [
      ["Criteria", "A (90-100%)", "B (80-89%)", "C (70-79%)"],
      ["Summary", "Concise.", "Minor gaps.", "Vague."],
    ];
    expect(summary(fromTable(table))).toEqual([["Summary", 3, 3]]);
  });

  it("writes a level header with a line break in its cell on one line before each descriptor", () => {
    const [criterion] = fromTable([
      ["Criteria", "Exemplary\n(4 pts)", "Proficient\n(3 pts)"],
      ["Memorization", "No prompts.", "One prompt."],
    ]);
    expect(criterion?.descriptors).toEqual(["Exemplary (4 pts): No prompts.", "Proficient (3 pts): One prompt."]);
  });

  it("keeps a row named with words that mark instructions elsewhere when it has levels and points", () => {
    const table = [
      ["Criteria", "Excellent (5)", "Poor (1)"],
      ["Assignment Requirements", "All parts completed.", "Few parts completed."],
      ["Submitted on time", "On the due date.", "Late."],
      ["Each part is worth the same", "", ""],
    ];
    expect(summary(fromTable(table))).toEqual([
      ["Assignment Requirements", 5, 2],
      ["Submitted on time", 5, 2],
    ]);
  });

  it("continues a table split over two pages with the header of the first part", () => {
    const first = [
      ["Criteria", "Exemplary (4)", "Proficient (3)"],
      ["Thesis", "a", "b"],
    ];
    const second = [["Evidence", "c", "d"]];
    expect(summary(fromTable(first, second))).toEqual([
      ["Thesis", 4, 2],
      ["Evidence", 4, 2],
    ]);
  });

  it("takes points written in the criterion cell", () => {
    const table = [
      ["Criteria", "Excellent", "Satisfactory", "Needs work"],
      ["Thesis (20 pts)", "a", "b", "c"],
      ["Evidence – 30 points", "a", "b", "c"],
    ];
    expect(summary(fromTable(table))).toEqual([
      ["Thesis", 20, 3],
      ["Evidence", 30, 3],
    ]);
  });

  it("takes points written inside the level cells when the header has none", () => {
    const table = [
      ["Criteria", "Excellent", "Good", "Poor"],
      ["Thesis", "18-20: Clear claim.", "12-17: Vague claim.", "0-11: No claim."],
    ];
    expect(summary(fromTable(table))).toEqual([["Thesis", 20, 3]]);
  });

  it("reads a list laid out as a table (name, description, points)", () => {
    const table = [
      ["Thesis", "States a clear claim.", "20 pts"],
      ["Evidence", "Uses three sources.", "25"],
      ["Total", "", "45"],
    ];
    expect(summary(fromTable(table))).toEqual([
      ["Thesis", 20, 1],
      ["Evidence", 25, 1],
    ]);
  });

  it("reads tab-separated lines in plain text as a table", () => {
    const text = "Criteria\tExcellent (5)\tGood (3)\nClarity\tVery clear.\tMostly clear.\nAccuracy\tNo errors.\tFew errors.";
    expect(summary(fromText(text))).toEqual([
      ["Clarity", 5, 2],
      ["Accuracy", 5, 2],
    ]);
  });

  it("falls back to the text when the tables hold no criteria", () => {
    const criteria = parseRubric({ text: "Thesis - 20 pts: Clear claim.", tables: [[["Name:", "Date:"], ["", ""]]] });
    expect(summary(criteria)).toEqual([["Thesis", 20, 1]]);
  });
});

describe("parseRubric: headed sections", () => {
  it.each([
    ["points in brackets", "Thesis (20 points)"],
    ["an em dash and pts", "Thesis — 20 pts"],
    ["an en dash", "Thesis – 20 points"],
    ["a colon and numbering", "1. Thesis: 20 points"],
    ["marks", "Thesis (20 marks)"],
    ["a slash", "Thesis /20"],
    ["out of", "Thesis (out of 20)"],
    ["a bracketed number alone", "Thesis (20)"],
  ])("reads a heading with %s followed by level lines", (_, heading) => {
    const text = `${heading}\nExcellent: A precise, arguable claim.\nGood: A clear claim.\nNeeds Improvement: No clear claim.`;
    expect(summary(fromText(text))).toEqual([["Thesis", 20, 3]]);
  });

  it("keeps level lines with point ranges as descriptors", () => {
    const text = [
      "History Essay Rubric",
      "",
      "1. Evidence: 25 points",
      "- 21-25: Specific, accurate evidence from four documents.",
      "- 15-20: Accurate evidence from two or three documents.",
      "- 0-14: Little or no evidence.",
      "2. Organization: 15 points",
      "- 13-15: Logical order with clear transitions.",
      "- 0-12: Hard to follow.",
    ].join("\n");
    expect(fromText(text)).toEqual([
      {
        name: "Evidence",
        maxPoints: 25,
        descriptors: [
          "21-25: Specific, accurate evidence from four documents.",
          "15-20: Accurate evidence from two or three documents.",
          "0-14: Little or no evidence.",
        ],
      },
      { name: "Organization", maxPoints: 15, descriptors: ["13-15: Logical order with clear transitions.", "0-12: Hard to follow."] },
    ]);
  });

  it("does not take a level with points for a new criterion", () => {
    const text = "Thesis (20 points)\nExcellent (18-20): Precise claim.\nGood (14-17): Clear claim.\nOrganization (20 points)\nExcellent (18-20): Logical.";
    expect(summary(fromText(text))).toEqual([
      ["Thesis", 20, 2],
      ["Organization", 20, 1],
    ]);
  });

  it("takes the highest level's points when the heading has none", () => {
    const text = "Design\nExcellent (18-20): Controlled variables.\nGood (12-17): Some controls.\nMethod\n- 4 pts: Repeatable steps.\n- 2 pts: Vague steps.";
    expect(summary(fromText(text))).toEqual([
      ["Design", 20, 2],
      ["Method", 4, 2],
    ]);
  });

  it("keeps a prose description under a heading", () => {
    expect(fromText("Voice (10 pts)\nThe writing sounds like the author.")).toEqual([
      { name: "Voice", maxPoints: 10, descriptors: ["The writing sounds like the author."] },
    ]);
  });
});

describe("parseRubric: plain lists", () => {
  it("leaves no stray number of the next numbered heading among the levels of the one before", () => {
    const text = "1. Organization (10 points)\nThe notebook has dated entries.\n2. Data Recording (15 points)\nRaw data is in ink.\n3. Reflection (5 points)";
    expect(fromText(text)).toEqual([
      { name: "Organization", maxPoints: 10, descriptors: ["The notebook has dated entries."] },
      { name: "Data Recording", maxPoints: 15, descriptors: ["Raw data is in ink."] },
      { name: "Reflection", maxPoints: 5, descriptors: [] },
    ]);
  });

  it("reads Spanish points (puntos, punto) and takes them out of the names", () => {
    const text = "Profesor: Javier Ruiz\nContenido (4 puntos): La información es correcta.\nMaterial de apoyo (1 punto): Usa imágenes.\nPuntuación total: 5 puntos";
    expect(summary(fromText(text))).toEqual([
      ["Contenido", 4, 1],
      ["Material de apoyo", 1, 1],
    ]);
  });

  it.each([
    ["a hyphen before the points", "Evidence - 25 pts: Uses at least three relevant quotes"],
    ["an en dash", "Evidence – 25 pts – Uses at least three relevant quotes"],
    ["an em dash", "Evidence — 25 points — Uses at least three relevant quotes"],
    ["a double hyphen", "Evidence -- 25 points -- Uses at least three relevant quotes"],
    ["points in brackets", "Evidence (25 pts): Uses at least three relevant quotes"],
    ["a bullet", "• Evidence: 25 points - Uses at least three relevant quotes"],
    ["points at the end", "Evidence: Uses at least three relevant quotes (25 pts)"],
    ["points at the end after a dash", "Evidence – Uses at least three relevant quotes – 25 points"],
  ])("reads one criterion per line with %s", (_, line) => {
    expect(fromText(line)).toEqual([{ name: "Evidence", maxPoints: 25, descriptors: ["Uses at least three relevant quotes"] }]);
  });

  it("reads decimals and marks", () => {
    expect(summary(fromText("Visual aids: 2.5 marks\nDelivery – 1,5 marks – Pace and volume"))).toEqual([
      ["Visual aids", 2.5, 0],
      ["Delivery", 1.5, 1],
    ]);
  });

  it("ignores titles, instructions, totals and blank lines", () => {
    const text = [
      "Narrative Writing Rubric (100 points)",
      "Due Friday. This assignment is worth 100 points.",
      "",
      "Plot - 60 pts: Clear beginning, middle and end.",
      "",
      "Voice - 40 pts: The narrator sounds real.",
      "Total: 100 points",
      "Total Points = 100",
      "Grand total 100",
      "Please staple this sheet to your essay.",
    ].join("\n");
    expect(summary(fromText(text))).toEqual([
      ["Plot", 60, 1],
      ["Voice", 40, 1],
    ]);
  });

  it("adds bullets under a list item as its descriptors", () => {
    const text = "Evidence - 25 pts: Uses quotes\n  - Quotes are introduced\n  - Quotes are explained";
    expect(fromText(text)[0]?.descriptors).toEqual(["Uses quotes", "Quotes are introduced", "Quotes are explained"]);
  });
});

describe("parseRubric: nothing to find", () => {
  it.each([
    ["an empty document", ""],
    ["prose that mentions points", "Each criterion is worth 20 points.\nYou can earn up to 5 bonus points for neat work."],
    ["only a totals line", "Total: 100 points"],
    ["numbers followed by words that merely start like a unit", "Supplies - 20 markers and 4 pointers for the display"],
  ])("returns [] for %s", (_, text) => {
    expect(fromText(text)).toEqual([]);
  });
});
