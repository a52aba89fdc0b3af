import { describe, expect, it } from "vitest";
import { importRubric } from "./import-rubric.js";

const fromText = (text: string) => importRubric({ text, tables: [] });
const summary = (text: string) => fromText(text).criteria.map((c) => [c.name, c.maxPoints, c.descriptors.length] as const);

describe("importRubric: the failures teachers met", () => {
  it("keeps a criterion whose name is longer than eight words", () => {
    const text = "Uses evidence from at least two of the assigned readings to support the claim (10 points)\nClarity of writing (5 points)";
    expect(summary(text)).toEqual([
      ["Uses evidence from at least two of the assigned readings to support the claim", 10, 0],
      ["Clarity of writing", 5, 0],
    ]);
  });

  it("reads a headed list with a pasted summary table below it from the list, the table's rows understood", () => {
    const text = [
      "Argument Essay Rubric",
      "Thesis (20 points)",
      "Excellent (18-20): A precise, arguable claim.",
      "Weak (0-10): No clear claim.",
      "Evidence (30 points)",
      "Excellent (27-30): Three well-chosen sources.",
      "Weak (0-15): Little evidence.",
      "Style (10 points)",
      "Excellent (9-10): Varied, precise sentences.",
      "",
      "Summary",
      "Thesis\t20",
      "Evidence\t30",
      "Style\t10",
    ].join("\n");
    const result = fromText(text);
    expect(result.criteria.map((c) => [c.name, c.maxPoints, c.descriptors.length])).toEqual([
      ["Thesis", 20, 2],
      ["Evidence", 30, 2],
      ["Style", 10, 1],
    ]);
    expect(result.skipped.filter((line) => line.reason === "not-understood").map((line) => line.text)).toEqual(["Summary"]);
  });

  it("reads checklist sections headed '(total: N points)' with their items as descriptors", () => {
    const text = [
      "Lab Checklist",
      "Concept (total: 5 points)",
      "Item\tPoints possible\tPoints earned",
      "States the research question\t2\t",
      "Names the variables\t3\t",
      "Method (total: 10 points)",
      "Item\tPoints possible\tPoints earned",
      "Lists materials\t4\t",
      "Steps can be repeated\t6\t",
      "Total: 15 points",
    ].join("\n");
    expect(summary(text)).toEqual([
      ["Concept", 5, 2],
      ["Method", 10, 2],
    ]);
    expect(fromText(text).criteria[0]?.descriptors).toEqual(["States the research question — 2", "Names the variables — 3"]);
  });

  it("lists, rather than imports, a name longer than a stored criterion's 200 characters", () => {
    const long = `Demonstrates ${"a very careful and thorough ".repeat(7)}reading`;
    expect(long.length).toBeGreaterThan(200);
    const result = fromText(`${long} (10 points)\nClarity of writing (5 points)`);
    expect(result.criteria.map((c) => c.name)).toEqual(["Clarity of writing"]);
    expect(result.skipped.map((line) => line.lineNumber)).toContain(1);
  });

  it("joins a heading that wraps onto a second line and keeps brackets inside a name", () => {
    const text = [
      "Introduction and research question (15%)",
      "Results (including statistics exercises and",
      "their interpretation) (20%)",
      "Discussion (of limitations) (25%)",
    ].join("\n");
    expect(summary(text)).toEqual([
      ["Introduction and research question", 15, 0],
      ["Results (including statistics exercises and their interpretation)", 20, 0],
      ["Discussion (of limitations)", 25, 0],
    ]);
  });

  it("reads a bare number or range after a criterion's colon as its points, but not the document's details", () => {
    expect(fromText("Essay Rubric\nThesis: 0-10\nEvidence: 0-10\nOrganization: 5").criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Thesis", 10],
      ["Evidence", 10],
      ["Organization", 5],
    ]);
    const headed = fromText("Grade: 10\nPeriod: 3\nThesis (20 points)\nEvidence (20 points)");
    expect(headed.criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Thesis", 20],
      ["Evidence", 20],
    ]);
    // An assignment's details are no criteria, and a document that states its points says them all.
    const detailed = fromText("Essay Rubric\nWord Count: 500\nPages: 2\nThesis (10 points)\nEvidence (10 points)");
    expect(detailed.criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Thesis", 10],
      ["Evidence", 10],
    ]);
    // One such line alone is not enough to call it points.
    expect(fromText("Essay Rubric\nThesis: 10").pointsAssumed).toBe(true);
  });

  it("reads points written as words, as the setup chat does, and leaves number words in names alone", () => {
    const text = "Claim (twenty points): states a clear position\nEvidence (thirty-five points): quotes and explains sources\nThree Reasons (twenty five points): each reason developed\nConventions (twenty points): few errors";
    expect(summary(text).map(([name, points]) => [name, points])).toEqual([
      ["Claim", 20],
      ["Evidence", 35],
      ["Three Reasons", 25],
      ["Conventions", 20],
    ]);
  });

  it("takes the top of a level's point range", () => {
    const text = "Content (40 points)\nExcellent: 36-40 Thorough.\nGood: 30-35 Adequate.\nMechanics\n9-10: No errors.\n8-8.9: Few errors.";
    expect(summary(text)).toEqual([
      ["Content", 40, 2],
      ["Mechanics", 10, 2],
    ]);
  });
});

