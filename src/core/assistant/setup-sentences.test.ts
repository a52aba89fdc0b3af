/**
 * What a teacher says in the setup chat, and what must be saved. Each row is a sentence (or a few, for corrections)
 * sent one after another from a starting point, with the values the profile and rubric must hold afterwards.
 * Written from the teacher's side: "grammar versus content" is the grammar share of the grade (spec section 3,
 * GradingSettings.grammarVsContent), so "content counts four times as much as grammar" saves 20.
 */
import { describe, expect, it } from "vitest";
import { nextSetupTurn } from "./conversation";
import { initialSetupChatState, type SetupChatProfile, type SetupChatState } from "./setup-chat-state";
import { preferenceDefaults } from "../setup/grading-defaults";

const welcomed: SetupChatState = { ...initialSetupChatState, profile: { name: "Dana Ruiz", school: "Jefferson High", course: "Biology" } };
const preferencesDone: SetupChatProfile = { ...welcomed.profile, ...preferenceDefaults, latePolicy: { ...preferenceDefaults.latePolicy } };
const askedGrammar: SetupChatState = {
  ...welcomed,
  currentStep: "preferences",
  askedField: "grammarVsContent",
  profile: { ...welcomed.profile, tone: "gentle", strictness: 60, feedbackLength: "short" },
};
const askedRubric: SetupChatState = { ...welcomed, currentStep: "rubric", askedField: "rubric", profile: preferencesDone };

const starts = { fresh: initialSetupChatState, welcomed, askedGrammar, askedRubric } as const;

interface Row {
  say: string[];
  from: keyof typeof starts;
  /** Profile values that must be saved. */
  saves?: SetupChatProfile;
  /** Profile fields that must stay as they were at the start. */
  keeps?: (keyof SetupChatProfile)[];
  /** The whole rubric afterwards, in order: [name, weight or points]. */
  rubric?: [string, number][];
  rubricKind?: "weights" | "points";
  /** Nothing at all is saved: profile, rubric and samples stay as they were. */
  changesNothing?: true;
}

