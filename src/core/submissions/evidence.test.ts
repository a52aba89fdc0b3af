import { describe, expect, it } from "vitest";
import { evidenceSegments, locateQuote } from "./evidence.js";

const text = "Uniforms save money. They also help focus.\nCritics disagree.";

describe("locateQuote", () => {
  it("finds a verbatim passage", () => {
    expect(locateQuote(text, "They also help focus.")).toEqual({ start: 21, end: 42 });
  });

  it("finds a passage quoted across a line break or with another capital", () => {
    const found = locateQuote(text, "help focus. critics");
    expect(found && text.slice(found.start, found.end)).toBe("help focus.\nCritics");
  });

  it("returns null for a passage that is not in the text", () => {
    expect(locateQuote(text, "School should start later.")).toBeNull();
  });
});

describe("evidenceSegments", () => {
  it("keeps the whole text, in order, when cut into runs", () => {
    const { segments } = evidenceSegments(text, [["save money"], ["Critics disagree."]]);
    expect(segments.map((segment) => segment.text).join("")).toBe(text);
  });

  it("marks a passage quoted by two criteria as evidence for both", () => {
    const { segments } = evidenceSegments(text, [["Uniforms save money."], ["save money. They"]]);
    expect(segments.filter((segment) => segment.criteria.length).map((segment) => [segment.text, segment.criteria])).toEqual([
      ["Uniforms ", [0]],
      ["save money.", [0, 1]],
      [" They", [1]],
    ]);
  });

  it("reports quotes it cannot find instead of dropping them silently", () => {
    expect(evidenceSegments(text, [[], ["Not in the essay"]]).missing).toEqual([{ criterion: 1, quote: "Not in the essay" }]);
  });
});