describe("importRubric: holistic tables of levels", () => {
  const levels = [
    ["6", "The essay is insightful and well developed, with a clear thesis and strong support."],
    ["5", "The essay is well developed, with a clear thesis and adequate support."],
    ["4", "The essay is adequate, with a thesis and some support, though uneven."],
    ["3", "The essay is limited, with a weak thesis and thin support."],
  ];
  const typed = (header: string[], rows: string[][], separator: string) => ["Holistic Writing Rubric", "", ...[header, ...rows].map((row) => row.join(separator))].join("\n");

  it("reads a table typed with bars as one criterion, not one named by its header row", () => {
    expect(summary(typed(["Score", "Criteria"], levels, " | "))).toEqual([["Writing", 6, 4]]);
    const markdown = ["| Score | Description |", "|---|:---|", ...levels.map((row) => `| ${row.join(" | ")} |`)].join("\n");
    expect(summary(markdown)).toEqual([["Overall", 6, 4]]);
  });

  it("takes a descriptions' column headed 'Criteria' and scores on the right, ranged, as the levels of one criterion", () => {
    expect(summary(typed(["Points", "Criteria"], levels, "\t"))).toEqual([["Writing", 6, 4]]);
    const ranged = levels.map(([score, text]) => [text!, `${Number(score) * 2 - 1}-${Number(score) * 2}`]);
    expect(summary(typed(["Description", "Score"], ranged, "\t"))).toEqual([["Writing", 12, 4]]);
    const rows = [["Score", "Criteria"], ...levels];
    expect(importRubric({ text: typed(["Score", "Criteria"], levels, "\t"), tables: [rows] }).criteria.map((c) => c.name)).toEqual(["Writing"]);
  });

  it("still reads a typed list of criteria with their points as criteria", () => {
    expect(summary(["Criterion | Points", "Thesis | 10", "Evidence | 20", "Organization | 10"].join("\n"))).toEqual([
      ["Thesis", 10, 0],
      ["Evidence", 20, 0],
      ["Organization", 10, 0],
    ]);
  });
});

