import { describe, expect, it } from "vitest";
import { answerIntent, findAssignments, type AssistantAssignment, type AssistantData } from "./answers";
import { recognizeIntent } from "./intents";

const assignments: AssistantAssignment[] = [
  { id: "a1", title: "Civil War essay", dueDate: "2025-03-05", status: "active", sampleCount: 2, autogradingEnabled: true },
  // 03:59 UTC on Mar 4 is still Mar 3 in New York.
  { id: "a2", title: "Civil Rights DBQ", dueDate: "2025-03-04T03:59:00.000Z", status: "draft", sampleCount: 0, autogradingEnabled: false },
  { id: "a3", title: "Reconstruction reflection", dueDate: "2025-03-20", status: "active", sampleCount: 1, autogradingEnabled: true },
  { id: "a4", title: "Old persuasive essay", dueDate: "2025-03-04", status: "archived", sampleCount: 1, autogradingEnabled: true },
  { id: "a5", title: "Poetry analysis", dueDate: null, status: "active", sampleCount: 3, autogradingEnabled: false },
];

/** Monday Mar 3, 2025, 10:00 in New York. */
const data: AssistantData = { now: new Date("2025-03-03T15:00:00Z"), timeZone: "America/New_York", assignments, profile: { strictness: 50, tone: "neutral", calibrated: false } };
const empty: AssistantData = { ...data, assignments: [] };
const ask = (message: string, given: AssistantData = data) => answerIntent(recognizeIntent(message), given);

describe("what is due", () => {
  it("lists this week's assignments in the teacher's time zone, dates like Mar 5", () => {
    expect(ask("what is due this week?").message).toBe("Due this week (Mar 3 to Mar 9):\n\u2022 Civil Rights DBQ: Mar 3 (today), still a draft\n\u2022 Civil War essay: Mar 5");
  });

  it("uses UTC without a time zone, where the DBQ falls on Mar 4", () => {
    expect(ask("what's due today", { ...data, timeZone: undefined }).message).toBe("Nothing is due today (Mar 3). The next one is Civil Rights DBQ, due Mar 4.");
  });

  it("falls back to UTC for an unknown time zone", () => {
    expect(ask("what's due today", { ...data, timeZone: "Mars/Olympus" }).message).toBe(ask("what's due today", { ...data, timeZone: undefined }).message);
  });

  it("never lists archived assignments", () => {
    expect(ask("what's due this week").message).not.toContain("Old persuasive essay");
  });

  it("says honestly that nothing is due, and names the next one", () => {
    const later: AssistantData = { ...data, now: new Date("2025-03-10T15:00:00Z") };
    expect(ask("what is due this week?", later).message).toBe("Nothing is due this week (Mar 10 to Mar 16). The next one is Reconstruction reflection, due Mar 20.");
  });

  it("names the next assignment due", () => {
    expect(ask("what's due next?", { ...data, now: new Date("2025-03-06T15:00:00Z") }).message).toBe("Next up, due Mar 20 (in 14 days): Reconstruction reflection.");
  });

  it("has nothing to list without assignments", () => {
    expect(ask("what is due this week?", empty).message).toBe("You don't have any assignments yet. Create one on the [New Assignment](/assignments/new) page.");
  });
});

describe("sample counts", () => {
  it("answers for the assignment named", () => {
    expect(ask("how many samples does the Civil War essay have").message).toBe("\u201cCivil War essay\u201d has 2 graded samples.");
  });

  it("suggests adding samples when there are none", () => {
    expect(ask("how many samples for Civil Rights DBQ?").message).toBe(
      "\u201cCivil Rights DBQ\u201d has 0 graded samples. Add 1-2 graded samples in step 3 (Sample Work) of the assignment wizard to calibrate it.",
    );
  });

  it("says when no assignment matches, naming the real ones", () => {
    expect(ask("how many samples does the Gatsby essay have").message).toBe(
      "I couldn't find an assignment matching \u201cGatsby essay\u201d. Your assignments include \u201cCivil War essay\u201d, \u201cCivil Rights DBQ\u201d, \u201cReconstruction reflection\u201d, \u201cOld persuasive essay\u201d and \u201cPoetry analysis\u201d.",
    );
  });

  it("counts every assignment's samples when none is named", () => {
    expect(ask("how many samples do I have").message).toContain("Civil War essay (2 samples); Civil Rights DBQ (0 samples)");
  });
});

