import { describe, expect, it } from "vitest";
import { nextSetupTurn, type SetupChatTurn } from "./conversation";
import { initialSetupChatState, type SetupChatState } from "./setup-chat-state";
import { preferenceFields, type ProfileField } from "./types";

/** Sends messages one after another, carrying the state the way the browser does. */
function converse(messages: string[], start: SetupChatState = initialSetupChatState): SetupChatTurn[] {
  const turns: SetupChatTurn[] = [];
  let state = start;
  for (const message of messages) {
    const turn = nextSetupTurn(state, message);
    turns.push(turn);
    state = turn.state;
  }
  return turns;
}

const last = (turns: SetupChatTurn[]) => turns[turns.length - 1]!;

const essay =
  "The Civil War began in 1861 after decades of conflict over slavery, states' rights and westward expansion. " +
  "The election of Lincoln convinced southern states that their way of life was threatened, and South Carolina seceded first. " +
  "Historians still debate how much economics mattered compared with ideology, but the moral question of slavery was central.";
const gradedSample = `${essay}\nScore: 8/10\nFeedback: Strong thesis; the analysis of causes could go deeper.`;

const welcomeAndPreferences = [
  "Dana Ruiz",
  "Jefferson High",
  "Chemistry",
  "Gentle",
  "70",
  "Detailed",
  "Grammar 20%",
  "Holistic",
  "5 points per day, up to 3 days",
  "Yes, strengths first",
  "Above 90",
];

describe("the setup conversation's order", () => {
  it("asks welcome, then the 8 preferences one at a time, then the rubric, then a sample", () => {
    const turns = converse([...welcomeAndPreferences, "Thesis 20, Evidence 40, Analysis 25, Mechanics 15", gradedSample]);
    const asked = [nextSetupTurn(initialSetupChatState, "").askedField, ...turns.map((turn) => turn.askedField)];
    expect(asked).toEqual(["name", "school", "course", ...preferenceFields, "rubric", "sample", undefined]);
    expect(turns.map((turn) => turn.nextStep)).toEqual([
      "welcome", "welcome", ...Array(8).fill("preferences"), "rubric", "samples", "complete",
    ]);
  });

  it("skips questions that an earlier message already answered", () => {
    const [turn] = converse(["My name is Dana Ruiz, I teach 10th grade English at Jefferson High. I'm pretty strict, maybe 80, and please be direct."]);
    expect(turn!.checklist.welcomeDone).toBe(true);
    expect(turn!.askedField).toBe("feedbackLength");
    expect(turn!.checklist.preferencesSet).toBe(2);
  });

  it("says the teacher is all set when everything is there, and the checklist is ready", () => {
    const turn = last(converse([...welcomeAndPreferences, "Thesis 20, Evidence 40, Analysis 25, Mechanics 15", gradedSample]));
    expect(turn.reply).toMatch(/all set/i);
    expect(turn.nextStep).toBe("complete");
    expect(turn.quickActions).toEqual([]);
    expect(turn.checklist).toEqual({ welcomeDone: true, preferencesSet: 8, criteriaCount: 4, sampleCount: 1, readyToGrade: true });
  });

  it("does not say all set before the profile is complete", () => {
    for (const turn of converse([...welcomeAndPreferences, "Thesis 20, Evidence 40, Analysis 25, Mechanics 15"])) {
      expect(turn.reply).not.toMatch(/all set|ready to get started|good to go/i);
    }
  });
});