describe("importRubric: rubrics without points", () => {
  it("imports named levels, each criterion worth its number of levels, and says the points were assumed", () => {
    const text = [
      "Ideas",
      "Exemplary: Original, well-developed ideas.",
      "Proficient: Clear ideas.",
      "Developing: Some ideas are unclear.",
      "Beginning: Ideas are missing.",
      "Organization",
      "Exemplary: Logical throughout.",
      "Proficient: Mostly logical.",
      "Developing: Hard to follow.",
      "Beginning: No order.",
    ].join("\n");
    const result = fromText(text);
    expect(result.pointsAssumed).toBe(true);
    expect(result.criteria.map((c) => [c.name, c.maxPoints, c.descriptors.length])).toEqual([
      ["Ideas", 4, 4],
      ["Organization", 4, 4],
    ]);
  });

  it("imports a list of criteria with descriptions and a table with levels but no points", () => {
    expect(summary("Summary: Tell what happens.\nCharacters: Describe the main character.\nTheme: Explain a message.")).toEqual([
      ["Summary", 4, 1],
      ["Characters", 4, 1],
      ["Theme", 4, 1],
    ]);
    expect(summary("Criteria\tExcellent\tGood\tFair\nThesis\tClear.\tVague.\tMissing.")).toEqual([["Thesis", 3, 3]]);
  });

  it("imports a single-point rubric from its criteria column", () => {
    const table = [
      ["Concerns", "Criteria", "Advanced"],
      ["", "Thesis: The essay states a clear, arguable claim.", ""],
      ["", "Evidence: Each reason is supported by a quotation.", ""],
    ];
    const result = importRubric({ text: table.map((row) => row.join("\t")).join("\n"), tables: [table] });
    expect(result.criteria).toEqual([
      { name: "Thesis", maxPoints: 4, descriptors: ["The essay states a clear, arguable claim."] },
      { name: "Evidence", maxPoints: 4, descriptors: ["Each reason is supported by a quotation."] },
    ]);
  });

  it("still refuses prose: nothing is invented from instructions", () => {
    const result = fromText("Each criterion is worth 20 points.\nYou can earn up to 5 bonus points for neat work.");
    expect(result.criteria).toEqual([]);
    expect(result.skipped.map((line) => line.lineNumber)).toEqual([1, 2]);
  });
});

describe("importRubric: nothing dropped unlisted", () => {
  it("lists every line it did not use with its number and why, and scores the reading", () => {
    const text = ["Essay Rubric", "", "Thesis - 20 pts: A clear claim.", "Bring a pen.", "zzz qqq", "Evidence - 30 pts: Three sources.", "Total: 50 points"].join("\n");
    const result = fromText(text);
    expect(result.criteria.map((c) => c.name)).toEqual(["Thesis", "Evidence"]);
    expect(result.skipped).toEqual([
      { lineNumber: 1, text: "Essay Rubric", reason: "title" },
      { lineNumber: 4, text: "Bring a pen.", reason: "not-understood" },
      { lineNumber: 5, text: "zzz qqq", reason: "not-understood" },
      { lineNumber: 7, text: "Total: 50 points", reason: "total" },
    ]);
    expect(result.score).toBeCloseTo(2 / 4);
  });

  it("lists a criterion without points in a rubric that has them", () => {
    const text = "Thesis (20 points)\nExcellent (18-20): Clear.\nStyle\nExcellent: Varied sentences.\nGood: Some variety.\nEvidence (30 points)";
    const result = fromText(text);
    expect(result.criteria.map((c) => c.name)).toEqual(["Thesis", "Evidence"]);
    expect(result.skipped.some((line) => line.text === "Style")).toBe(true);
  });
});