const rows: Row[] = [
  // Grammar versus content, in both orders, in numbers and in words.
  { from: "welcomed", say: ["Grammar is 20% and content 80%."], saves: { grammarVsContent: 20 } },
  { from: "welcomed", say: ["20% grammar, content 80"], saves: { grammarVsContent: 20 } },
  { from: "welcomed", say: ["content 80%, grammar 20%"], saves: { grammarVsContent: 20 } },
  { from: "welcomed", say: ["Content should count four times as much as grammar."], saves: { grammarVsContent: 20 } },
  { from: "welcomed", say: ["grammar should count three times as much as content"], saves: { grammarVsContent: 75 } },
  { from: "welcomed", say: ["Grammar matters half as much as content."], saves: { grammarVsContent: 33 } },
  { from: "welcomed", say: ["I weigh content and grammar equally"], saves: { grammarVsContent: 50 } },
  { from: "welcomed", say: ["70/30 content to grammar"], saves: { grammarVsContent: 30 } },
  { from: "welcomed", say: ["grammar to content 25/75"], saves: { grammarVsContent: 25 } },
  { from: "welcomed", say: ["content 60 grammar 40"], saves: { grammarVsContent: 40 } },
  { from: "welcomed", say: ["I'd weight content at 70 and grammar at 30"], saves: { grammarVsContent: 30 } },
  { from: "welcomed", say: ["Content counts twice as much as grammar."], saves: { grammarVsContent: 33 } },
  { from: "welcomed", say: ["Content is worth 90 percent, so grammar gets what's left."], saves: { grammarVsContent: 10 } },
  { from: "askedGrammar", say: ["maybe a quarter"], saves: { grammarVsContent: 25 } },
  { from: "askedGrammar", say: ["mostly content, grammar about 15%"], saves: { grammarVsContent: 15 } },

  // Corrections replace what they correct and are never read as anything else.
  { from: "welcomed", say: ["grammar 20%", "no, I meant 30%"], saves: { grammarVsContent: 30 } },
  { from: "welcomed", say: ["grammar 30%, content 70%", "actually make that 60/40"], saves: { grammarVsContent: 40 } },
  { from: "welcomed", say: ["I'd say strictness 70", "sorry, I meant 80"], saves: { strictness: 80 } },
  { from: "welcomed", say: ["strictness 60", "no wait, 65"], saves: { strictness: 65 } },
  { from: "welcomed", say: ["Please be gentle.", "Actually, make it direct."], saves: { tone: "direct" } },
  { from: "fresh", say: ["My name is Dana Ruiz", "Sorry, my name is Dana Ortiz"], saves: { name: "Dana Ortiz" } },
  {
    from: "askedRubric",
    say: ["Thesis 30, organisation 40, conventions 30", "not organisation, I said evidence"],
    rubric: [["Thesis", 30], ["Evidence", 40], ["Conventions", 30]],
  },
  {
    from: "askedRubric",
    say: ["thesis 30, evidence 40, mechanics 30", "no, I meant thesis 20 and evidence 50"],
    rubric: [["Thesis", 20], ["Evidence", 50], ["Mechanics", 30]],
  },
  {
    from: "askedRubric",
    say: ["ideas 50, voice 30, mechanics 20", "no I meant 40 for ideas and 30 for mechanics"],
    rubric: [["Ideas", 40], ["Voice", 30], ["Mechanics", 30]],
  },

  // Lists of 3 to 6 criteria keep every item, with or without weights.
  { from: "askedRubric", say: ["thesis, evidence, organisation and conventions"], rubric: [["Thesis", 25], ["Evidence", 25], ["Organisation", 25], ["Conventions", 25]] },
  { from: "askedRubric", say: ["1) ideas 40% 2) voice 30% 3) mechanics 30%"], rubric: [["Ideas", 40], ["Voice", 30], ["Mechanics", 30]], keeps: ["grammarVsContent"] },
  {
    from: "askedRubric",
    say: ["My criteria are thesis 20, evidence 30, analysis 30, organization 10, and mechanics 10."],
    rubric: [["Thesis", 20], ["Evidence", 30], ["Analysis", 30], ["Organization", 10], ["Mechanics", 10]],
  },
  {
    from: "welcomed",
    say: ["Rubric: claim 15%, reasoning 25%, evidence 25%, counterargument 15%, style 10%, conventions 10%"],
    rubric: [["Claim", 15], ["Reasoning", 25], ["Evidence", 25], ["Counterargument", 15], ["Style", 10], ["Conventions", 10]],
    keeps: ["grammarVsContent"],
  },
  { from: "askedRubric", say: ["I grade on ideas, organization and voice"], rubric: [["Ideas", 34], ["Organization", 33], ["Voice", 33]] },
  { from: "askedRubric", say: ["40% thesis, 30% evidence, 30% style"], rubric: [["Thesis", 40], ["Evidence", 30], ["Style", 30]] },
  { from: "askedRubric", say: ["thesis (20 points), evidence (50 points), conventions (30 points)"], rubric: [["Thesis", 20], ["Evidence", 50], ["Conventions", 30]], rubricKind: "points" },
  {
    from: "askedRubric",
    say: ["Evidence 40, analysis 25, organization 20 and grammar and mechanics 15"],
    rubric: [["Evidence", 40], ["Analysis", 25], ["Organization", 20], ["Grammar and mechanics", 15]],
  },
  { from: "askedRubric", say: ["- Thesis\n- Evidence\n- Reasoning"], rubric: [["Thesis", 34], ["Evidence", 33], ["Reasoning", 33]] },
  { from: "askedRubric", say: ["three criteria: voice, ideas, conventions"], rubric: [["Voice", 34], ["Ideas", 33], ["Conventions", 33]] },
  {
    from: "askedRubric",
    say: ["Thesis 25%, Evidence 25%, Analysis 25%, Style 25%", "actually make evidence 35 and style 15"],
    rubric: [["Thesis", 25], ["Evidence", 35], ["Analysis", 25], ["Style", 15]],
  },
  { from: "askedRubric", say: ["What about thesis, evidence and style?"], rubric: [["Thesis", 34], ["Evidence", 33], ["Style", 33]] },

  // Negations.
  { from: "welcomed", say: ["Don't be too strict with them."], saves: { strictness: 35 } },
  { from: "askedGrammar", say: ["I don't care about spelling"], changesNothing: true },
  { from: "welcomed", say: ["No late penalty."], saves: { latePolicy: { type: "none", penaltyPerDay: 10, maxLateDays: 7 } } },
  { from: "welcomed", say: ["Don't lead with strengths."], saves: { strengthsFirst: false } },
  { from: "welcomed", say: ["Not holistic, I grade with points."], saves: { gradingApproach: "points" } },
  { from: "welcomed", say: ["I never want grades auto-accepted."], saves: { autoAcceptThreshold: 100 } },
  { from: "welcomed", say: ["The feedback shouldn't be harsh."], saves: { tone: "gentle" } },

  // A name, school or course only when the sentence says so.
  { from: "fresh", say: ["I teach at Lincoln High"], saves: { school: "Lincoln High" }, keeps: ["name", "course"] },
  { from: "fresh", say: ["My course is AP Lit"], saves: { course: "AP Lit", coursePreset: "english" }, keeps: ["name", "school"] },
  { from: "fresh", say: ["Hi, my name is Dana Ruiz"], saves: { name: "Dana Ruiz" }, keeps: ["school", "course"] },
  { from: "fresh", say: ["I'm reading Lincoln's speeches with my class"], changesNothing: true },
  { from: "welcomed", say: ["The course of the novel is what matters most to me."], changesNothing: true },
  { from: "fresh", say: ["We're following the course of the Civil War this term"], changesNothing: true },
  { from: "fresh", say: ["I'm tired today"], changesNothing: true },
  { from: "welcomed", say: ["I'm at home grading right now"], changesNothing: true },

  // Chatter changes nothing.
  { from: "welcomed", say: ["thanks!"], changesNothing: true },
  { from: "askedGrammar", say: ["hmm let me think"], changesNothing: true },
  { from: "askedRubric", say: ["ok, one sec"], changesNothing: true },
  { from: "askedGrammar", say: ["What does grammar versus content mean?"], changesNothing: true },
  { from: "welcomed", say: ["I have 30 students this year and 3 sections"], changesNothing: true },
  { from: "askedRubric", say: ["lol my students would love that"], changesNothing: true },
];

