import { describe, expect, it } from "vitest";
import { nameKey } from "./class-list-name";

describe("a name as a student types it", () => {
  it("leaves case, accents, punctuation and order out", () => {
    expect(nameKey("Martínez, Ava")).toBe(nameKey("ava  martinez"));
    expect(nameKey("Chloé O'Neil")).toBe(nameKey("o neil chloe"));
    expect(nameKey("Ava Martinez")).not.toBe(nameKey("Ava Maria Martinez"));
  });
});
