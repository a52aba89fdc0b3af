import { describe, expect, it } from "vitest";
import { renderFinding } from "./phrasing.js";

const passage = (text: string) => ({ text, start: 0, end: text.length });

describe("a finding as the student reads it", () => {
  it("quotes the student's words as written, dollar signs included", () => {
    const text = "Child care costs $$$ and the savings are only $& small; see $` and $' too";
    expect(renderFinding({ note: "you back up {q} with a detail", passage: passage(text) }, "").text).toBe(`You back up "${text}" with a detail.`);
  });

  it("ends once after a quotation that closes the student's own quotation", () => {
    const text = 'The report says the cost "falls hardest on families in rural districts."';
    expect(renderFinding({ note: "Next step: explain {q}", passage: passage(text) }, "").text).toBe(`Next step: explain “${text}”`);
  });

  it("keeps a passage that is one quotation in the student's own marks, not wrapped twice", () => {
    const text = '"The greatest obstacle to the successful use of the mooring mast was nature itself."';
    expect(renderFinding({ note: "you back up your answer with a detail from the text: {q}", passage: passage(text) }, "").text).toBe(`You back up your answer with a detail from the text: ${text}`);
  });
});