describe("importRubric: weights are applied or reported, never dropped", () => {
  const table = (weights: string[]) => {
    const rows = [
      ["Criterion", "Exemplary (4)", "Proficient (3)", "Developing (2)", "Weight"],
      ["Thesis", "a", "b", "c", weights[0]!],
      ["Evidence", "a", "b", "c", weights[1]!],
    ];
    return importRubric({ text: rows.map((row) => row.join("\t")).join("\n"), tables: [rows] });
  };

  it("multiplies a criterion's points by a Weight column and says so", () => {
    const result = table(["x2", "3"]);
    expect(result.criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Thesis", 8],
      ["Evidence", 12],
    ]);
    expect(result.notices).toEqual(['Thesis: 4 points × 2 (weight "x2") = 8 points.', 'Evidence: 4 points × 3 (weight "3") = 12 points.']);
  });

  it("keeps the points of a weight it cannot read as a multiplier, and says the weight was not applied", () => {
    const result = table(["0.25", "×2"]);
    expect(result.criteria.map((c) => c.maxPoints)).toEqual([4, 8]);
    expect(result.notices[0]).toBe('Thesis: the weight "0.25" was not applied; the criterion keeps 4 points. Change them if the weight should count.');
  });

  it("reads weights in percent as the points, as before, and says so", () => {
    const result = table(["60%", "40%"]);
    expect(result.criteria.map((c) => c.maxPoints)).toEqual([60, 40]);
    expect(result.notices[0]).toBe('Thesis: its weight "60%" was read as its points (60).');
  });

  it("applies a weight written in a criterion's name, heading or own line", () => {
    const text = ["Essay Rubric", "", "Thesis (10 points) x2", "Evidence ×3 - 10 pts", "Style (5 points)", "Weighting: 2", "Voice (5 points) (Weight: 20%)"].join("\n");
    const result = fromText(text);
    expect(result.criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Thesis", 20],
      ["Evidence", 30],
      ["Style", 10],
      ["Voice", 5],
    ]);
    expect(result.notices).toHaveLength(4);
    expect(result.notices[3]).toContain('the weight "Weight: 20%" was not applied');
    expect(result.skipped).toEqual([{ lineNumber: 1, text: "Essay Rubric", reason: "title" }]);
  });

  it("takes no weight from a description", () => {
    const result = fromText("Practice log (10 points): practised 3x a week, twice weighted x2 by the coach\nPosture (5 points)");
    expect(result.criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Practice log", 10],
      ["Posture", 5],
    ]);
    expect(result.notices).toEqual([]);
  });

  it("applies a weight in a table's name cell", () => {
    const rows = [
      ["Criteria", "Excellent (5)", "Fair (3)"],
      ["Thesis (x2)", "a", "b"],
      ["Evidence", "a", "b"],
    ];
    expect(importRubric({ text: "", tables: [rows] }).criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Thesis", 10],
      ["Evidence", 5],
    ]);
  });

  it("does not multiply points it assumed", () => {
    const result = fromText("Book report\n\nSummary: Tell what happens.\nCharacters: Describe them. (x2)\nTheme: Name it.");
    expect(result.pointsAssumed).toBe(true);
    expect(result.notices.every((notice) => notice.includes("was not applied"))).toBe(true);
  });
});

