import { describe, expect, it } from "vitest";
import { quotesNotInFeedback, sheetRationale } from "./sheet-comments.js";

const feedback = `Your essay on computers is strongest in Organization.

Organization (4/6)
Well done: you use ‘Therefore’ effectively to lead into the point about communication: "Therefore, computers are very important for communication." A next step you could try: start a new paragraph at "For example, toddlers can use programs."

Conventions (2/6)
Spelling slips such as ‘diffrent’ make the writing harder to follow. Next step: correct ‘diffrent’ in "My friend moved to a diffrent town."`;

describe("a criterion's rationale on the student's sheet", () => {
  it("is left out when the feedback already says it, whatever level word, tone frame or evidence comes with it", () => {
    expect(sheetRationale(`Strong (4/6): You use ‘Therefore’ effectively to lead into the point about communication: "Therefore, computers are very important for communication."`, feedback)).toBeNull();
    expect(sheetRationale(`Satisfactory organization (4/6): Next step: start a new paragraph at "For example, toddlers can use programs."`, feedback)).toBeNull();
    expect(sheetRationale(`2/6: Spelling slips such as ‘diffrent’ make the writing harder to follow. See "My friend moved to a diffrent town."`, feedback)).toBeNull();
  });

  it("is kept when it says something the feedback does not, or there is no feedback", () => {
    const own = "Strong (5/6): The reasons build on one another and each has an example.";
    expect(sheetRationale(own, feedback)).toBe(own);
    expect(sheetRationale(own, null)).toBe(own);
    expect(sheetRationale(`Strong (4/6): You use ‘Therefore’ effectively to lead into the point about communication.`, "Teacher's own words: good work.")).not.toBeNull();
    expect(sheetRationale("", feedback)).toBeNull();
  });

  it("lists under a printed criterion only the passages the feedback does not quote", () => {
    expect(quotesNotInFeedback(["Therefore, computers are very important for communication.", "Computers help families talk every day."], feedback)).toEqual(["Computers help families talk every day."]);
  });
});