function run(row: Row): { before: SetupChatState; after: SetupChatState } {
  const before = starts[row.from];
  let state = before;
  for (const message of row.say) state = nextSetupTurn(state, message).state;
  return { before, after: state };
}

describe("setup sentences and what they save", () => {
  it("has at least 40 rows", () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  it.each(rows.map((row) => [row.say.join(" / "), row] as const))("%s", (_, row) => {
    const { before, after } = run(row);
    if (row.changesNothing) {
      expect({ profile: after.profile, rubric: after.rubric, samples: after.samples }).toEqual({ profile: before.profile, rubric: before.rubric, samples: before.samples });
      return;
    }
    if (row.saves) expect(after.profile).toMatchObject(row.saves);
    for (const field of row.keeps ?? []) expect(after.profile[field], field).toEqual(before.profile[field]);
    if (row.rubric) {
      const kind = row.rubricKind ?? "weights";
      expect(after.rubric.kind).toBe(kind);
      expect(after.rubric.criteria.map((criterion) => [criterion.name, kind === "weights" ? criterion.weight : criterion.maxPoints])).toEqual(row.rubric);
    } else {
      expect(after.rubric).toEqual(before.rubric);
    }
    // Whatever a row does not mention stays as it was.
    const touched = new Set([...Object.keys(row.saves ?? {}), ...(row.saves?.course ? ["coursePreset"] : [])]);
    for (const [field, value] of Object.entries(before.profile)) {
      if (!touched.has(field)) expect(after.profile[field as keyof SetupChatProfile], field).toEqual(value);
    }
  });
});