describe("settings", () => {
  it("sets strictness through an action", () => {
    expect(ask("set my strictness to 70")).toEqual({
      message: "Your default strictness is now 70 (it was 50). New assignments start from your profile's defaults; existing assignments keep their own settings.",
      action: { type: "setStrictness", value: 70 },
    });
  });

  it("refuses strictness outside 0-100 without an action", () => {
    expect(ask("set my strictness to 150")).toEqual({ message: "Strictness must be from 0 to 100. Try, for example, \u201cset my strictness to 70\u201d." });
  });

  it("does nothing when the value is already set", () => {
    expect(ask("set my strictness to 50")).toEqual({ message: "Your strictness is already 50." });
  });

  it("sets the tone through an action", () => {
    expect(ask("set my tone to gentle").action).toEqual({ type: "setTone", value: "gentle" });
  });

  it("cannot change settings without a profile", () => {
    const answer = ask("set my strictness to 70", { ...data, profile: null });
    expect(answer.action).toBeUndefined();
    expect(answer.message).toContain("/setup-wizard");
  });
});

describe("navigation and lists", () => {
  it("opens an assignment by a title fragment", () => {
    expect(ask("open the assignment Civil Rights DBQ")).toEqual({ message: "Opening \u201cCivil Rights DBQ\u201d.", action: { type: "navigate", to: "/assignments/a2" } });
    expect(ask("open the civil war one").action).toEqual({ type: "navigate", to: "/assignments/a1" });
  });

  it("asks which one when several match", () => {
    const answer = ask("open essay");
    expect(answer.action).toBeUndefined();
    expect(answer.message).toBe("Several assignments match \u201cessay\u201d: \u201cCivil War essay\u201d and \u201cOld persuasive essay\u201d. Which one should I open?");
  });

  it("lists assignments with status, due date and samples", () => {
    expect(ask("show my assignments").message).toBe(
      [
        "You have 5 assignments:",
        "\u2022 Civil War essay: active, due Mar 5, 2 samples, auto-grading on",
        "\u2022 Civil Rights DBQ: draft, due Mar 3, 0 samples",
        "\u2022 Reconstruction reflection: active, due Mar 20, 1 sample, auto-grading on",
        "\u2022 Old persuasive essay: archived, due Mar 4, 1 sample, auto-grading on",
        "\u2022 Poetry analysis: active, no due date, 3 samples",
      ].join("\n"),
    );
  });

  it.each(["show my assignments", "open Civil War", "how many samples does the Civil War essay have"])("%j with no assignments says so", (message) => {
    expect(ask(message, empty).message).toMatch(/don't have any assignments yet/);
    expect(ask(message, empty).action).toBeUndefined();
  });

  it("matches titles by their words", () => {
    expect(findAssignments("rights dbq", assignments).map((assignment) => assignment.id)).toEqual(["a2"]);
    expect(findAssignments("", assignments)).toEqual([]);
  });
});

describe("help texts", () => {
  it("explains calibration from the product's pages and the profile's state", () => {
    const message = ask("how do I calibrate?").message;
    expect(message).toContain("Your profile isn't calibrated yet.");
    expect(message).toContain("step 3 (Sample Work)");
    expect(message).toContain("step 4 (Calibration Preview)");
    expect(ask("how do I calibrate?", { ...data, profile: { calibrated: true } }).message).toContain("already calibrated");
  });

  it("says where rubrics are uploaded", () => {
    expect(ask("where do I upload a rubric?").message).toContain("step 2 (Assignment Rubric) of the [new-assignment wizard](/assignments/new)");
  });

  it("says plainly that open conversation needs an AI provider, and who can connect one: not the teacher's server settings", () => {
    const answer = ask("write me a poem about grading");
    expect(answer.action).toBeUndefined();
    expect(answer.message).toContain("Open conversation needs an AI provider, and none is connected to this Markwise.");
    expect(answer.message).toContain("Whoever runs it for your school can connect one (the [System](/app/system) page shows what is set up).");
    expect(answer.message).not.toContain("AI_PROVIDER");
  });

  it("lists what it can do on help", () => {
    expect(ask("help").message).toContain("I can answer questions like \u201cWhat needs my review?\u201d");
    expect(ask("help").message).toContain("\u201cWhat's due this week?\u201d");
  });
});
