import { describe, expect, it } from "vitest";
import { messageParts } from "./message-parts";

describe("an answer as the chat shows it", () => {
  it("makes links to Markwise's own pages", () => {
    expect(messageParts("3 waiting \u2014 [Review](/assignments/a1/review)")).toEqual([
      { type: "text", text: "3 waiting \u2014 " },
      { type: "link", label: "Review", to: "/assignments/a1/review" },
    ]);
  });

  it("never links off-site: the address is shown as text", () => {
    expect(messageParts("see [this](https://evil.example/x) or [that](//evil.example)")).toEqual([{ type: "text", text: "see this (https://evil.example/x) or that (//evil.example)" }]);
  });

  it("keeps bold and turns other Markdown into plain text", () => {
    expect(messageParts("## Results\n- **Maya** scored *16*\n* `done`")).toEqual([
      { type: "text", text: "Results\n\u2022 " },
      { type: "strong", text: "Maya" },
      { type: "text", text: " scored 16\n\u2022 done" },
    ]);
  });

  it("shows a backslash-escaped character as itself: a student's name is never a link, bold or a list", () => {
    expect(messageParts("Not submitted: \\[Open\\]\\(/settings\\) and \\*\\*Max\\*\\*.\n\\- Ana")).toEqual([
      { type: "text", text: "Not submitted: [Open](/settings) and **Max**.\n- Ana" },
    ]);
    expect(messageParts("[\\*\\*Max\\*\\* x](/assignments/a1) 6 of 20")).toEqual([
      { type: "link", label: "**Max** x", to: "/assignments/a1" },
      { type: "text", text: " 6 of 20" },
    ]);
    // A private-use character in the text is never taken for an escaped one.
    expect(messageParts("a\uE004b")).toEqual([{ type: "text", text: "ab" }]);
  });

  it("leaves plain text alone, asterisks in arithmetic included", () => {
    expect(messageParts("2 * 3 = 6, and 5 * 4")).toEqual([{ type: "text", text: "2 * 3 = 6, and 5 * 4" }]);
  });
});