describe("quick actions", () => {
  const cases: [ProfileField, string[]][] = [
    ["tone", ["Gentle", "Neutral", "Direct"]],
    ["feedbackLength", ["Short", "Standard", "Detailed"]],
    ["gradingApproach", ["Holistic", "Points"]],
    ["latePolicy", ["Percentage per day", "Points per day", "No penalty"]],
    ["strengthsFirst", ["Yes, strengths first", "No, get straight to it"]],
    ["autoAcceptThreshold", ["Above 80", "Above 90", "Never auto-accept"]],
  ];
  it.each(cases)("offers the choices for %s", (field, actions) => {
    const turns = converse(welcomeAndPreferences);
    const turn = [nextSetupTurn(initialSetupChatState, ""), ...turns].find((candidate) => candidate.askedField === field)!;
    expect(turn.quickActions).toEqual(actions);
  });

  it("each quick action, sent back, answers its question", () => {
    const base = converse(["Dana Ruiz", "Jefferson High", "Chemistry"]);
    for (const [field, actions] of cases) {
      for (const action of actions) {
        const state = { ...last(base).state, askedField: field };
        const turn = nextSetupTurn(state, action);
        expect(turn.extractedData, `${field}: ${action}`).toHaveProperty(field);
      }
    }
  });

  it("offers the matching course preset's rubric, and takes it", () => {
    const turns = converse(["Dana Ruiz", "Jefferson High", "I teach APUSH", "yes", "yes", "Short", "Grammar 20%", "Points", "No penalty", "yes", "Above 85"]);
    const rubricTurn = last(turns);
    expect(rubricTurn.askedField).toBe("rubric");
    expect(rubricTurn.quickActions).toEqual(["Use the AP U.S. History weights", "I'll type my own"]);
    expect(rubricTurn.reply).toContain("Evidence 40%, Analysis 25%, Organization 20% and Mechanics 15%");
    const taken = nextSetupTurn(rubricTurn.state, "Use the AP U.S. History weights");
    expect(taken.state.rubric).toMatchObject({ kind: "weights", template: "4-part-historical" });
    expect(taken.state.rubric.criteria.map((criterion) => [criterion.name, criterion.maxPoints])).toEqual([["Evidence", 40], ["Analysis", 25], ["Organization", 20], ["Mechanics", 15]]);
    expect(taken.askedField).toBe("sample");
    // The template is named as a teacher would read it, never by its stored id.
    for (const turn of [...turns, taken]) expect(turn.reply).not.toMatch(/4-part-historical/);
    expect(`${turns[2]!.reply} ${taken.reply}`).toMatch(/4-part historical/);
  });

  it("without a matching preset offers both presets' rubrics", () => {
    const turn = last(converse(welcomeAndPreferences));
    expect(turn.quickActions).toEqual(["Use the AP U.S. History weights", "Use the English weights"]);
  });
});

describe("course presets in the conversation", () => {
  it('offers the apush preset for "I teach APUSH" and takes its tone and strictness on "yes"', () => {
    const turns = converse(["Dana Ruiz", "Jefferson High", "I teach APUSH", "yes", "yes"]);
    expect(turns[2]!.reply).toContain("AP U.S. History");
    expect(turns[2]!.state.profile.coursePreset).toBe("apush");
    expect(turns[3]!.state.profile.tone).toBe("direct");
    expect(turns[4]!.state.profile.strictness).toBe(80);
  });

  it("a different answer overrides the preset's suggestion", () => {
    const turns = converse(["Dana Ruiz", "Jefferson High", "I teach APUSH", "yes, but make it gentle"]);
    expect(last(turns).state.profile.tone).toBe("gentle");
  });
});

