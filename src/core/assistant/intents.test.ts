import { describe, expect, it } from "vitest";
import { recognizeIntent, type AssistantIntent } from "./intents";

const table: [string, AssistantIntent][] = [
  ["What is due this week?", { type: "whatIsDue", when: "week" }],
  ["what's due today", { type: "whatIsDue", when: "today" }],
  ["Anything due tomorrow?", { type: "whatIsDue", when: "tomorrow" }],
  ["What's due next?", { type: "whatIsDue", when: "next" }],
  ["any deadlines coming up this week", { type: "whatIsDue", when: "week" }],
  ["what do I have due", { type: "whatIsDue", when: "week" }],
  ["how many samples does the Civil War essay have", { type: "sampleCount", assignment: "Civil War essay" }],
  ["How many graded samples are there for Civil Rights DBQ?", { type: "sampleCount", assignment: "Civil Rights DBQ" }],
  ["number of samples on the lab report", { type: "sampleCount", assignment: "lab report" }],
  ["how many samples do I have?", { type: "sampleCount", assignment: "" }],
  ["set my strictness to 70", { type: "setStrictness", value: 70 }],
  ["Change strictness to 65%", { type: "setStrictness", value: 65 }],
  ["strictness 55 please", { type: "setStrictness", value: 55 }],
  ["make my strictness eighty", { type: "setStrictness", value: 80 }],
  ["set my strictness to 150", { type: "setStrictness", value: 150 }],
  ["set my tone to gentle", { type: "setTone", value: "gentle" }],
  ["make my feedback more direct", { type: "setTone", value: "direct" }],
  ["switch the tone to neutral", { type: "setTone", value: "neutral" }],
  ["How do I calibrate?", { type: "howToCalibrate" }],
  ["how does calibration work", { type: "howToCalibrate" }],
  ["Where do I upload a rubric?", { type: "whereToUploadRubric" }],
  ["how can I add my rubric", { type: "whereToUploadRubric" }],
  ["open the assignment Civil Rights DBQ", { type: "openAssignment", assignment: "Civil Rights DBQ" }],
  ["Take me to the Civil War essay", { type: "openAssignment", assignment: "Civil War essay" }],
  ["open \u201cPoetry Analysis\u201d", { type: "openAssignment", assignment: "Poetry Analysis" }],
  ["show my assignments", { type: "listAssignments" }],
  ["list all assignments", { type: "listAssignments" }],
  ["help", { type: "help" }],
  ["what can you do?", { type: "help" }],
  ["write me a poem about grading", { type: "unknown" }],
  ["what's my strictness?", { type: "unknown" }],
  ["why did Jamal get a 70?", { type: "unknown" }],
  ["", { type: "unknown" }],
  ["   ", { type: "unknown" }],
];

describe("recognizeIntent", () => {
  it.each(table)("%j is %j", (message, intent) => {
    expect(recognizeIntent(message)).toEqual(intent);
  });

  it("has a table of at least 25 sentences", () => {
    expect(table.length).toBeGreaterThanOrEqual(25);
  });
});