describe("importRubric: a table with one criterion, its levels as rows", () => {
  const levels = [
    ["Score", "Description"],
    ["4", "Insightful, fully developed, nearly free of errors."],
    ["3", "Adequately developed, some errors."],
    ["2", "Limited development."],
    ["1", "Little or no development."],
  ];
  const read = (before: string[], table = levels) =>
    importRubric({ text: [...before, ...table.map((row) => row.join("\t"))].join("\n"), tables: [table] });

  it("is named by the heading above the table, not by its Description header", () => {
    const result = read(["Personal Narrative – Holistic Rubric", "", "Overall Writing Quality"]);
    expect(result.criteria.map((c) => [c.name, c.maxPoints, c.descriptors.length])).toEqual([["Overall Writing Quality", 4, 4]]);
    expect(result.skipped).toEqual([{ lineNumber: 1, text: "Personal Narrative – Holistic Rubric", reason: "title" }]);
  });

  it("is named by a caption row inside the table", () => {
    const result = read(["Timed Writing Rubric"], [["Organization", ""], ...levels]);
    expect(result.criteria.map((c) => [c.name, c.maxPoints])).toEqual([["Organization", 4]]);
  });

  it("is named by the title's subject, else Overall", () => {
    expect(read(["Personal Narrative – Holistic Rubric"]).criteria[0]?.name).toBe("Personal Narrative");
    expect(read(["Holistic Scoring Guide"]).criteria[0]?.name).toBe("Overall");
  });

  it("takes the subject out of a title that wraps it in words about the rubric, and keeps Overall for a course's name", () => {
    const named = (title: string) => read([title]).criteria[0]?.name;
    expect(named("Holistic Writing Rubric")).toBe("Writing");
    expect(named("Lab Report Holistic Scale")).toBe("Lab Report");
    expect(named("Rubric for the Persuasive Essay")).toBe("Persuasive Essay");
    expect(named("Grade 9 Argument Writing Rubric")).toBe("Argument Writing");
    expect(named("Argumentative Essay Rubric – Grade 9")).toBe("Argumentative Essay");
    for (const title of ["English 10 Rubric", "Holistic Rubric – Grade 9", "Ms Park's Rubric", "Rubric"]) expect(named(title)).toBe("Overall");
  });

  it("reads a Points column of levels as one criterion's scale, not as a criterion per level", () => {
    for (const header of [["Points", "Description"], ["Points", "What it looks like"]]) {
      const result = read(["Argument Essay – Holistic Rubric"], [header, ...levels.slice(1)]);
      expect(result.criteria.map((c) => [c.name, c.maxPoints, c.descriptors.length])).toEqual([["Argument Essay", 4, 4]]);
    }
  });

  it("leaves out a column blank below its header, a Comments column to fill in, rather than reading it as a criterion", () => {
    const withComments = levels.map((row, index) => [...row, index === 0 ? "Comments" : ""]);
    const result = read(["Argument Essay – Holistic Rubric"], withComments);
    expect(result.criteria.map((c) => [c.name, c.maxPoints, c.descriptors.length])).toEqual([["Argument Essay", 4, 4]]);
    expect(result.skipped.filter((line) => line.reason !== "title")).toEqual([]);
  });

  it("reads a table of levels without a header row, or with a blank score header", () => {
    for (const table of [levels.slice(1), [["", "Description"], ...levels.slice(1)], [["", "Criteria"], ...levels.slice(1)]]) {
      const result = read(["Argument Essay – Holistic Rubric"], table);
      expect(result.criteria.map((c) => [c.name, c.maxPoints, c.descriptors[0]])).toEqual([["Argument Essay", 4, "4: Insightful, fully developed, nearly free of errors."]]);
    }
  });

  it("takes a level's name from its score cell: '4 – Exemplary' is Exemplary, worth 4", () => {
    const names = ["4 – Exemplary", "3 - Proficient", "2 — Developing", "1 - Beginning"];
    const named = levels.slice(1).map(([, description], index) => [names[index]!, description!]);
    for (const table of [[["Score", "Criteria"], ...named], named]) {
      const [criterion] = read(["Argument Essay – Holistic Rubric"], table).criteria;
      expect(criterion?.maxPoints).toBe(4);
      expect(criterion?.descriptors).toEqual([
        "Exemplary (4): Insightful, fully developed, nearly free of errors.",
        "Proficient (3): Adequately developed, some errors.",
        "Developing (2): Limited development.",
        "Beginning (1): Little or no development.",
      ]);
    }
  });

  it("still reads a Criterion | Points list whose points step down as criteria", () => {
    const list = [["Criterion", "Points"], ["Thesis", "4"], ["Evidence and support", "3"], ["Organization", "2"], ["Conventions", "1"]];
    expect(read(["Essay Rubric"], list).criteria.map((c) => [c.name, c.maxPoints])).toEqual([
      ["Thesis", 4],
      ["Evidence and support", 3],
      ["Organization", 2],
      ["Conventions", 1],
    ]);
  });
});

describe("importRubric: documents that are not rubrics", () => {
  const essay = [
    "Maria Lopez",
    "Mr. Chen",
    "English 10",
    "12 March 2025",
    "The Power of Small Choices in To Kill a Mockingbird",
    "In Harper Lee's novel, the small choices characters make reveal who they are. Atticus chooses to defend Tom Robinson even though he knows he will lose.",
    "Evidence: Atticus tells Scout that courage is knowing you're licked before you begin (Lee 128). This shows that courage is not about winning.",
    "Organization of the town's response also matters. The town is divided, and 3 of the 12 jurors hesitate.",
    "In conclusion, the novel argues that small choices add up to a moral life. Scout learns this by watching her father every day.",
  ].join("\n\n");

  it("refuses an essay rather than reading its class and date as a criterion worth 12", () => {
    const result = fromText(essay);
    expect(result.criteria).toEqual([]);
    expect(result.notARubric).toBe(true);
    expect(result.skipped.map((line) => line.text)).toContain("English 10");
  });
});
