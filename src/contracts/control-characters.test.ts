import { describe, expect, it } from "vitest";
import { stripControlCharacters } from "./control-characters";

describe("stripControlCharacters", () => {
  it("takes out NUL and other control characters, keeps tabs and line breaks, and turns \\v and \\f into line breaks", () => {
    expect(stripControlCharacters("A\u0000na\tDiaz\r\nB\u000bC\u007f")).toBe("Ana\tDiaz\r\nB\nC");
  });

  it("turns half a surrogate pair into U+FFFD, as the database would store it, and keeps whole pairs", () => {
    expect(stripControlCharacters("\uD800Zed")).toBe("\uFFFDZed");
    expect(stripControlCharacters("Zed\uDC00")).toBe("Zed\uFFFD");
    expect(stripControlCharacters("Ms. Hale \u{1F469}\u200D\u{1F3EB}")).toBe("Ms. Hale \u{1F469}\u200D\u{1F3EB}");
  });
});