describe("the checklist", () => {
  it("counts preferences as they are set, out of 8", () => {
    const turns = converse(welcomeAndPreferences);
    expect(turns.map((turn) => turn.checklist.preferencesSet)).toEqual([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(turns.map((turn) => turn.checklist.welcomeDone)).toEqual([false, false, true, true, true, true, true, true, true, true, true]);
  });

  it("counts criteria, but a rubric whose weights do not make 100 is not ready", () => {
    const turns = converse([...welcomeAndPreferences, "Thesis 20%, Evidence 40%, Analysis 25%, Mechanics 5%"]);
    const turn = last(turns);
    expect(turn.checklist.criteriaCount).toBe(4);
    expect(turn.askedField).toBe("rubric");
    expect(turn.reply).toContain("Weights add up to 90%; they must add up to exactly 100%.");
    const fixed = nextSetupTurn(turn.state, "Mechanics 15%");
    expect(fixed.checklist.criteriaCount).toBe(4);
    expect(fixed.askedField).toBe("sample");
  });

  it("builds a rubric from criteria given one at a time", () => {
    const turns = converse([...welcomeAndPreferences, "evidence 40%", "analysis 35%", "organization 25%"]);
    expect(turns.slice(-3).map((turn) => turn.checklist.criteriaCount)).toEqual([1, 2, 3]);
    expect(last(turns).askedField).toBe("sample");
  });

  it("is not ready to grade without a sample", () => {
    const turn = last(converse([...welcomeAndPreferences, "Thesis 20, Evidence 40, Analysis 25, Mechanics 15"]));
    expect(turn.checklist).toEqual({ welcomeDone: true, preferencesSet: 8, criteriaCount: 4, sampleCount: 0, readyToGrade: false });
  });
});

describe("replies", () => {
  it("vary with what was understood", () => {
    const gentle = nextSetupTurn({ ...initialSetupChatState, askedField: "tone" }, "Gentle").reply;
    const direct = nextSetupTurn({ ...initialSetupChatState, askedField: "tone" }, "Direct").reply;
    const forgiving = nextSetupTurn({ ...initialSetupChatState, askedField: "strictness" }, "25").reply;
    const demanding = nextSetupTurn({ ...initialSetupChatState, askedField: "strictness" }, "90").reply;
    expect(gentle).not.toEqual(direct);
    expect(forgiving).toContain("forgiving");
    expect(demanding).toContain("demanding");
  });

  it("never show placeholders", () => {
    const turns = converse(["hi", ...welcomeAndPreferences, "what does that mean?", "Thesis 20, Evidence 40, Analysis 25, Mechanics 15", "thanks!", gradedSample, "ok"]);
    for (const turn of turns) expect(turn.reply).not.toMatch(/undefined|null|NaN|\$\{|\[object/);
  });

  it("explain a field when asked, and ask again", () => {
    const turn = nextSetupTurn({ ...initialSetupChatState, askedField: "strictness" }, "what does strictness mean?");
    expect(turn.extractedData).toEqual({});
    expect(turn.reply).toContain("Strictness (0-100) is how demanding the grader is");
    expect(turn.askedField).toBe("name");
  });

  it("report an invalid value and ask for it again", () => {
    const turns = converse(["Dana Ruiz", "Jefferson High", "Chemistry", "Gentle", "strictness 150"]);
    expect(last(turns).reply).toContain("Strictness must be from 0 to 100");
    expect(last(turns).askedField).toBe("strictness");
    expect(last(turns).problems).toEqual(["Strictness must be from 0 to 100"]);
  });

  it("note a change from an earlier answer", () => {
    const turns = converse([...welcomeAndPreferences.slice(0, 5), "actually make my strictness 75"]);
    expect(last(turns).reply).toContain("changed from 70");
    expect(last(turns).state.profile.strictness).toBe(75);
  });

  it('read a bare number only as the field just asked for', () => {
    const turns = converse(["Dana Ruiz", "80"]);
    expect(last(turns).state.profile).toEqual({ name: "Dana Ruiz" });
    const asked = converse(["Dana Ruiz", "Jefferson High", "Chemistry", "Gentle", "80"]);
    expect(last(asked).state.profile.strictness).toBe(80);
  });

  it('take the default when the teacher says "you pick"', () => {
    const turns = converse(["Dana Ruiz", "Jefferson High", "Chemistry", "Gentle", "70", "you pick"]);
    expect(last(turns).state.profile.feedbackLength).toBe("standard");
  });
});

describe("graded samples in the conversation", () => {
  it("keeps the score on the rubric's scale", () => {
    const turn = last(converse([...welcomeAndPreferences, "Thesis 20, Evidence 40, Analysis 25, Mechanics 15", gradedSample]));
    expect(turn.state.samples).toEqual([{ content: essay, score: 80, outOf: 100, feedback: "Strong thesis; the analysis of causes could go deeper." }]);
    expect(turn.reply).toContain("8/10");
  });

  it("refuses the same sample twice", () => {
    const turns = converse([...welcomeAndPreferences, "Thesis 20, Evidence 40, Analysis 25, Mechanics 15", gradedSample, gradedSample]);
    expect(last(turns).checklist.sampleCount).toBe(1);
    expect(last(turns).reply).toContain("I already have that sample");
  });

  it("refuses a score above a points rubric's total", () => {
    const turns = converse([...welcomeAndPreferences, "Claim 4 points, Evidence 8 points, Reasoning 8 points", `${essay}\nI gave this 85. Clear argument and good evidence.`]);
    expect(last(turns).checklist.sampleCount).toBe(0);
    expect(last(turns).reply).toContain("more than the rubric's total of 20");
  });
});

describe("profile text", () => {
  it("lists every item, marking what is not set yet", () => {
    const turn = nextSetupTurn(initialSetupChatState, "My name is Dana Ruiz");
    const lines = turn.profileText.split("\n");
    expect(lines[0]).toBe("Name: Dana Ruiz");
    expect(lines).toContain("Tone: not set yet");
    expect(lines).toHaveLength(13);
  });

  it("reads back the whole profile", () => {
    const turn = last(converse([...welcomeAndPreferences, "Thesis 20, Evidence 40, Analysis 25, Mechanics 15", gradedSample]));
    expect(turn.profileText).toBe(
      [
        "Name: Dana Ruiz",
        "School: Jefferson High",
        "Course: Chemistry",
        "Tone: gentle",
        "Strictness: 70/100",
        "Feedback length: detailed",
        "Grammar vs content: 20% grammar, 80% content",
        "Grading approach: holistic",
        "Late policy: 5 points off per day, up to 3 days",
        "Strengths first: yes",
        "Auto-accept threshold: above 90% confidence",
        "Rubric: Thesis 20%, Evidence 40%, Analysis 25%, Mechanics 15% (total 100%)",
        "Graded samples: 80/100",
      ].join("\n"),
    );
  });
});

describe("welcome answers", () => {
  it("reads a grading preference given for the name, school or course as that preference, and asks the question again", () => {
    const [name, school, course] = converse(["strictness eighty five", "Dana Ruiz", "I'm a fairly lenient grader", "Jefferson High", "medium length"]).filter((_, index) => index % 2 === 0);
    expect(name!.extractedData).toEqual({ strictness: 85 });
    expect(name!.reply).not.toMatch(/Nice to meet you|Strictness!/);
    expect(name!.askedField).toBe("name");
    expect(school!.extractedData).toEqual({ strictness: 30 });
    expect(school!.askedField).toBe("school");
    expect(course!.extractedData).toEqual({ feedbackLength: "standard" });
    expect(course!.askedField).toBe("course");
    expect(course!.state.profile).toMatchObject({ name: "Dana Ruiz", school: "Jefferson High" });
    expect(course!.state.profile.course).toBeUndefined();
  });

  it("takes a name-like answer as the name, titled or lower-case", () => {
    expect(nextSetupTurn(initialSetupChatState, "Mr. Short").state.profile.name).toBe("Mr. Short");
    expect(nextSetupTurn(initialSetupChatState, "dana ruiz").state.profile.name).toBe("Dana Ruiz");
    expect(nextSetupTurn(initialSetupChatState, "eighty five").state.profile.name).toBeUndefined();
  });
});

describe("a message in another language", () => {
  // The words of these messages an English dictionary knows ("soy", "la", "y", "en" and "Cervantes" are in it too).
  const english = new Set("soy la y en cervantes i teach english at jefferson high dana ruiz the to".split(" "));
  const reader = { spellChecker: { correct: (word: string) => english.has(word.toLowerCase()) } };
  const spanish = "Hola, soy la profesora García y enseño español en el Instituto Cervantes.";

  it("says the built-in assistant understands English and what a configured AI provider adds", () => {
    const turn = nextSetupTurn(initialSetupChatState, spanish, undefined, reader);
    expect(turn.reply).toMatch(/built-in assistant and I understand English only/);
    expect(turn.reply).toMatch(/AI_PROVIDER and AI_MODEL/);
    expect(turn.reply).not.toMatch(/didn't catch/);
    expect(turn.askedField).toBe("name");
  });

  it("asks for English without naming the provider when a model read the message", () => {
    const turn = nextSetupTurn(initialSetupChatState, spanish, { facts: {}, problems: [], confidence: {} }, { ...reader, hasModel: true });
    expect(turn.reply).toMatch(/another language.*try it in English/);
    expect(turn.reply).not.toMatch(/AI_PROVIDER/);
  });

  it("answers English it could not use as before", () => {
    const welcomed = { ...initialSetupChatState, askedField: "tone" as const, profile: { name: "Dana Ruiz", school: "Jefferson High", course: "English" } };
    const turn = nextSetupTurn(welcomed, "I teach English at Jefferson High", undefined, reader);
    expect(turn.reply).toMatch(/didn't catch a tone|couldn't find a tone/);
    expect(turn.reply).not.toMatch(/English only/);
  });
});

describe("an answer to another question", () => {
  const welcomed = { ...initialSetupChatState, profile: { name: "Dana Ruiz", school: "Jefferson High", course: "Chemistry" } };

  it("is read as what it answers, and the question asked is asked again", () => {
    const turn = nextSetupTurn({ ...welcomed, askedField: "latePolicy" }, "no I don't want to start with strengths, get to the point");
    expect(turn.extractedData).toEqual({ strengthsFirst: false });
    expect(turn.state.profile.latePolicy).toBeUndefined();
  });

  it("both holistic and points: asks which, and stores neither", () => {
    const turn = nextSetupTurn({ ...welcomed, askedField: "gradingApproach", profile: { ...welcomed.profile, tone: "gentle", strictness: 60, feedbackLength: "short", grammarVsContent: 20 } }, "both holistic and points");
    expect(turn.reply).toMatch(/which one should I use\? .*Holistic or points/);
    expect(turn.state.profile.gradingApproach).toBeUndefined();
    expect(turn.askedField).toBe("gradingApproach");
  });
});

describe("numbers out of range", () => {
  it("refuses an auto-accept threshold in words above 100 with the API's rule, stores nothing and asks again", () => {
    const turns = converse([...welcomeAndPreferences.slice(0, -1), "auto accept above one hundred and fifty"]);
    expect(last(turns).reply).toMatch(/^Auto-accept threshold must be from 0 to 100\. /);
    expect(last(turns).reply).not.toMatch(/Nothing will be accepted automatically/);
    expect(last(turns).state.profile.autoAcceptThreshold).toBeUndefined();
    expect(last(turns).askedField).toBe("autoAcceptThreshold");
  });
});
