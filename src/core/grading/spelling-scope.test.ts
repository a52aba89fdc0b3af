import { describe, expect, it } from "vitest";
import { findWords } from "./text.js";
import { isJudgedForSpelling, spellingScopeOf } from "./spelling-scope.js";

const judged = (text: string) => {
  const scope = spellingScopeOf(text);
  return findWords(text).filter((w) => isJudgedForSpelling(scope, w)).map((w) => w.text);
};

describe("which words spelling is judged on", () => {
  it("leaves out names inside a sentence and acronyms, but not a capital that starts a sentence", () => {
    expect(judged("My teacher Mrs. Novak reads Atticus aloud. Teh HVAC is loud.\nWen we left")).toEqual(["My", "teacher", "reads", "aloud", "Teh", "is", "loud", "Wen", "we", "left"]);
    expect(judged("We read J. K. Rowling and Dr. Seuss.")).toEqual(["We", "read", "and"]);
    expect(judged('She said, "Becuase it rains." (Thier house)')).toEqual(["She", "said", "Becuase", "it", "rains", "Thier", "house"]);
  });

  it("leaves out web and e-mail addresses and file names", () => {
    expect(judged("See https://www.dailyherald.com/kids or mail ana@school.org about four_day_week.py and notes.docx today")).toEqual(["See", "or", "mail", "about", "and", "today"]);
  });

  it("judges every word of a text written in capitals", () => {
    expect(judged("I THINK THE FOUR DAY WEEK IS BAD BECUASE WE NEED SCHOOL.")).toHaveLength(12);
  });
});
